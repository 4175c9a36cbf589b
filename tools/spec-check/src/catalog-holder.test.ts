// Which catalogue entry holds a field's value: the field's own entry, or, through `is:`, the entry
// of the schema it names (C's StatusCallback.status is `is: MessageStatus`; the states are in the
// `schema: MessageStatus` entry). The audit's failures name that entry, the one to edit.
import { describe, expect, it } from 'vitest';
import { type ApiCatalog, type Entry, holderOf, loadApiCatalog, parseApiCatalog } from './catalog.js';

const miniature = parseApiCatalog(`
api: im-v1
label: C
basePath: /rest/im/v1
schemas:
  Callback: { section: "2.3", component: Callback }
  State: { section: "2.3", component: State, at: [{ schema: Callback, property: state }] }
  Alias: { section: "2.3", component: Alias, at: [{ schema: Callback, property: alias }] }
entries:
  - section: "2.3"
    schema: Callback
    fields:
      state: { is: State }
      alias: { is: Alias }
      note: { type: string, maxLength: 10 }
  - section: "2.3"
    schema: State
    rule: "State: one of a, b"
    expect: { type: string, enum: [a, b] }
  - section: "2.3"
    schema: Alias
    rule: "Alias is State"
    expect: { is: State }
`);

const field = (api: ApiCatalog, schema: string, property: string) =>
  api.entries.find((e): e is Extract<Entry, { kind: 'property' }> => e.kind === 'property' && e.check.schema === schema && e.check.property === property)!;

describe('holderOf', () => {
  it.each([
    ['a value the field states itself: its own entry', 'note', 'maxLength', 'im-v1 2.3 Callback.note'],
    ['a value of the schema the field names: that entry', 'state', 'enum', 'im-v1 2.3 State'],
    ['through two names', 'alias', 'enum', 'im-v1 2.3 State'],
    ['a value no entry states: the field\'s own', 'state', 'pattern', 'im-v1 2.3 Callback.state'],
  ] as const)('%s', (_title, property, keyword, want) => {
    expect(holderOf(miniature, field(miniature, 'Callback', property), keyword).id).toBe(want);
  });

  it("C's StatusCallback.status: the MessageStatus entry holds the states", () => {
    const api = loadApiCatalog('im-v1');
    expect(holderOf(api, field(api, 'StatusCallback', 'status'), 'enum').id).toBe('im-v1 2.3 MessageStatus');
  });
});
