// The CLI as a real process against hostile input (issue 12, items 15 and 16): `$ref`s are followed
// only to regular files inside the document's folder, within a size limit, and unusable input is
// exit 2 with one line, never a hang, an out-of-memory crash or a stack trace.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { maxFileBytes } from './limits.js';
import { loadBundle, packageDir } from './testing/fixtures.js';
import { spawnCli, stackFrame } from '@messaging-contracts/test-kit/spawn-cli';

const cli = join(packageDir, 'dist', 'cli.js');
const root = mkdtempSync(join(tmpdir(), 'spec-check-hostile-'));
const tree = join(root, 'tree');
mkdirSync(tree);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Outside the tree: a file whose lines must never be printed.
writeFileSync(join(root, 'secret.yaml'), 'a: 1\nb: OUTSIDE-SECRET\n  c: [\n');
// Inside the tree: a broken YAML file, whose error frame would quote its lines.
writeFileSync(join(tree, 'broken.yaml'), 'a: 1\nb: INSIDE-LINE\n  c: [\n');
writeFileSync(join(tree, 'fine.yaml'), 'type: string\n');
execFileSync('mkfifo', [join(tree, 'fifo.yaml')]);
symlinkSync(join(root, 'secret.yaml'), join(tree, 'link.yaml'));
// A sparse file just over the limit: no disk used, but too large to read.
writeFileSync(join(tree, 'big.yaml'), '');
truncateSync(join(tree, 'big.yaml'), maxFileBytes + 1);

/** B's bundle with SingleMessage.content replaced by `$ref: ref`, written into the tree. */
function withContentRef(name: string, ref: string): string {
  const document = loadBundle('sms-v2');
  document.components.schemas.SingleMessage.properties.content = { $ref: ref };
  const file = join(tree, `${name}.json`);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

describe('$ref confinement', () => {
  const cases: [string, { ref: string; found: RegExp }][] = [
    ['/dev/zero (would exhaust memory)', { ref: '/dev/zero', found: /outside the document's folder/ }],
    ['/dev/stdin (would block)', { ref: '/dev/stdin', found: /outside the document's folder/ }],
    ['a FIFO inside the tree (would hang)', { ref: 'fifo.yaml', found: /not a regular file/ }],
    ['a file outside the tree', { ref: '../secret.yaml#/b', found: /outside the document's folder/ }],
    ['a symlink inside the tree to a file outside', { ref: 'link.yaml#/b', found: /outside the document's folder/ }],
    ['a file over the size limit', { ref: 'big.yaml', found: new RegExp(`larger than ${maxFileBytes} bytes`) }],
    ['a broken YAML file inside the tree (no error frame)', { ref: 'broken.yaml#/a', found: /cannot parse: / }],
  ];
  it.each(cases)('%s is refused, named, and never read', async (title, { ref, found }) => {
    const run = await spawnCli(cli, ['--api', 'sms-v2', withContentRef(title.replace(/\W+/g, '-'), ref)]);
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(new RegExp(`found: cannot resolve \\$ref ${ref.replace(/[.$/#]/g, '\\$&')}: ${found.source}`));
    expect(`${run.out}${run.err}`).not.toMatch(/OUTSIDE-SECRET|INSIDE-LINE/);
    expect(run.err).not.toMatch(stackFrame);
  });

  it('still follows a relative $ref to a regular file inside the tree', async () => {
    const run = await spawnCli(cli, ['--api', 'sms-v2', withContentRef('fine', 'fine.yaml')]);
    expect({ code: run.code, err: run.err }).toEqual({ code: 0, err: '' });
  });
});

describe('unusable input: exit 2, one line, no stack trace', () => {
  const nested = (levels: number) => `${'{"allOf":['.repeat(levels)}{"type":"string"}${']}'.repeat(levels)}`;
  const bundleText = (edit: (document: ReturnType<typeof loadBundle>) => void) => {
    const document = loadBundle('sms-v2');
    edit(document);
    return JSON.stringify(document);
  };
  const chain = (length: number) =>
    bundleText((d) => {
      for (let i = 0; i < length; i++) d.components.schemas[`Link${i}`] = { allOf: [{ $ref: `#/components/schemas/Link${i + 1}` }] };
      d.components.schemas[`Link${length}`] = { type: 'string' };
      d.components.schemas.SingleMessage.properties.content = { $ref: '#/components/schemas/Link0' };
    });
  const cases: [string, { text: string; err: RegExp }][] = [
    ['a server without url (servers: [{}])', { text: bundleText((d) => (d.servers = [{}])), err: /servers\[0\] has no "url" string/ }],
    ['servers that are not an array', { text: bundleText((d) => (d.servers = 'x')), err: /"servers" is not an array/ }],
    ['paths that are not an object', { text: bundleText((d) => (d.paths = [])), err: /"paths" is not an object/ }],
    [
      '3 000 nested allOf',
      { text: bundleText((d) => (d.components.schemas.SingleMessage.properties.content = { $ref: '#/x' })).replace('"$ref":"#/x"', `"allOf":[${nested(3000)}]`), err: /nested deeper than 256 levels/ },
    ],
    ['a chain of 3 000 $ref/allOf steps', { text: chain(3000), err: /nested deeper than 256 \$ref\/allOf levels/ }],
  ];
  it.each(cases)('%s', async (title, { text, err }) => {
    const file = join(root, `${title.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, text);
    const run = await spawnCli(cli, ['--api', 'sms-v2', file]);
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(2);
    expect(run.err.trimEnd().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(/^spec-check: /);
    expect(run.err).toMatch(err);
    expect(run.err).not.toMatch(stackFrame);
  });
});

it("prints no YAML parser warning, whose frame would quote the file's lines", async () => {
  const file = join(root, 'directive.yaml');
  writeFileSync(file, '%\nINSIDE-LINE: [\n');
  const run = await spawnCli(cli, ['--api', 'sms-v2', file]);
  expect(run.code).toBe(2);
  expect(run.err.trimEnd().split('\n')).toHaveLength(1);
  expect(`${run.out}${run.err}`).not.toMatch(/INSIDE-LINE|Warning/);
});
