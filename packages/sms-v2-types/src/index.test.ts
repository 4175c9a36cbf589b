import { describe, expect, it } from 'vitest';
import { expectedAliases, exportedAliases } from '@messaging-contracts/typegen/aliases';

const { aliases, reexports } = exportedAliases('sms-v2');

describe('every schema of specs/dist/sms-v2.json has its short name', () => {
  it.each(expectedAliases('sms-v2'))('$name = $type', ({ name, type }) => {
    expect(aliases.get(name)).toBe(type);
  });
});

it('re-exports the generated roots', () => {
  expect(reexports).toEqual(['components', 'operations', 'paths', 'webhooks']);
});
