// CONTRIBUTING.md, performed: on a temporary clone of the committed repository, add an optional
// field to B's SingleMessage and an endpoint to D, one CONTRIBUTING step at a time, and check that
// each gate reacts as CONTRIBUTING says (names the file to edit, the operation to add, the
// packages that need a changeset) and that every gate passes once every step is done.
//
// Run by `pnpm walkthrough` (and by .ci/run), not by `pnpm test`: it builds several times and
// takes minutes. The tests of one file run in order; each step builds on the one before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS, type Clone, type Run, createClone } from '../registry/src/clone.js';

let clone: Clone;
const pnpm = (...args: string[]) => clone.pnpm(...args);
const read = (file: string) => clone.read(file);
const write = (file: string, text: string) => clone.write(file, text);
const edit = (file: string, before: string, after: string) => clone.edit(file, before, after);
const commit = (message: string) => clone.commit(message);
const git = (...args: string[]) => clone.git(...args);

/** The one changeset `pnpm spec-diff --write-changeset` wrote and nothing committed yet. */
function writtenChangeset(): string {
  const files = git('status', '--porcelain', '--untracked-files=all', '.changeset').split('\n').filter((line) => line.startsWith('?? '));
  expect(files).toHaveLength(1);
  return read(files[0]!.slice(3));
}

/** A gate run that must fail, with every fragment in its output. */
function expectFails(result: Run, ...fragments: string[]) {
  expect(result.code, result.output).not.toBe(0);
  for (const fragment of fragments) expect(result.output, `output should name ${fragment}`).toContain(fragment);
}
function expectPasses(result: Run) {
  expect(result.code, result.output).toBe(0);
}

// The inner-loop commands CONTRIBUTING.md gives.
/** The spec lint of the interface a step changes (CONTRIBUTING: `lint <id>`). */
const lintSpecs = (id: string) => pnpm('--filter', '@messaging-contracts/openapi', 'lint', id);
const wireSuiteOfD = () => pnpm('exec', 'vitest', 'run', '--project', 'campaign-manager-v1-client', 'src/wire.test.ts');

beforeAll(() => {
  clone = createClone('contract-walkthrough-');
}, COMMAND_TIMEOUT_MS + 60_000);

afterAll(() => {
  clone?.remove();
});

const singleMessage = 'specs/sms-v2/components/schemas/SingleMessage.yaml';
const smsCatalogue = 'tools/spec-check/catalog/sms-v2.yaml';

describe('CONTRIBUTING "Add a field to a schema": an optional field in B\'s SingleMessage', () => {
  it('step 2 before step 4: a field the catalogue does not list -> the spec lint names the schema file and the field', () => {
    edit(singleMessage, 'properties:\n', 'properties:\n  walkthrough_note:\n    type: string\n');
    expectFails(lintSpecs('sms-v2'), 'sms-v2/components/schemas/SingleMessage.yaml', 'spec-check/schemas', 'walkthrough_note');
  });

  it('step 4 without step 2\'s description -> the spec lint names the schema file', () => {
    edit(smsCatalogue, '      integration_id: { type: string, format: uuid }\n', '      integration_id: { type: string, format: uuid }\n      walkthrough_note: { type: string }\n');
    expectFails(lintSpecs('sms-v2'), 'sms-v2/components/schemas/SingleMessage.yaml', 'schema-property-described');
  });

  it('steps 2 and 4 done -> the spec lint passes (step 5)', () => {
    edit(singleMessage, '  walkthrough_note:\n    type: string\n', '  walkthrough_note:\n    type: string\n    description: A note added by the contract walkthrough.\n');
    expectPasses(lintSpecs('sms-v2'));
  });

  it('step 3: the example shows it -> pnpm spec-check bundles and passes (step 5)', () => {
    // The request body's example (its named example `illustrative`, the only value at this indentation).
    edit('specs/sms-v2/paths/messages.yaml', "            value:\n              destination: '+447700900123'\n", "            value:\n              destination: '+447700900123'\n              walkthrough_note: Leave at the door\n");
    expectPasses(pnpm('spec-check'));
    expect(JSON.parse(read('specs/dist/sms-v2.json')).components.schemas.SingleMessage.properties.walkthrough_note.type).toBe('string');
  });

  it('step 6: committed without regenerating -> pnpm check-generated names each stale generated file', () => {
    commit('walkthrough: the field, without the generated files');
    expectFails(pnpm('check-generated'), 'packages/sms-v2-types/src/generated/schema.d.ts', 'packages/validators/src/generated/sms-v2.ts');
    expect(read('packages/sms-v2-types/src/generated/schema.d.ts')).toContain('walkthrough_note?: string');
  });

  it('step 6: the regenerated files committed -> pnpm check-generated passes', () => {
    commit('walkthrough: the regenerated files');
    expectPasses(pnpm('check-generated'));
  });

  it('step 8: no changeset -> pnpm spec-diff names the change and every package that needs one', () => {
    expectFails(
      pnpm('spec-diff'),
      'walkthrough_note',
      ...['openapi', 'sms-v2-types', 'sms-v2-client', 'webhooks', 'validators', 'sandbox'].map((name) => `changeset for @messaging-contracts/${name} `),
    );
  });

  it('step 8: pnpm spec-diff --write-changeset writes a minor changeset for each package it named -> pnpm spec-diff passes', () => {
    const packages = ['openapi', 'sms-v2-types', 'sms-v2-client', 'webhooks', 'validators', 'sandbox'];
    expectPasses(pnpm('spec-diff', '--write-changeset'));
    const written = writtenChangeset();
    for (const name of packages) expect(written).toContain(`"@messaging-contracts/${name}": minor\n`);
    expect(written).toContain('walkthrough_note');
    expectPasses(pnpm('spec-diff'));
    commit('walkthrough: the field, with its changeset');
  });
});

