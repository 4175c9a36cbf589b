// CONTRIBUTING.md's "Change a constraint", performed with its own example: C's `reference` narrowed
// from 255 to 200 characters (sections 2.3 and 8), on a temporary clone of the committed
// repository, against an amended copy of the spec document. Each gate must react as CONTRIBUTING's
// list says, in its order; then the tests of every package that derives the limit from the bundle
// pass unedited: no test pins the document's values but the audit (trial 68 found 12 pins of an old
// value that a revision of the document broke; this keeps them out).
//
// Run by `pnpm walkthrough` (and by .ci/run), not by `pnpm test`: it builds and tests on a clone.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS, type Clone, type Run, createClone } from '../registry/src/clone.js';
import { specDocumentPath } from '../spec-document/src/index.js';

let clone: Clone;
const pnpm = (...args: string[]) => clone.pnpm(...args);
const edit = (file: string, before: string, after: string) => clone.edit(file, before, after);
const commit = (message: string) => clone.commit(message);
const git = (...args: string[]) => clone.git(...args);

function expectFails(result: Run, ...fragments: string[]) {
  expect(result.code, result.output).not.toBe(0);
  for (const fragment of fragments) expect(result.output, `output should name ${fragment}`).toContain(fragment);
}
function expectPasses(result: Run) {
  expect(result.code, result.output).toBe(0);
}

const schema = 'specs/im-v1/components/schemas/MessagePostRequest.yaml';
const catalogue = 'tools/spec-check/catalog/im-v1.yaml';
/** The amended copy of the document: written beside the clone, never inside it. */
let amended: string;
/** `pnpm audit-document` against a copy of the document (CONTRIBUTING: `SPEC_DOCUMENT=<path>`). */
const audit = (document: string) => clone.run('pnpm', ['audit-document'], { env: { SPEC_DOCUMENT: document } });

beforeAll(() => {
  clone = createClone('constraint-walkthrough-');
  // The document's two statements of the limit, as a revision would change them.
  amended = `${clone.dir}-amended-document.md`;
  let text = readFileSync(specDocumentPath, 'utf8');
  for (const [before, after] of [
    ['| reference | string | no | maximum length 255 |', '| reference | string | no | maximum length 200 |'],
    ['| reference | maximum length 255 | C request |', '| reference | maximum length 200 | C request |'],
  ] as const) {
    if (text.split(before).length !== 2) throw new Error(`${specDocumentPath}: expected "${before}" once (the walkthrough amends it)`);
    text = text.replace(before, after);
  }
  writeFileSync(amended, text);
}, COMMAND_TIMEOUT_MS + 60_000);

afterAll(() => {
  clone?.remove();
  if (amended) rmSync(amended, { force: true });
});

describe('CONTRIBUTING "Change a constraint": C\'s reference from maximum length 255 to 200', () => {
  it('the document amended, the contracts not -> pnpm audit-document against the amended copy names section 8\'s limit, both values and the catalogue file', () => {
    // The audit's messages, as vitest prints them (its quotes escaped).
    expectFails(audit(amended), 'section 8, limit', 'the document says', '(at most 200 characters), the catalogue says at most 255 characters', catalogue);
  });

  it('the keyword changed, its description not -> the spec lint names the schema file (spec-check/described-limits)', () => {
    edit(schema, '    maxLength: 255\n', '    maxLength: 200\n');
    expectFails(pnpm('--filter', '@messaging-contracts/openapi', 'lint', 'im-v1'), 'MessagePostRequest.yaml', 'described-limits');
  });

  it('gate 1: the spec changed, the catalogue not -> the spec lint fails on the schema file, once per record of the fact', () => {
    edit(schema, 'maximum length 255 (sections 2.3 and 8)', 'maximum length 200 (sections 2.3 and 8)');
    const lint = pnpm('--filter', '@messaging-contracts/openapi', 'lint', 'im-v1');
    expectFails(lint, 'MessagePostRequest.yaml', 'expected maxLength 255, found maxLength 200', 'spec-check/schemas', 'spec-check/limits', catalogue);
    expectFails(pnpm('spec-check'), 'expected: maxLength 255  found: maxLength 200');
  });

  it('the catalogue changed too -> the spec lint, pnpm spec-check and the audit against the amended copy pass', () => {
    edit(catalogue, '      reference: { type: string, maxLength: 255 }\n', '      reference: { type: string, maxLength: 200 }\n');
    edit(catalogue, 'rule: "reference: maximum length 255 (C request)"', 'rule: "reference: maximum length 200 (C request)"');
    edit(catalogue, '      - { schema: MessagePostRequest, property: reference, expect: { maxLength: 255 } }\n', '      - { schema: MessagePostRequest, property: reference, expect: { maxLength: 200 } }\n');
    expectPasses(pnpm('--filter', '@messaging-contracts/openapi', 'lint', 'im-v1'));
    expectPasses(pnpm('spec-check'));
    expectPasses(audit(amended));
  });

  it('gate 2: against the document as it was -> pnpm audit-document names the section, both values and the file', () => {
    expectFails(audit(specDocumentPath), 'section 8, limit', '(at most 255 characters), the catalogue says at most 200 characters', catalogue);
  });

  it('gate 3: committed without regenerating -> pnpm check-generated names the generated files; regenerated and committed, it passes', () => {
    commit('walkthrough: reference at most 200 characters, without the generated files');
    expectFails(pnpm('check-generated'), 'packages/im-v1-types/src/generated/schema.d.ts', 'packages/validators/src/generated/im-v1.ts');
    commit('walkthrough: the regenerated files');
    expectPasses(pnpm('check-generated'));
  });

  it('gate 4: pnpm spec-diff classifies the narrowing as breaking and asks for a changeset; --write-changeset writes it', () => {
    expectFails(pnpm('spec-diff'), 'changed limit maxLength 255 -> 200 of property "reference" in the request body of POST /message (sent by the client)', '[breaking');
    expectPasses(pnpm('spec-diff', '--write-changeset'));
    commit('walkthrough: the changeset');
    expectPasses(pnpm('spec-diff'));
  });

  it('gate 5: every package that derives the limit, rebuilt, passes its tests unedited (no test pins 255)', () => {
    expectPasses(pnpm('build:release'));
    // The packages that take C's request limits from the bundle or the catalogue: the validators
    // (generated), the sandbox (refuses with them), the verifier (boundary values), spec-check
    // (mutation tests per catalogue entry), C's client and types, and the webhooks (C's callbacks).
    const projects = ['validators', 'sandbox', 'verify', 'spec-check', 'im-v1-client', 'im-v1-types', 'webhooks'];
    const run = pnpm('exec', 'vitest', 'run', ...projects.flatMap((project) => ['--project', project]));
    expectPasses(run);
    expect(run.output).toMatch(/Test Files {2}\d+ passed \(\d+\)/);
    expect(git('status', '--porcelain').trim()).toBe('');
  });
});
