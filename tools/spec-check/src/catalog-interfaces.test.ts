// The catalogue is written by hand from the spec document (the audits hold it against the
// document); here it is held against the one list of interfaces, specs/interfaces.json, so a new
// entry there names the catalogue file it still needs.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { catalogDir, catalogIds, loadApiCatalog, loadCatalog } from './catalog.js';
import { interfaceList } from './testing/fixtures.js';

const catalog = loadCatalog();

it.each(interfaceList)('catalog/$id.yaml is interface $letter at $basePath', ({ id, letter, basePath }) => {
  const api = catalog.get(id);
  expect(api, `tools/spec-check/catalog/${id}.yaml is missing`).toBeDefined();
  expect({ label: api?.label, basePath: api?.basePath }).toEqual({ label: letter, basePath });
});

it('has no catalogue file for an interface the list does not have', () => {
  expect([...catalog.keys()].sort()).toEqual(interfaceList.map((api) => api.id).sort());
});

it('names each catalogue file after its api, which the CLI reads from the file names alone', () => {
  expect(catalogIds()).toEqual([...catalog.keys()]);
  const scratch = mkdtempSync(join(tmpdir(), 'catalog-'));
  try {
    copyFileSync(join(catalogDir, 'sms-v2.yaml'), join(scratch, 'sms.yaml'));
    expect(() => loadCatalog(scratch)).toThrow('sms.yaml: api "sms-v2" does not match the file name; name the file <api>.yaml');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

it("reads one interface's file on its own, holding it to its name as well", () => {
  const scratch = mkdtempSync(join(tmpdir(), 'catalog-'));
  try {
    copyFileSync(join(catalogDir, 'sms-v2.yaml'), join(scratch, 'sms-v2.yaml'));
    copyFileSync(join(catalogDir, 'sms-v2.yaml'), join(scratch, 'im-v1.yaml'));
    // The other file is wrong, and only loading it (or the whole catalogue) says so.
    expect(loadApiCatalog('sms-v2', scratch)).toEqual(catalog.get('sms-v2'));
    expect(() => loadApiCatalog('im-v1', scratch)).toThrow('im-v1.yaml: api "sms-v2" does not match the file name; name the file <api>.yaml');
    expect(() => loadCatalog(scratch)).toThrow('im-v1.yaml: api "sms-v2" does not match the file name');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
