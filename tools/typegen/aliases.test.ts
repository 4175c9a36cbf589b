// Every types package (one per entry of specs/interfaces.json) gives each schema of its bundle its
// short name and re-exports the generated roots: one table-driven suite instead of a copy per package.
import { describe, expect, it } from 'vitest';
import { expectedAliases, exportedAliases } from './aliases.mjs';
import { interfaceIds } from './build-types.mjs';

describe.each(interfaceIds())('packages/%s-types/src/index.d.ts', (id) => {
  const { aliases, reexports } = exportedAliases(id);

  it.each(expectedAliases(id))(`gives the schema of specs/dist/${id}.json its short name: $name = $type`, ({ name, type }) => {
    expect(aliases.get(name)).toBe(type);
  });

  it('re-exports the generated roots, and what a fetch wrapper without openapi-fetch needs', () => {
    expect(reexports).toEqual([
      ...['components', 'operations', 'paths', 'webhooks'],
      ...['$Read', '$Write', 'MethodOf', 'Readable', 'RequestBody', 'ResponseBody', 'StatusOf', 'Writable'],
    ]);
  });
});
