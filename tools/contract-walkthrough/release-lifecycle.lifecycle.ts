// The release lifecycle, end to end, as an integrator in another repository lives it: on a temporary
// clone of HEAD and a fresh local registry, the first release; a consumer on ^1.0.0; a breaking
// contract change (spec-diff asks for major, and stops it released as a minor); the major release,
// which the consumer on ^1.0.0 does not pick up and which fails its type-check at the one call it
// breaks; then an additive change released as a minor, picked up and still compiling.
//
// Run by `pnpm lifecycle` (and by .ci/run), not by `pnpm test`: it builds and publishes three times.
// The tests of this file run in order; each step builds on the one before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS, type Clone, type Run, createClone } from '../registry/src/clone.js';
import { publishedVersions } from '../registry/src/published.js';
import { type RegistryProcess, startRegistryProcess } from '../registry/src/registry-process.js';

let clone: Clone;
let registry: RegistryProcess;
let storage: string;
let consumer: string;

const SCOPE = '@messaging-contracts';
const PUBLISHED = [
  'campaign-manager-v1-client',
  'campaign-manager-v1-types',
  'client-core',
  'gateway-v1-client',
  'gateway-v1-types',
  'im-v1-client',
  'im-v1-types',
  'openapi',
  'sandbox',
  'sms-v2-client',
  'sms-v2-types',
  'validators',
  'verify',
  'webhooks',
].map((name) => `${SCOPE}/${name}`);
const messageRequest = 'specs/im-v1/components/schemas/MessagePostRequest.yaml';

function expectPasses(result: Run) {
  expect(result.code, result.output).toBe(0);
}

/** The real release: `changeset version`, committed, then `pnpm release` pointed at the registry. */
function release(message: string) {
  expectPasses(clone.pnpm('changeset', 'version'));
  clone.commit(message);
  expectPasses(clone.run('pnpm', ['release'], { env: { NPM_CONFIG_REGISTRY: registry.url, npm_config_userconfig: registry.npmrcFile } }));
}
const versionsOf = async (name: string) => (await publishedVersions(registry.url, [`${SCOPE}/${name}`])).get(`${SCOPE}/${name}`);

/** The packages spec-diff says need a changeset, from its own output. */
function packagesNamed(output: string): string[] {
  return [...new Set([...output.matchAll(/changeset for (@messaging-contracts\/[a-z0-9-]+) /g)].map((match) => match[1]!))].sort();
}
function writeChangeset(file: string, packages: string[], bump: 'major' | 'minor', text: string) {
  clone.write(`.changeset/${file}.md`, `---\n${packages.map((name) => `"${name}": ${bump}`).join('\n')}\n---\n\n${text}\n`);
}

