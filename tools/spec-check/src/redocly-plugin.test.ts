// The Redocly plugin: `redocly lint` runs the same rules over the split source files and reports each
// violation at its place in them. Each case is a copy of a spec folder, mutated, in a folder of its
// own; one `redocly lint` run lints every case, each an API of its own in one redocly.yaml (a run per
// case cost a second of CPU each, nearly all of it Redocly starting up: issue 14).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadApiCatalog } from './catalog.js';
import { RULE_GROUPS } from './check.js';
import { catalogueCheck, interfaceList, literally, loadBundle, packageDir, redoclyBin, specsDir } from './testing/fixtures.js';

const plugin = join(packageDir, 'dist', 'redocly-plugin.js');
const rules = Object.keys(RULE_GROUPS).map((group) => `spec-check/${group}`);

interface Problem {
  ruleId: string;
  message: string;
  location: Array<{ source: { ref: string }; pointer: string }>;
}

/** `redocly lint` of every API of the redocly.yaml in `cwd`. */
function lint(cwd: string): { status: number | null; problems: Problem[] } {
  const result = spawnSync(redoclyBin, ['lint', '--format', 'json'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  // With several APIs Redocly prints one JSON object per API, back to back.
  const reports = result.stdout.trim().replace(/\}\s*\{(?=\s*"totals")/g, '}\u0000{').split('\u0000');
  const problems = reports.flatMap((report) => JSON.parse(report).problems as Problem[]);
  return { status: result.status, problems: problems.filter((p) => p.ruleId.startsWith('spec-check/')) };
}

let workspace: string;
afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

interface Case {
  /** The case's folder in the workspace, which holds its copy of the spec folder. */
  folder: string;
}

/** The cases' copies, in one folder, with a redocly.yaml that runs only the plugin's rules on each. */
function lintCases(given: Array<{ api: string; mutate: (folder: string) => void }>): { cases: Case[]; problems: Problem[] } {
  workspace = mkdtempSync(join(tmpdir(), 'spec-check-lint-'));
  const apis: Record<string, { root: string }> = {};
  const cases = given.map(({ api, mutate }, index) => {
    const folder = `case-${index}`;
    cpSync(join(specsDir, api), join(workspace, folder, api), { recursive: true });
    mutate(join(workspace, folder, api));
    apis[folder] = { root: `./${folder}/${api}/openapi.yaml` };
    return { folder };
  });
  writeFileSync(join(workspace, 'redocly.yaml'), stringify({ apis, plugins: [plugin], rules: Object.fromEntries(rules.map((r) => [r, 'error'])) }));
  return { cases, problems: lint(workspace).problems };
}

/** The problems reported in a case's files. */
function problemsOf(problems: Problem[], { folder }: Case): Problem[] {
  // Redocly names a source relative to where it runs (`case-4/gateway-v1/...`) or in full.
  return problems.filter((p) => p.location.some((l) => `/${l.source.ref}`.includes(`/${folder}/`)));
}

function edit(file: string, change: (document: any) => void): void {
  const document = parse(readFileSync(file, 'utf8'));
  change(document);
  writeFileSync(file, stringify(document));
}

// A's mask one past the document's limit; the value and the two entries' rule texts are the
// catalogue's (a change of the document's limit leaves these cases green).
const maskField = catalogueCheck('gateway-v1', 'property', 'Message', 'mask');
const maskLimit = catalogueCheck('gateway-v1', 'limit', 'Message', 'mask');
const mask = maskLimit.expect.maxLength!;
const reference = catalogueCheck('im-v1', 'property', 'MessagePostRequest', 'reference').expect.maxLength!;
const retryAfter: { minimum: number; maximum: number } = loadBundle('im-v1').components.headers.RetryAfter.schema;
const listRequestFields = [...(loadApiCatalog('campaign-manager-v1').entries.find((e) => e.kind === 'object' && e.schema === 'ListRequest') as { fields: string[] }).fields].sort();

const cases: Array<[string, { given: { api: string; mutate: (folder: string) => void }; want: Array<{ rule: string; file: string; pointer: string; message: RegExp }> }]> = [
  [
    'gateway-v1: mask loosened in its schema file',
    {
      given: { api: 'gateway-v1', mutate: (f) => edit(join(f, 'components/schemas/Message.yaml'), (d) => (d.properties.mask.maxLength = mask + 1)) },
      want: [
        {
          rule: 'spec-check/schemas',
          file: 'gateway-v1/components/schemas/Message.yaml',
          pointer: '#/properties/mask/maxLength',
          message: new RegExp(`^expected maxLength ${mask}, found maxLength ${mask + 1}: the catalogue \\(from the document, section 2\\.1\\), tools/spec-check/catalog/gateway-v1\\.yaml, says "${literally(maskField.rule)}"$`),
        },
        {
          rule: 'spec-check/limits',
          file: 'gateway-v1/components/schemas/Message.yaml',
          pointer: '#/properties/mask/maxLength',
          message: new RegExp(`^expected maxLength ${mask}, found maxLength ${mask + 1}: the catalogue \\(from the document, section 8\\), tools/spec-check/catalog/gateway-v1\\.yaml, says "${literally(maskLimit.rule)}"$`),
        },
      ],
    },
  ],
  [
    'im-v1: reference maxLength changed, its description not (the catalogue not either)',
    {
      given: { api: 'im-v1', mutate: (f) => edit(join(f, 'components/schemas/MessagePostRequest.yaml'), (d) => (d.properties.reference.maxLength = reference - 1)) },
      want: [
        {
          rule: 'spec-check/described-limits',
          file: 'im-v1/components/schemas/MessagePostRequest.yaml',
          pointer: '#/properties/reference/description',
          message: new RegExp(
            `^expected maxLength ${reference}, as the description says \\("maximum length ${reference}"\\), found maxLength ${reference - 1}: the schema's own description \\(tools/spec-check/src/described-limits\\.ts\\), says "a limit the description states in words equals its keyword"$`,
          ),
        },
      ],
    },
  ],
  [
    'a document of no interface (its server moved): the described limits are still checked, in a header too',
    {
      given: {
        api: 'im-v1',
        mutate: (f) => {
          edit(join(f, 'openapi.yaml'), (d) => (d.servers = [{ url: 'https://example.test/elsewhere' }]));
          edit(join(f, 'components/headers/RetryAfter.yaml'), (d) => (d.schema.minimum = 1));
        },
      },
      want: [
        {
          rule: 'spec-check/described-limits',
          file: 'im-v1/components/headers/RetryAfter.yaml',
          pointer: '#/description',
          message: new RegExp(`^expected minimum ${retryAfter.minimum}, as the description says \\("${retryAfter.minimum} to ${retryAfter.maximum}"\\), found minimum 1 at #/schema/minimum: the schema's own description`),
        },
      ],
    },
  ],
  [
    'campaign-manager-v1: a field the catalogue does not list',
    {
      given: { api: 'campaign-manager-v1', mutate: (f) => edit(join(f, 'components/schemas/ListRequest.yaml'), (d) => (d.properties.description = { type: 'string', description: 'Not in the document.' })) },
      want: [
        {
          rule: 'spec-check/schemas',
          file: 'campaign-manager-v1/components/schemas/ListRequest.yaml',
          pointer: '#/properties/description',
          message:
            new RegExp(`^expected no field description \\(the catalogue, from the document, lists ${listRequestFields.join(', ')}: remove the field from specs/campaign-manager-v1/, or, if the document lists it, add it to tools/spec-check/catalog/campaign-manager-v1\\.yaml \\(entry "campaign-manager-v1 2\\.4 ListRequest"\\)\\), found property description: the catalogue \\(from the document, section 2\\.4\\), tools/spec-check/catalog/campaign-manager-v1\\.yaml, says "ListRequest has exactly the fields`),
        },
      ],
    },
  ],
  [
    'im-v1: an enum on the delivery attempt event',
    {
      given: { api: 'im-v1', mutate: (f) => edit(join(f, 'components/schemas/DeliveryAttempt.yaml'), (d) => (d.properties.event.enum = ['first', 'last'])) },
      want: [{ rule: 'spec-check/not-shown', file: 'im-v1/components/schemas/DeliveryAttempt.yaml', pointer: '#/properties/event/enum', message: /Allowed values of event: not shown/ }],
    },
  ],
  [
    'sms-v2: the 401 of GET /messages removed',
    {
      given: { api: 'sms-v2', mutate: (f) => edit(join(f, 'paths/messages.yaml'), (d) => delete d.get.responses['401']) },
      want: [{ rule: 'spec-check/responses', file: 'sms-v2/paths/messages.yaml', pointer: '#/get', message: /^expected response 401.*, says "B: 401 / }],
    },
  ],
  [
    'campaign-manager-v1: the Location header of POST /lists removed',
    {
      given: { api: 'campaign-manager-v1', mutate: (f) => edit(join(f, 'paths/{application_name}_lists.yaml'), (d) => delete d.post.responses['201'].headers.Location) },
      want: [{ rule: 'spec-check/responses', file: 'campaign-manager-v1/paths/{application_name}_lists.yaml', pointer: '#/post/responses/201/headers', message: /expected header Location/ }],
    },
  ],
];

const unmutated = interfaceList.map((api) => ({ api: api.id, mutate: () => {} }));
let linted: { cases: Case[]; problems: Problem[] };
beforeAll(() => {
  linted = lintCases([...unmutated, ...cases.map(([, { given }]) => given)]);
}, 60_000);

describe('the spec-check Redocly plugin', () => {
  it('is built', () => {
    expect(existsSync(plugin), `${plugin} is missing: run \`pnpm build\``).toBe(true);
  });

  it.each(unmutated.map(({ api }, index) => [api, index] as const))('reports nothing on an unmutated copy of %s', (_api, index) => {
    expect(problemsOf(linted.problems, linted.cases[index] as Case)).toEqual([]);
  });

  it.each(cases.map(([title, { want }], index) => [title, want, unmutated.length + index] as const))('%s', (_title, want, index) => {
    const at = linted.cases[index] as Case;
    const problems = problemsOf(linted.problems, at);
    // Every rule of the plugin is an error (see lintCases), so a reported problem fails the lint.
    expect(problems.length, 'lint fails').toBeGreaterThan(0);
    for (const w of want) {
      const found = problems.find(
        (p) => p.ruleId === w.rule && p.location.some((l) => l.source.ref.endsWith(`${at.folder}/${w.file}`) && l.pointer === w.pointer) && w.message.test(p.message),
      );
      expect(found, `${w.rule} at ${w.file}${w.pointer} among\n${JSON.stringify(problems, null, 1)}`).toBeDefined();
    }
  });

  it('is enabled for every API of specs/redocly.yaml, and the sources pass', () => {
    const config = parse(readFileSync(join(specsDir, 'redocly.yaml'), 'utf8'));
    expect(config.plugins).toContain('../tools/spec-check/dist/redocly-plugin.js');
    for (const rule of rules) expect(config.rules[rule], rule).toBe('error');
    const { status, problems } = lint(specsDir);
    expect(problems).toEqual([]);
    expect(status).toBe(0);
  });
});
