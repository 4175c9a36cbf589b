// A set of values several schemas share lives in one component schema (specs/README.md, "Shared
// values inside one interface": B's and C's MessageStatus, C's Channel), and prose names that
// schema instead of copying its values: a copy no gate reads goes stale when the set changes (C's
// overview still listed its old states after a revision of the document, and the fix, 573d26b, left
// the same copy of the channels in POST /message's description). Copying is told by three or more
// of the set's values in one description or summary, as words.
import { describe, expect, it } from 'vitest';
import { apiIds, type Json, loadBundle } from './bundles.ts';

/** The component schemas that are a closed set of strings: the shared values of the interface. */
const sharedSets = (document: Json) =>
  Object.entries<Json>(document.components?.schemas ?? {})
    .filter(([, schema]) => Array.isArray(schema.enum) && schema.enum.every((value: unknown) => typeof value === 'string'))
    .map(([name, schema]) => ({ name, values: schema.enum as string[] }));

/** Every `description` and `summary` text of the document, with its JSON pointer. */
function texts(node: Json, pointer = ''): Array<{ pointer: string; text: string }> {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries<Json>(node).flatMap(([key, value]) =>
    (key === 'description' || key === 'summary') && typeof value === 'string'
      ? [{ pointer: `${pointer}/${key}`, text: value }]
      : texts(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

const named = (text: string, value: string) => new RegExp(`(?<![\\w-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);

const cases = apiIds.flatMap((id) => {
  const document = loadBundle(id);
  return sharedSets(document)
    .filter((set) => set.values.length >= 3)
    .map((set) => [`${id} ${set.name}`, { document, ...set }] as const);
});

describe('shared sets of values', () => {
  it('exist (B\'s and C\'s MessageStatus, C\'s Channel), so the test below reads something', () => {
    expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(['sms-v2 MessageStatus', 'im-v1 MessageStatus', 'im-v1 Channel']));
  });

  it.each(cases)('%s: no description or summary copies its values, it names the schema', (_title, { document, name, values }) => {
    const own = `/components/schemas/${name}/description`;
    const copies = texts(document)
      .filter(({ pointer }) => pointer !== own)
      .map(({ pointer, text }) => ({ pointer, listed: values.filter((value) => named(text, value)) }))
      .filter(({ listed }) => listed.length >= 3);
    expect(copies, `name the ${name} schema instead of listing its values`).toEqual([]);
  });
});

describe('the copy detector', () => {
  it('finds a list of values, and not a word that merely contains one', () => {
    expect(['wab', 'sms', 'mms'].filter((value) => named('the channels wab, sms and mms', value))).toEqual(['wab', 'sms', 'mms']);
    expect(named('sms-v2 and smses', 'sms')).toBe(false);
  });
});