// The consumer: an npm project in a folder of its own, with the registry's scope line.
const consumerCall = [
  "import { createImClient } from '@messaging-contracts/im-v1-client';",
  '',
  "const im = createImClient({ baseUrl: 'https://api.example.com', apiKey: 'key' });",
  '',
  'export const notify = (mobile: string) =>',
  "  im.POST('/message', { body: { destination: { mobile }, message: { type: 'text', text: { body: 'Shipped' } } } });",
  '',
].join('\n');
/** Line 6: the call the breaking change breaks. */
const CALL_LINE = 6;
function consumerRun(command: string, args: string[]): Run {
  return clone.run(command, args, { cwd: consumer });
}
function setConsumerRange(range: string) {
  writeFileSync(join(consumer, 'package.json'), `${JSON.stringify({ name: 'lifecycle-consumer', private: true, type: 'module', dependencies: { [`${SCOPE}/im-v1-client`]: range } }, null, 2)}\n`);
}
const install = () => consumerRun('npm', ['install', '--no-audit', '--no-fund']);
/** The clone's TypeScript (7), strict, over the consumer's one file. */
const typeCheck = () => consumerRun(process.execPath, [join(clone.dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
const installedVersion = () => consumerRun(process.execPath, ['-p', `require('./node_modules/${SCOPE}/im-v1-client/package.json').version`]).output.trim();

beforeAll(async () => {
  storage = mkdtempSync(join(tmpdir(), 'lifecycle-registry-'));
  registry = await startRegistryProcess(storage);
  // HEAD with its pending changesets: the first release is the one this commit would make.
  clone = createClone('release-lifecycle-', { keepChangesets: true });
  consumer = mkdtempSync(join(tmpdir(), 'lifecycle-consumer-'));
  writeFileSync(join(consumer, '.npmrc'), `${SCOPE}:registry=${registry.url}\n`);
  writeFileSync(join(consumer, 'index.ts'), consumerCall);
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] }, include: ['index.ts'] }),
  );
}, COMMAND_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await registry?.close();
  clone?.remove();
  for (const dir of [storage, consumer]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the release lifecycle, seen from a consumer in another repository', () => {
  it('1. first release: every publishable package at 1.0.0, tagged; a consumer on ^1.0.0 installs it and type-checks', async () => {
    release('release: first');
    for (const name of PUBLISHED) expect((await publishedVersions(registry.url, [name])).get(name), name).toEqual(['1.0.0']);
    expect(clone.git('tag', '--list', `${SCOPE}/im-v1-client@*`).trim()).toBe(`${SCOPE}/im-v1-client@1.0.0`);
    setConsumerRange('^1.0.0');
    expectPasses(install());
    expect(installedVersion()).toBe('1.0.0');
    expectPasses(typeCheck());
  });

  let named: string[] = [];
  it('2. a breaking change on a branch (a new required field in C\'s request): spec-diff against the release tag asks for major', () => {
    clone.git('checkout', '--quiet', '-b', 'breaking');
    clone.edit(messageRequest, 'required:\n  - destination\n  - message\n', 'required:\n  - destination\n  - message\n  - reference\n');
    const diff = clone.pnpm('spec-diff');
    expect(diff.code, diff.output).toBe(1);
    expect(diff.output).toMatch(/compared specs\/dist with @messaging-contracts\/[a-z0-9-]+@1\.0\.0, commit [0-9a-f]{40} \(the newest release tag\)/);
    expect(diff.output).toMatch(/added required property "reference".*\[breaking: major\]/);
    named = packagesNamed(diff.output);
    expect(named).toEqual(expect.arrayContaining([`${SCOPE}/openapi`, `${SCOPE}/im-v1-types`, `${SCOPE}/im-v1-client`]));
  });

  it('variant, failing on purpose: the breaking change released as a minor is stopped by spec-diff', () => {
    writeChangeset('reference-required', named, 'minor', 'C: `reference` is required.');
    const diff = clone.pnpm('spec-diff');
    expect(diff.code, diff.output).toBe(1);
    expect(packagesNamed(diff.output)).toEqual(named);
    for (const name of named) expect(diff.output).toContain(`add a major changeset for ${name} `);
  });

  it('2. as a major: spec-diff passes; changeset version and publish give 2.0.0', async () => {
    writeChangeset('reference-required', named, 'major', 'C: `reference` is now required in `POST /message`: pass one with every message.');
    expectPasses(clone.pnpm('spec-diff'));
    clone.commit('C: reference required');
    release('release: reference required');
    expect(await versionsOf('im-v1-client')).toEqual(['1.0.0', '2.0.0']);
  });

  it('3. the consumer on ^1.0.0 still resolves 1.x, and its type-check passes', () => {
    rmSync(join(consumer, 'node_modules'), { recursive: true, force: true });
    rmSync(join(consumer, 'package-lock.json'), { force: true });
    expectPasses(install());
    expect(installedVersion()).toMatch(/^1\./);
    expectPasses(typeCheck());
  });

  it('4. upgraded to ^2.0.0, its type-check fails exactly at the call the change breaks, and passes once the call sends a reference', () => {
    setConsumerRange('^2.0.0');
    expectPasses(install());
    expect(installedVersion()).toBe('2.0.0');
    const checked = typeCheck();
    expect(checked.code, checked.output).not.toBe(0);
    const errors = checked.output.split('\n').filter((line) => / error TS\d+:/.test(line));
    expect(errors, checked.output).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^index\\.ts\\(${CALL_LINE},\\d+\\): error TS\\d+: .*'reference'`));
    // The integrator's fix: the call sends one.
    writeFileSync(join(consumer, 'index.ts'), consumerCall.replace("message: { type: 'text'", "reference: 'order-1', message: { type: 'text'"));
    expectPasses(typeCheck());
  });

  it('5. an additive change (an optional field) is a minor release; the consumer on ^2.0.0 picks it up and still compiles', async () => {
    clone.edit(messageRequest, '  reference:\n', '  campaign_tag:\n    type: string\n    maxLength: 64\n    description: A tag of the integrator\'s own (added by the release lifecycle test).\n  reference:\n');
    const diff = clone.pnpm('spec-diff');
    expect(diff.code, diff.output).toBe(1);
    expect(diff.output).toMatch(/campaign_tag.*\[[\w -]+: minor\]/);
    writeChangeset('campaign-tag', packagesNamed(diff.output), 'minor', 'C: optional `campaign_tag` in `POST /message`.');
    expectPasses(clone.pnpm('spec-diff'));
    clone.commit('C: campaign_tag');
    release('release: campaign_tag');
    expect(await versionsOf('im-v1-client')).toEqual(['1.0.0', '2.0.0', '2.1.0']);
    expectPasses(consumerRun('npm', ['update', '--no-audit', '--no-fund']));
    expect(installedVersion()).toBe('2.1.0');
    expectPasses(typeCheck());
  });
});
