// The CLI contract: `spec-check` checks specs/dist/*.json; `spec-check --api <id> <file>` checks one
// document. Exit 0 clean, 1 violations, 2 unusable input, with a message saying which.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { main } from './cli.js';
import { bundlePath, catalogueCheck, literally, loadBundle, loadDereferenced, packageDir, repoRoot } from './testing/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'spec-check-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

// A's mask one past the document's limit, as the catalogue's section 8 entry records it (the test
// reads value and rule there: a change of the document's limit leaves it green).
const maskLimit = catalogueCheck('gateway-v1', 'limit', 'Message', 'mask');
const mask = maskLimit.expect.maxLength!;
const maskLoosened = loadBundle('gateway-v1');
maskLoosened.components.schemas.Message.properties.mask.maxLength = mask + 1;
const enumOnEvent = loadDereferenced('im-v1');
enumOnEvent.paths['/message'].post.requestBody.content['application/json'].schema.properties.delivery_attempts.items.oneOf[1].additionalProperties.properties.event.enum = ['first', 'last'];
const withoutOpenapi = loadBundle('sms-v2');
delete withoutOpenapi.openapi;

const files = {
  maskLoosened: write('mask-loosened.json', JSON.stringify(maskLoosened)),
  enumOnEventYaml: write('enum-on-event.yaml', stringify(enumOnEvent)),
  cleanYaml: write('clean.yaml', stringify(loadBundle('campaign-manager-v1'))),
  // Named after an interface: the interface is read from the file name.
  namedAfterApi: write('im-v1.json', JSON.stringify(loadBundle('im-v1'))),
  // Any name: the interface is read from the server URL's base path.
  anyName: write('contract.json', JSON.stringify(loadBundle('sms-v2'))),
  brokenJson: write('broken.json', '{"openapi": "3.1.0", "paths": {'),
  brokenYaml: write('broken.yaml', 'openapi: 3.1.0\npaths:\n  /x: [unclosed\n'),
  withoutOpenapi: write('no-openapi.json', JSON.stringify(withoutOpenapi)),
  swagger: write('swagger.json', JSON.stringify({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} })),
  scalar: write('scalar.yaml', 'just a string\n'),
  unknownBase: write('elsewhere.json', JSON.stringify({ ...loadBundle('sms-v2'), servers: [{ url: 'https://api.example.com/rest/other' }] })),
};

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(args: string[]): Run {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const cases: Array<[string, { given: string[]; want: { code: number; out?: RegExp; err?: RegExp } }]> = [
  ['no arguments: the four bundles in specs/dist are clean', { given: [], want: { code: 0, out: /campaign-manager-v1 .*: ok[^]*gateway-v1 .*: ok[^]*im-v1 .*: ok[^]*sms-v2 .*: ok/ } }],
  ['one clean YAML document', { given: ['--api', 'campaign-manager-v1', files.cleanYaml], want: { code: 0, out: /ok \(\d+ entries\)/ } }],
  ['the published YAML bundle', { given: ['--api', 'gateway-v1', bundlePath('gateway-v1').replace(/\.json$/, '.yaml')], want: { code: 0 } }],
  [
    'a loosened limit: interface, pointer, expected, found, rule and section',
    {
      given: ['--api', 'gateway-v1', files.maskLoosened],
      want: {
        code: 1,
        out: new RegExp(
          `^gateway-v1 {2}/components/schemas/Message/properties/mask/maxLength {2}expected: maxLength ${mask} {2}found: maxLength ${mask + 1} {2}\\[the catalogue \\(from the document, section 8\\), tools/spec-check/catalog/gateway-v1\\.yaml: ${literally(maskLimit.rule)}\\]$`,
          'm',
        ),
      },
    },
  ],
  [
    'a forbidden enum in a dereferenced YAML copy',
    {
      given: ['--api=im-v1', files.enumOnEventYaml],
      want: { code: 1, out: /^im-v1 {2}\/paths\/~1message\/post\/requestBody\/content\/application~1json\/schema\/properties\/delivery_attempts\/items\/oneOf\/1\/additionalProperties\/properties\/event\/enum {2}expected: no enum \(not shown in the spec document\)/m },
    },
  ],
  ['the interface read from the file name', { given: [files.namedAfterApi], want: { code: 0, out: /im-v1 .*im-v1\.json: ok/ } }],
  ['the interface read from the base path', { given: [files.anyName], want: { code: 0, out: /sms-v2 .*contract\.json: ok/ } }],
  ['a missing file', { given: ['--api', 'im-v1', join(dir, 'nowhere.json')], want: { code: 2, err: /nowhere\.json: no such file/ } }],
  ['unparsable JSON', { given: ['--api', 'im-v1', files.brokenJson], want: { code: 2, err: /broken\.json: cannot parse as JSON/ } }],
  ['unparsable YAML', { given: ['--api', 'im-v1', files.brokenYaml], want: { code: 2, err: /broken\.yaml: cannot parse as YAML/ } }],
  ['a document without an openapi field', { given: ['--api', 'sms-v2', files.withoutOpenapi], want: { code: 2, err: /not an OpenAPI document \(no "openapi" version field\)/ } }],
  ['a Swagger 2.0 document', { given: ['--api', 'sms-v2', files.swagger], want: { code: 2, err: /a Swagger 2\.0 document, not OpenAPI 3/ } }],
  ['a YAML scalar', { given: ['--api', 'sms-v2', files.scalar], want: { code: 2, err: /the top level is not an object/ } }],
  ['an unknown interface id', { given: ['--api', 'sms-v9', files.anyName], want: { code: 2, err: /unknown interface id "sms-v9" \(known: campaign-manager-v1, gateway-v1, im-v1, sms-v2\)/ } }],
  ['--api without a file', { given: ['--api', 'im-v1'], want: { code: 2, err: /--api im-v1 needs a file/ } }],
  ['--api without an id', { given: ['--api'], want: { code: 2, err: /--api needs an interface id/ } }],
  ['two files', { given: ['--api', 'im-v1', files.namedAfterApi, files.anyName], want: { code: 2, err: /one document at a time/ } }],
  ['an unknown option', { given: ['--strict'], want: { code: 2, err: /unknown option --strict/ } }],
  ['an interface nobody names', { given: [files.unknownBase], want: { code: 2, err: /cannot tell which interface this is; use --api <id>/ } }],
  ['help', { given: ['--help'], want: { code: 0, out: /usage: spec-check/ } }],
];

describe('spec-check (in process)', () => {
  it.each(cases)('%s', (_title, { given, want }) => {
    const result = run(given);
    expect(result.code, `${result.out}\n${result.err}`).toBe(want.code);
    if (want.out) expect(result.out).toMatch(want.out);
    if (want.err) expect(result.err).toMatch(want.err);
  });

  it('--json prints the violations as data', () => {
    const result = run(['--json', '--api', 'gateway-v1', files.maskLoosened]);
    expect(result.code).toBe(1);
    const violations = JSON.parse(result.out);
    expect(violations).toContainEqual(
      expect.objectContaining({
        api: 'gateway-v1',
        pointer: '/components/schemas/Message/properties/mask/maxLength',
        section: '8',
        expected: `maxLength ${mask}`,
        found: `maxLength ${mask + 1}`,
      }),
    );
  });
});

describe('spec-check (the built bin, as `pnpm spec-check` runs it)', () => {
  const cli = join(packageDir, 'dist', 'cli.js');
  const spawn = (args: string[], cwd: string) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });

  it('is built', () => {
    expect(existsSync(cli), `${cli} is missing: run \`pnpm build\``).toBe(true);
  });

  it.each([
    ['the bundles, found from its own location whatever the working directory', 0, [], tmpdir()],
    ['the bundles, from the repository root', 0, [], repoRoot],
    ['a violation', 1, ['--api', 'gateway-v1', files.maskLoosened], repoRoot],
    ['unusable input', 2, ['--api', 'gateway-v1', files.brokenJson], repoRoot],
  ] as const)('%s: exit %i', (_title, code, args, cwd) => {
    const result = spawn([...args], cwd);
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(code);
  });
});
