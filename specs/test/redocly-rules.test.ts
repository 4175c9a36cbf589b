// The configurable rules of redocly.yaml (`rule/...`, the conventions of specs/README.md) hold on
// the four specs, and each one fails a copy of a spec that breaks it. Each case lints a temporary
// copy of one spec folder with only those rules, read from the real redocly.yaml.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { apiIds, type Json, specsDir } from './bundles.ts';

const redocly = join(specsDir, 'node_modules', '.bin', 'redocly');
const configured: Record<string, Json> = parse(readFileSync(join(specsDir, 'redocly.yaml'), 'utf8')).rules;
const ownRules = Object.fromEntries(Object.entries(configured).filter(([name]) => name.startsWith('rule/')));

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Problem {
  ruleId: string;
  location: Array<{ source: { ref: string }; pointer: string }>;
}

/** A copy of the given spec folders, mutated, with a redocly.yaml holding only our own rules. */
function copyOf(apis: string[], mutate: (dir: string) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'redocly-rules-'));
  copies.push(dir);
  for (const api of apis) cpSync(join(specsDir, api), join(dir, api), { recursive: true });
  const config = { apis: Object.fromEntries(apis.map((api) => [api, { root: `./${api}/openapi.yaml` }])), rules: ownRules };
  writeFileSync(join(dir, 'redocly.yaml'), stringify(config));
  mutate(dir);
  return dir;
}

function lint(cwd: string): Problem[] {
  const run = spawnSync(redocly, ['lint', '--format', 'json'], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  if (run.error) throw run.error;
  // With several APIs Redocly prints one JSON object per API, back to back.
  const reports = run.stdout.trim().replace(/\}\s*\{(?=\s*"totals")/g, '}\u0000{').split('\u0000');
  return reports.flatMap((report) => JSON.parse(report).problems as Problem[]);
}

function edit(file: string, change: (document: Json) => void): void {
  const document = parse(readFileSync(file, 'utf8'));
  change(document);
  writeFileSync(file, stringify(document));
}

const where = (p: Problem) => `${p.ruleId} ${p.location[0]?.source.ref.replace(/^.*?redocly-rules-[^/]+\//, '')}${p.location[0]?.pointer}`;

describe("redocly.yaml's own rules", () => {
  it('are configured', () => {
    expect(Object.keys(ownRules)).toEqual(expect.arrayContaining(['rule/schema-property-described', 'rule/schema-with-properties-is-object']));
  });

  it('find nothing in the four specs', { timeout: 60_000 }, () => {
    expect(lint(copyOf(apiIds)).map(where)).toEqual([]);
  });

  it('name a property that has lost its description, in its schema file', { timeout: 60_000 }, () => {
    const dir = copyOf(['gateway-v1'], (d) =>
      edit(join(d, 'gateway-v1/components/schemas/Message.yaml'), (schema) => delete schema.properties.mask.description),
    );
    expect(lint(dir).map(where)).toEqual(['rule/schema-property-described gateway-v1/components/schemas/Message.yaml#/properties/mask/description']);
  });

  it('name a schema with properties that is not an object', { timeout: 60_000 }, () => {
    const dir = copyOf(['gateway-v1'], (d) => edit(join(d, 'gateway-v1/components/schemas/Message.yaml'), (schema) => (schema.type = 'array')));
    expect(lint(dir).map(where)).toEqual(['rule/schema-with-properties-is-object gateway-v1/components/schemas/Message.yaml#/type']);
  });
});
