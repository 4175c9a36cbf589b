// specs/interfaces.json is the one list of the interfaces. These tests hold everything that is
// per interface against it, so adding an entry names each part still missing; the generated parts
// (README tables, this package's exports, the changeset groups) must be what the generator makes.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clientPackage, outOfStep, readInterfaces, repoRoot, typesPackage } from '../scripts/interfaces.mjs';
import { apiIds, loadBundle } from './bundles.ts';

const apis = readInterfaces();

describe('specs/interfaces.json', () => {
  it('lists each interface once, with a distinct letter and base path', () => {
    for (const key of ['id', 'letter', 'basePath'] as const) expect(new Set(apis.map((a) => a[key])).size).toBe(apis.length);
  });

  it('is the list the bundles are loaded from, and the APIs redocly.yaml lints and bundles', () => {
    expect(apiIds).toEqual(apis.map((a) => a.id));
    expect(Object.keys(parse(readFileSync(join(repoRoot, 'specs', 'redocly.yaml'), 'utf8')).apis)).toEqual(apis.map((a) => a.id));
  });

  describe.each(apis)('$letter $id', (api) => {
    const bundle = loadBundle(api.id);
    it("bundle's server URL is {base_url} and the base path", () => expect(bundle.servers[0].url).toBe(`{base_url}${api.basePath}`));
    it("bundle's title is the interface's name and its description names the letter", () => {
      expect(bundle.info.title.toLowerCase()).toBe(api.name.toLowerCase());
      expect(bundle.info.description).toMatch(new RegExp(`^Interface ${api.letter} of the messaging service`));
    });
    it.each([
      [`packages/${api.id}-types/package.json`, typesPackage(api.id)],
      [`packages/${api.id}-client/package.json`, clientPackage(api.id)],
    ])('has its package %s (%s)', (file, name) => {
      expect(existsSync(join(repoRoot, file)), `${file} is missing`).toBe(true);
      expect(JSON.parse(readFileSync(join(repoRoot, file), 'utf8')).name).toBe(name);
    });
    it.each([`tools/spec-check/catalog/${api.id}.yaml`, `packages/validators/src/generated/${api.id}.ts`, `packages/validators/src/${api.id}.ts`])('has %s', (file) => {
      expect(existsSync(join(repoRoot, file)), `${file} is missing`).toBe(true);
    });
  });
});

describe('what is generated from the list (pnpm interfaces)', () => {
  it('README tables, package exports and changeset groups are in step', () => {
    expect(outOfStep(), 'run pnpm interfaces').toEqual([]);
  });

  // The check made to fail: a copy of the generated files, each edited by hand.
  const copy = mkdtempSync(join(tmpdir(), 'interfaces-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  for (const part of ['README.md', 'specs/README.md', 'specs/package.json', 'specs/interfaces.json', '.changeset/config.json', ...apis.map((a) => `specs/${a.id}/openapi.yaml`)]) {
    cpSync(join(repoRoot, part), join(copy, part), { recursive: true });
  }
  const edit = (file: string, change: (text: string) => string) => {
    const before = readFileSync(join(copy, file), 'utf8');
    writeFileSync(join(copy, file), change(before));
    return () => writeFileSync(join(copy, file), before);
  };

  it.each([
    ['a row of the root README table edited by hand', 'README.md', (t: string) => t.replace('| /rest/sms/v2 |', '| /rest/sms/v3 |'), ['README.md']],
    ['a row of the specs README table removed', 'specs/README.md', (t: string) => t.replace(/^\| `im-v1`.*\n/m, ''), ['specs/README.md']],
    ['an export of a bundle removed', 'specs/package.json', (t: string) => t.replace(/^ *"\.\/im-v1\.yaml".*\n/m, ''), ['specs/package.json']],
    ['a changeset group removed', '.changeset/config.json', (t: string) => JSON.stringify({ ...JSON.parse(t), linked: [] }), ['.changeset/config.json']],
    [
      'a fifth interface added to the list only',
      'specs/interfaces.json',
      (t: string) => {
        const list = JSON.parse(t);
        list.interfaces.push({ ...list.interfaces[0], id: 'gateway-v2', letter: 'E', basePath: '/rest/gateway/v2' });
        cpSync(join(copy, 'specs/gateway-v1'), join(copy, 'specs/gateway-v2'), { recursive: true });
        return JSON.stringify(list);
      },
      ['README.md', 'specs/README.md', 'specs/package.json', '.changeset/config.json'],
    ],
  ])('%s is named', (_title, file, change, want) => {
    expect(outOfStep(copy)).toEqual([]);
    const restore = edit(file, change);
    try {
      expect(outOfStep(copy)).toEqual(want);
    } finally {
      restore();
    }
  });
});
