import { describe, expect, it } from 'vitest';
import { expectedAliases, exportedAliases } from '@messaging-contracts/typegen/aliases';

const { aliases, reexports } = exportedAliases('campaign-manager-v1');

describe('every schema of specs/dist/campaign-manager-v1.json has its short name', () => {
  it.each(expectedAliases('campaign-manager-v1'))('$name = $type', ({ name, type }) => {
    expect(aliases.get(name)).toBe(type);
  });
});

it('re-exports the generated roots', () => {
  expect(reexports).toEqual(['components', 'operations', 'paths', 'webhooks']);
});