const catalogueOfD = 'tools/spec-check/catalog/campaign-manager-v1.yaml';
const reportPath = '/rest/campaign_manager/v1/{application_name}/{campaign_id}/report';

describe('CONTRIBUTING "Add an endpoint": GET /{application_name}/walkthrough in D', () => {
  it('steps 1, 2 and 5, and step 4 without the catalogue: the spec lint refuses the operation, naming the path file and the catalogue file', () => {
    write(
      'specs/campaign-manager-v1/paths/{application_name}_walkthrough.yaml',
      [
        'parameters:',
        '  - $ref: ../components/parameters/ApplicationName.yaml',
        'get:',
        '  operationId: getWalkthrough',
        '  summary: Get the walkthrough',
        '  description: An endpoint the contract walkthrough adds to a temporary copy of the repository.',
        '  tags:',
        '    - templates',
        '  responses:',
        "    '200':",
        '      description: The walkthrough.',
        '      content:',
        '        application/json:',
        '          schema:',
        '            type: object',
        '            properties:',
        '              name:',
        '                type: string',
        '                description: A name.',
        '          example:',
        '            name: Walkthrough',
        '    default:',
        '      $ref: ../components/responses/DefaultError.yaml',
        '',
      ].join('\n'),
    );
    edit('specs/campaign-manager-v1/openapi.yaml', 'paths:\n', 'paths:\n  /{application_name}/walkthrough:\n    $ref: paths/{application_name}_walkthrough.yaml\n');
    expectFails(lintSpecs('campaign-manager-v1'), 'campaign-manager-v1/paths/{application_name}_walkthrough.yaml', catalogueOfD, 'GET /{application_name}/walkthrough');
  });

  it('step 4: the operation and its statuses in the catalogue -> the spec lint and pnpm spec-check pass (step 6)', () => {
    edit(catalogueOfD, `        - "GET ${reportPath}"\n`, `        - "GET ${reportPath}"\n        - "GET /rest/campaign_manager/v1/{application_name}/walkthrough"\n`);
    edit(
      catalogueOfD,
      `      - { operation: "GET ${reportPath}", statuses: ["200", default] }\n`,
      `      - { operation: "GET ${reportPath}", statuses: ["200", default] }\n      - { operation: "GET /rest/campaign_manager/v1/{application_name}/walkthrough", statuses: ["200", default] }\n`,
    );
    expectPasses(lintSpecs('campaign-manager-v1'));
    expectPasses(pnpm('spec-check'));
  });

  it('step 7: regenerated (the narrower commands: D\'s types package, the validators and the sandbox) -> the wire suite, driven by the bundle, asks for a wire case of the new operation', () => {
    // The narrower of step 7's two commands. `pnpm build` would also rebuild the clients, webhooks
    // and docs, which nothing below reads (the wire suite compiles the client's sources) and CI's
    // own build covers; "Add a field" regenerates through pnpm check-generated instead. The sandbox
    // is rebuilt since its control API's operation keys are generated from the bundles.
    expectPasses(pnpm('--filter', '@messaging-contracts/campaign-manager-v1-types', 'build'));
    expectPasses(pnpm('--filter', '@messaging-contracts/validators', 'build'));
    expectPasses(pnpm('--filter', '@messaging-contracts/sandbox', 'build'));
    expect(read('packages/campaign-manager-v1-types/src/generated/schema.d.ts')).toContain('getWalkthrough');
    expect(read('packages/sandbox/src/generated/control-api.d.ts')).toContain('campaign-manager-v1.getWalkthrough');
    expectFails(wireSuiteOfD(), 'every operation of campaign-manager-v1 has a wire case', 'getWalkthrough');
  });

  it('step 8: with its wire case -> the wire suite passes', () => {
    edit(
      'packages/campaign-manager-v1-client/src/wire.test.ts',
      '  ],\n});\n',
      "    { operationId: 'getWalkthrough', pathParams: { application_name }, send: (c) => c.GET('/walkthrough') },\n  ],\n});\n",
    );
    expectPasses(wireSuiteOfD());
  });

  it('step 9: committed without a changeset -> pnpm spec-diff names the packages; with one, every gate passes', () => {
    // The spec lint, spec-check and the wire suite passed at steps 4 and 8 on the same specs and
    // tests (only commits and a changeset came since), so they are not run again here.
    commit('walkthrough: the endpoint, its generated files and its wire case');
    // openapi, validators and sandbox already carry the field's pending changeset, which covers
    // them (CONTRIBUTING, "Changesets"); D's own packages do not.
    expectFails(
      pnpm('spec-diff'),
      'added operation GET /{application_name}/walkthrough',
      ...['campaign-manager-v1-types', 'campaign-manager-v1-client'].map((name) => `changeset for @messaging-contracts/${name} `),
    );
    expectPasses(pnpm('spec-diff', '--write-changeset'));
    const written = writtenChangeset();
    for (const name of ['campaign-manager-v1-types', 'campaign-manager-v1-client']) expect(written).toContain(`"@messaging-contracts/${name}": minor\n`);
    expect(written).not.toContain('@messaging-contracts/openapi');
    commit('walkthrough: the endpoint\'s changeset');
    expectPasses(pnpm('check-generated'));
    expectPasses(pnpm('spec-diff'));
  });
});
