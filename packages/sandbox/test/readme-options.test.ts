// The README's tables name every CLI flag and every key of the grouped options, so a flag or key
// added to the code cannot be missing from what an integrator reads.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLBACK_DEFAULTS } from '../src/callbacks.js';
import { CLI_OPTIONS, USAGE } from '../src/cli-args.js';
import { MEMORY_DEFAULTS } from '../src/sandbox.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The table that starts with this header row, up to the first line that is not a table row. */
function table(header: string): string {
  const start = readme.indexOf(header);
  expect(start, header).toBeGreaterThan(-1);
  const rows = readme.slice(start).split('\n');
  return rows.slice(0, rows.findIndex((row) => !row.startsWith('|'))).join('\n');
}
/** The row of the options table for `option`. */
const optionRow = (option: string) => table('| option | default |').split('\n').find((row) => row.startsWith(`| \`${option}\``)) ?? '';

describe('README', () => {
  it('lists every CLI flag in the flag table and in --help', () => {
    const flags = table('| flag | default |');
    for (const name of Object.keys(CLI_OPTIONS).filter((name) => name !== 'help')) {
      expect(flags, `--${name}`).toContain(`\`--${name}`);
      expect(USAGE, `--${name}`).toContain(`--${name}`);
    }
  });

  it('has a row for every option of startSandbox (SandboxOptions)', () => {
    const source = readFileSync(new URL('../src/sandbox.ts', import.meta.url), 'utf8');
    const block = source.slice(source.indexOf('export interface SandboxOptions {'));
    const options = [...block.slice(0, block.indexOf('\n}')).matchAll(/^ {2}(\w+)\?:/gm)].map((match) => match[1]!);
    expect(options).toContain('warn');
    for (const option of options) expect(optionRow(option), option).not.toBe('');
  });

  it("names every key of callbackDelivery and memory in the options table's rows", () => {
    for (const key of Object.keys(CALLBACK_DEFAULTS)) expect(optionRow('callbackDelivery'), key).toMatch(new RegExp(`\\b${key}\\b`));
    for (const key of Object.keys(MEMORY_DEFAULTS)) expect(optionRow('memory'), key).toMatch(new RegExp(`\\b${key}\\b`));
  });
});
