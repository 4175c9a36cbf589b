// Section 3, read as data: where it says "A new message is reported with `<state>` in the <code>
// reply" (B: `accepted`, 202), every response of that code in the interface's bundle accepts a body
// with that state and refuses one with any other state of the same bullet, whatever the schema's
// layout (a `$ref` with an `allOf` member, a `const`, an `enum`).
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { apiIds, jsonResponses, loadBundle } from './bundles.ts';
import { interfaceTable, newMessageStates, readSpecDocument, stateLists } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();

const said = newMessageStates(markdown).map((state) => ({
  ...state,
  states: stateLists(markdown).find((list) => list.label === state.label)?.states ?? [],
  basePath: interfaceTable(markdown).find((row) => row.label === state.label)!.basePath,
}));

describe('the spec document', () => {
  it('says in section 3 that a new message of B is reported with `accepted` in the 202 reply', () => {
    expect(said.map(({ label, status, reply }) => ({ label, status, reply }))).toEqual([{ label: 'B', status: 'accepted', reply: '202' }]);
    expect(said[0]!.states).toHaveLength(12);
  });
});

describe.each(said)('interface $label: a new message is reported with `$status` in the $reply reply', ({ status, reply, states, basePath }) => {
  const id = apiIds.find((apiId) => loadBundle(apiId).servers?.[0]?.url?.endsWith(basePath))!;
  const bundle = loadBundle(id);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  ajvFormats.default(ajv);
  ajv.addSchema(bundle, 'bundle.json');
  const places = jsonResponses(bundle, reply);

  it('has a reply of that code', () => {
    expect(places.length).toBeGreaterThan(0);
  });

  it.each(places.map((place) => [place.name, place] as const))('%s: the status is the new message\'s only', (_name, { schema }) => {
    expect(schema, 'a JSON body').toBeDefined();
    const validate = ajv.compile(schema!);
    expect(validate({ status }), JSON.stringify(validate.errors)).toBe(true);
    for (const other of states.filter((state) => state !== status)) {
      expect(validate({ status: other }), `status ${other} in the ${reply} reply`).toBe(false);
    }
  });
});
