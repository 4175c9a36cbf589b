// The catalogue is written by hand from the spec document (the audits hold it against the
// document); here it is held against the one list of interfaces, specs/interfaces.json, so a new
// entry there names the catalogue file it still needs.
import { expect, it } from 'vitest';
import { loadCatalog } from './catalog.js';
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
