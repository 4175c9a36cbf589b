// The sandbox serves every interface of the one list (@messaging-contracts/openapi/interfaces.json),
// at the base path the list gives it.
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { basePath } from '../src/contract.js';
import { API_IDS } from '../src/index.js';

const list = (createRequire(import.meta.url)('@messaging-contracts/openapi/interfaces.json') as { interfaces: { id: string; basePath: string }[] }).interfaces;

it('API_IDS is the list of interfaces, in its order', () => {
  expect([...API_IDS]).toEqual(list.map((api) => api.id));
});

it.each(list)('$id is served under $basePath', ({ id, basePath: listed }) => {
  expect(basePath(id as (typeof API_IDS)[number])).toBe(listed);
});
