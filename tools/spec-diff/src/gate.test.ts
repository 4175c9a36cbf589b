// The gate end to end, in a throwaway git repository holding this repository's specs: the base
// bundles are built from git, the current ones are copies of specs/dist (mutated per case).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './diff.js';
import { UnusableInput } from './errors.js';
import { runGate } from './gate.js';
import { main } from './main.js';
import { affectedPackages, readWorkspace } from './affected.js';
import { apiIds, repoRoot, specsDist } from './test-support/bundles.js';
import { type TempRepo, tempRepo } from './test-support/git-repo.js';

const redocly = join(repoRoot, 'specs', 'node_modules', '.bin', 'redocly');
const releaseTag = '@messaging-contracts/gateway-v1-types@1.0.0';

let repo: TempRepo;
let beforeSpecs: string;
const scratch: string[] = [];

beforeAll(() => {
  repo = tempRepo();
  beforeSpecs = repo.commit('before there were specs', { 'README.md': 'messaging-contracts\n' }, '2024-01-01T00:00:00Z');
  // The specs the current specs/dist was built from, so the base bundles must equal it.
  const specs = join(repoRoot, 'specs');
  cpSync(specs, join(repo.dir, 'specs'), {
    recursive: true,
    filter: (source) => !['node_modules', 'dist'].includes(relative(specs, source).split(sep)[0]!),
  });
  // The workspace's manifests, so the packages a change alters come from the real dependency graph.
  const manifests: Record<string, string> = { 'pnpm-workspace.yaml': readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8') };
  for (const folder of ['packages', 'tools']) {
    for (const name of readdirSync(join(repoRoot, folder))) {
      const manifest = join(repoRoot, folder, name, 'package.json');
      if (existsSync(manifest)) manifests[`${folder}/${name}/package.json`] = readFileSync(manifest, 'utf8');
    }
  }
  repo.commit('the four contracts', { ...manifests, '.changeset/README.md': '# Changesets\n' }, '2024-02-01T00:00:00Z');
  repo.git('tag', releaseTag);
});
afterAll(() => repo.remove());
afterEach(() => {
  rmSync(join(repo.dir, '.changeset', 'breaking.md'), { force: true });
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of specs/dist with `mutate` applied to each bundle. */
function afterDir(mutate: (id: string, bundle: Json) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'spec-diff-after-'));
  scratch.push(dir);
  for (const id of apiIds) {
    const bundle = JSON.parse(readFileSync(join(specsDist, `${id}.json`), 'utf8'));
    mutate(id, bundle);
    writeFileSync(join(dir, `${id}.json`), JSON.stringify(bundle));
  }
  return dir;
}

async function gate(options: { afterDir: string; base?: string; diskCache?: string }) {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await runGate({
    repoRoot: repo.dir,
    redocly,
    ...options,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { exitCode, out, err };
}

const removeBroadcast = (id: string, bundle: Json) => {
  if (id === 'gateway-v1') delete bundle.paths['/messages/broadcast'];
};
const retitleSms = (id: string, bundle: Json) => {
  if (id === 'sms-v2') bundle.info.description = `${bundle.info.description ?? ''} Reworded.`;
};
// What a change alters, from this workspace's graph (affected.test.ts holds the derivation itself):
// at least the contract, the interface's types and client, and for B the webhooks.
const affectedBy = (id: string) => affectedPackages(readWorkspace(repoRoot), id, apiIds);
const gatewayPackages = affectedBy('gateway-v1');
const smsPackages = affectedBy('sms-v2');
const changesetFor = (packages: string[], bump: string) => `---\n${packages.map((p) => `"${p}": ${bump}`).join('\n')}\n---\n\nA change.\n`;
const escape = (text: string) => text.replace(/[.@/()*]/g, '\\$&');

it('derives the packages from the workspace: the contract, the types and client, and the webhooks for B', () => {
  expect(gatewayPackages).toEqual(expect.arrayContaining(['openapi', 'gateway-v1-types', 'gateway-v1-client'].map((p) => `@messaging-contracts/${p}`)));
  expect(smsPackages).toEqual(expect.arrayContaining(['openapi', 'sms-v2-types', 'sms-v2-client', 'webhooks'].map((p) => `@messaging-contracts/${p}`)));
});

describe('runGate', () => {
  const cases: [
    string,
    {
      given: { mutate?: (id: string, bundle: Json) => void; changeset?: string; base?: 'before-specs' };
      want: { exitCode: 0 | 1; out: (string | RegExp)[]; err: (string | RegExp)[] };
    },
  ][] = [
    [
      'unchanged bundles pass: the base, bundled from git, equals specs/dist; it says which ref and commit',
      {
        given: {},
        want: {
          exitCode: 0,
          out: [new RegExp(`^spec-diff: compared \\S+ with ${escape(releaseTag)}, commit [0-9a-f]{40} \\(the newest release tag\\)$`), ...apiIds.map((id) => `${id}: no changes`)],
          err: [],
        },
      },
    ],
    [
      'after a release, a removed endpoint without a changeset fails, listing the change and each package to bump',
      {
        given: { mutate: removeBroadcast },
        want: {
          exitCode: 1,
          out: [
            'gateway-v1  /paths/~1messages~1broadcast/post  removed operation POST /messages/broadcast  [breaking: major]',
            `gateway-v1: 1 change(s), 1 breaking, needing a major bump; no major changeset for ${gatewayPackages.join(', ')}`,
            'sms-v2: no changes',
          ],
          err: gatewayPackages.map((pkg) => `spec-diff: gateway-v1 changed: add a major changeset for ${pkg} (it has none added since the base): pnpm spec-diff --write-changeset`),
        },
      },
    ],
    [
      'after a release, a removed endpoint with only minor changesets fails',
      {
        given: { mutate: removeBroadcast, changeset: changesetFor(gatewayPackages, 'minor') },
        want: {
          exitCode: 1,
          out: [],
          err: gatewayPackages.map((pkg) => `spec-diff: gateway-v1 changed: add a major changeset for ${pkg} (it has only a minor one added since the base): pnpm spec-diff --write-changeset`),
        },
      },
    ],
    [
      'after a release, a removed endpoint with an uncommitted major changeset for each package passes',
      {
        given: { mutate: removeBroadcast, changeset: changesetFor(gatewayPackages, 'major') },
        want: {
          exitCode: 0,
          out: [`gateway-v1: 1 change(s), 1 breaking, needing a major bump; covered by changesets for ${gatewayPackages.join(', ')}`],
          err: [],
        },
      },
    ],
    [
      "a contract change without a changeset fails, naming B's dependants from the workspace graph (webhooks)",
      {
        given: { mutate: retitleSms },
        want: {
          exitCode: 1,
          out: ['sms-v2  #  changed the bundle outside paths, webhooks and security  [annotation: patch]'],
          err: smsPackages.map((pkg) => `spec-diff: sms-v2 changed: add a patch changeset for ${pkg} (it has none added since the base): pnpm spec-diff --write-changeset`),
        },
      },
    ],
    [
      'against a base without specs every interface is new, and each needs a changeset',
      {
        given: { base: 'before-specs' },
        want: {
          exitCode: 1,
          out: [/has no specs\/: every interface is new there$/, 'gateway-v1  #  added the interface (not at the base)  [non-breaking: minor]'],
          err: [/^spec-diff: gateway-v1 changed: add a minor changeset for @messaging-contracts\/gateway-v1-client \(it has none added since the base\)/],
        },
      },
    ],
  ];
  it.each(cases)('%s', async (_title, { given, want }) => {
    if (given.changeset) writeFileSync(join(repo.dir, '.changeset', 'breaking.md'), given.changeset);
    const result = await gate({
      afterDir: afterDir(given.mutate),
      ...(given.base === 'before-specs' ? { base: beforeSpecs } : {}),
    });
    expect(result.exitCode, [...result.out, ...result.err].join('\n')).toBe(want.exitCode);
    for (const line of want.out) expect(result.out).toContainEqual(typeof line === 'string' ? line : expect.stringMatching(line));
    if (want.err.every((line) => typeof line === 'string')) expect(result.err).toEqual(want.err);
    else for (const line of want.err) expect(result.err).toContainEqual(typeof line === 'string' ? line : expect.stringMatching(line));
  });

  it('before any release tag, on main, says once why a breaking change needs a minor bump, and every line names that bump; the base is HEAD', async () => {
    repo.git('tag', '-d', releaseTag);
    try {
      const head = repo.git('rev-parse', 'HEAD');
      const result = await gate({ afterDir: afterDir(removeBroadcast), base: undefined });
      expect(result.out).toContain(`spec-diff: compared ${relative(repo.dir, scratch.at(-1)!)} with commit ${head} (the merge-base with main)`);
      expect(result.out).toContainEqual(expect.stringMatching(/^spec-diff: the base is HEAD itself/));
      // The printed text, pinned: the reason once, then the change, the summary and each error all name minor.
      expect(result.out.filter((line) => !/^spec-diff: (compared|the base is HEAD)/.test(line))).toEqual([
        'spec-diff: no release tag (@messaging-contracts/*@*) yet: nothing is released to break, so a breaking change needs a minor changeset, not a major (a major would only raise the first version); every contract change still needs a changeset',
        'spec-diff: changesets added since the base (only these count): none',
        'gateway-v1  /paths/~1messages~1broadcast/post  removed operation POST /messages/broadcast  [breaking: minor]',
        `gateway-v1: 1 change(s), 1 breaking, needing a minor bump; no minor changeset for ${gatewayPackages.join(', ')}`,
        ...apiIds.filter((id) => id !== 'gateway-v1').map((id) => `${id}: no changes`),
      ]);
      expect(result.err).toEqual(gatewayPackages.map((pkg) => `spec-diff: gateway-v1 changed: add a minor changeset for ${pkg} (it has none added since the base): pnpm spec-diff --write-changeset`));
      // A patch changeset is not enough; the minor one every line asked for is.
      writeFileSync(join(repo.dir, '.changeset', 'breaking.md'), changesetFor(gatewayPackages, 'patch'));
      expect((await gate({ afterDir: afterDir(removeBroadcast) })).exitCode).toBe(1);
      writeFileSync(join(repo.dir, '.changeset', 'breaking.md'), changesetFor(gatewayPackages, 'minor'));
      expect((await gate({ afterDir: afterDir(removeBroadcast) })).exitCode).toBe(0);
    } finally {
      repo.git('tag', releaseTag, repo.git('rev-parse', 'HEAD'));
    }
  });

  // Four bundlings of the real specs (the first run, then one per poisoned entry, each a miss).
  it("is not decided by a foreign cache entry: a narrowed limit with only minor changesets fails, whatever the entry held", { timeout: 300_000 }, async () => {
    const narrowReference = (id: string, bundle: Json) => {
      // One below the bundle's own limit, whatever it is (a maintainer may have changed it).
      if (id === 'im-v1') bundle.components.schemas.MessagePostRequest.properties.reference.maxLength -= 1;
    };
    const imPackages = affectedBy('im-v1');
    writeFileSync(join(repo.dir, '.changeset', 'breaking.md'), changesetFor([...new Set([...imPackages, ...gatewayPackages])], 'minor'));
    const diskCache = mkdtempSync(join(tmpdir(), 'spec-diff-gate-cache-'));
    scratch.push(diskCache);
    expect((await gate({ afterDir: afterDir(narrowReference), diskCache })).exitCode).toBe(1);
    for (const poison of [(bundles: Record<string, Json>) => { delete bundles['im-v1']; return JSON.stringify(bundles); }, () => '{}', () => '0']) {
      // Each run is a new process in CI; here, a new clone keeps this process's memory out of it.
      const clone = mkdtempSync(join(tmpdir(), 'spec-diff-gate-clone-'));
      scratch.push(clone);
      execFileSync('git', ['clone', '--quiet', repo.dir, clone]);
      execFileSync('git', ['tag', '-f', releaseTag, 'HEAD'], { cwd: clone });
      cpSync(join(repo.dir, '.changeset', 'breaking.md'), join(clone, '.changeset', 'breaking.md'));
      const [entry] = readdirSync(diskCache);
      const text = poison(JSON.parse(readFileSync(join(diskCache, entry!, 'bundles.json'), 'utf8')));
      const manifestFile = join(diskCache, entry!, 'manifest.json');
      const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
      writeFileSync(join(diskCache, entry!, 'bundles.json'), text);
      writeFileSync(join(diskCache, entry!, 'manifest.json'), JSON.stringify({ ...manifest, sha256: createHash('sha256').update(text).digest('hex') }));
      const out: string[] = [];
      const err: string[] = [];
      const exitCode = await runGate({ repoRoot: clone, redocly, afterDir: afterDir(narrowReference), diskCache, out: (line) => out.push(line), err: (line) => err.push(line) });
      expect(out).not.toContainEqual(expect.stringContaining('added the interface'));
      expect(out).toContainEqual(expect.stringMatching(/^im-v1  \S*reference\S*  .*\[breaking: major\]$/));
      expect(exitCode).toBe(1);
      expect(err).toContainEqual(expect.stringMatching(/^spec-diff: im-v1 changed: add a major changeset for @messaging-contracts\/openapi \(it has only a minor one added since the base\)/));
    }
  });

  describe('only changesets added since the base count (a clone, with main holding a pending changeset for every package)', () => {
    let clone: string;
    const everyPackage = [...new Set(apiIds.flatMap(affectedBy))];
    const cloneGit = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
    const run = async (dist: string, writeChangeset = false) => {
      const out: string[] = [];
      const err: string[] = [];
      const exitCode = await runGate({ repoRoot: clone, redocly, afterDir: dist, writeChangeset, out: (line) => out.push(line), err: (line) => err.push(line) });
      return { exitCode, out, err, all: [...out, ...err].join('\n') };
    };
    beforeAll(() => {
      clone = mkdtempSync(join(tmpdir(), 'spec-diff-branch-'));
      execFileSync('git', ['clone', '--quiet', repo.dir, clone]);
      writeFileSync(join(clone, '.changeset', 'earlier-work.md'), changesetFor(everyPackage, 'major'));
      cloneGit('add', '--all');
      cloneGit('commit', '--quiet', '-m', 'earlier work, pending');
    });
    afterAll(() => rmSync(clone, { recursive: true, force: true }));
    afterEach(() => {
      cloneGit('switch', '--quiet', 'main');
      if (cloneGit('branch', '--list', 'feature').trim()) cloneGit('branch', '--quiet', '-D', 'feature');
      cloneGit('clean', '--quiet', '-fd', '.changeset');
    });

    for (const released of [false, true]) {
      const when = released ? 'after the first release (the tag at the base)' : 'before the first release (no tag)';
      it(`${when}: main itself passes; a branch's contract change fails despite main's pending changeset, until --write-changeset writes its own`, async () => {
        cloneGit('tag', '--list').split('\n').filter(Boolean).forEach((tag) => cloneGit('tag', '-d', tag));
        if (released) cloneGit('tag', releaseTag, 'main');
        // main as CI runs it: its own bundles, its earlier changeset pending: nothing changed, nothing required.
        const onMain = await run(afterDir());
        expect(onMain.exitCode, onMain.all).toBe(0);
        cloneGit('switch', '--quiet', '-c', 'feature');
        const changed = afterDir(removeBroadcast);
        const without = await run(changed);
        expect(without.exitCode, without.all).toBe(1);
        expect(without.out).toContain('spec-diff: changesets added since the base (only these count): none');
        expect(without.err).toContainEqual(expect.stringMatching(/^spec-diff: gateway-v1 changed: add a (major|minor) changeset for @messaging-contracts\/openapi \(it has none added since the base\): pnpm spec-diff --write-changeset$/));
        const written = await run(changed, true);
        expect(written.exitCode, written.all).toBe(0);
        const [file] = readdirSync(join(clone, '.changeset')).filter((name) => name.startsWith('contract-change-'));
        const text = readFileSync(join(clone, '.changeset', file!), 'utf8');
        // Breaking: major once released; before, nothing is released to break, and minor is written:
        // the bump every line named, for every package it named.
        const bump = released ? 'major' : 'minor';
        for (const pkg of gatewayPackages) expect(text).toContain(`"${pkg}": ${bump}\n`);
        expect(without.out).toContain(`gateway-v1  /paths/~1messages~1broadcast/post  removed operation POST /messages/broadcast  [breaking: ${bump}]`);
        expect(without.err).toEqual(gatewayPackages.map((pkg) => `spec-diff: gateway-v1 changed: add a ${bump} changeset for ${pkg} (it has none added since the base): pnpm spec-diff --write-changeset`));
        expect(written.out).toContainEqual(expect.stringMatching(new RegExp(`^spec-diff: wrote \\.changeset/contract-change-[0-9a-f]{10}\\.md \\(${gatewayPackages.map((pkg) => `${escape(pkg)}: ${bump}`).join(', ')}\\)`)));
        expect(text).not.toContain('sms-v2-types');
        expect(text).toContain('- gateway-v1: removed operation POST /messages/broadcast (`/paths/~1messages~1broadcast/post`, breaking)');
        cloneGit('add', '--all');
        cloneGit('commit', '--quiet', '-m', 'the change, with its changeset');
        const after = await run(changed);
        expect(after.exitCode, after.all).toBe(0);
        expect(after.out).toContain(`spec-diff: changesets added since the base (only these count): ${file!.replace(/\.md$/, '')}`);
      });
    }
  });

  it('refuses to run without the current bundles', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'spec-diff-after-'));
    scratch.push(empty);
    await expect(gate({ afterDir: empty })).rejects.toThrow(UnusableInput);
    await expect(gate({ afterDir: empty })).rejects.toThrow(/gateway-v1\.json not found: run pnpm build first/);
  });
});

describe('main', () => {
  const cases: [string, { given: string[]; want: { exitCode: 0 | 1 | 2; err: (string | RegExp)[]; out?: RegExp } }][] = [
    ['an unknown base ref is unusable input', { given: ['--base', 'no-such-ref'], want: { exitCode: 2, err: ['spec-diff: unknown git ref: no-such-ref'] } }],
    ['--base without a ref is unusable input', { given: ['--base'], want: { exitCode: 2, err: ['spec-diff: --base needs a git ref'] } }],
    ['an unknown argument is unusable input', { given: ['--head', 'x'], want: { exitCode: 2, err: ['spec-diff: unknown argument: --head'] } }],
    ['--help prints the usage', { given: ['--help'], want: { exitCode: 0, err: [], out: /^usage: spec-diff \[--base <git-ref>\] \[--dist <dir>\]/ } }],
    ['--dist without a folder is unusable input', { given: ['--dist'], want: { exitCode: 2, err: ['spec-diff: --dist needs a folder of bundles'] } }],
  ];
  it.each(cases)('%s', async (_title, { given, want }) => {
    const out: string[] = [];
    const err: string[] = [];
    const exitCode = await main(given, { out: (line) => out.push(line), err: (line) => err.push(line) }, repo.dir);
    expect({ exitCode, err }).toEqual({ exitCode: want.exitCode, err: want.err });
    if (want.out) expect(out.join('\n')).toMatch(want.out);
  });
});

describe('an unusable bundle (issue 12, items 14 and 16)', () => {
  /** A specs/dist copy whose gateway-v1.json holds `text`. */
  const distWith = (text: string) => {
    const dir = afterDir();
    writeFileSync(join(dir, 'gateway-v1.json'), text);
    return dir;
  };
  const nested = (levels: number) => `${'{"allOf":['.repeat(levels)}{"type":"string"}${']}'.repeat(levels)}`;
  const real = readFileSync(join(specsDist, 'gateway-v1.json'), 'utf8');
  const cases: [string, { given: string; want: RegExp }][] = [
    ['an empty object', { given: '{}', want: /gateway-v1\.json: not an OpenAPI 3 document \("openapi" is missing\)$/ }],
    ['null', { given: 'null', want: /gateway-v1\.json: not an OpenAPI document \(the top level is null, not an object\)$/ }],
    ['an array', { given: '[]', want: /gateway-v1\.json: not an OpenAPI document \(the top level is an array, not an object\)$/ }],
    ['a number', { given: '42', want: /gateway-v1\.json: not an OpenAPI document \(the top level is a number, not an object\)$/ }],
    ['a document without paths', { given: '{"openapi":"3.1.0","info":{"title":"x","version":"1"}}', want: /gateway-v1\.json: no "paths" object \(found none\): nothing to compare$/ }],
    ['paths that are not an object', { given: '{"openapi":"3.1.0","paths":[]}', want: /no "paths" object \(found an array\)/ }],
    ['not JSON', { given: '{"openapi":', want: /gateway-v1\.json is not JSON: / }],
    ['3 000 nested allOf', { given: real.replace('"paths": {', `"paths": { "x-deep": ${nested(3000)},`), want: /gateway-v1\.json: nested deeper than 256 levels: refused/ }],
  ];
  it.each(cases)('%s is refused with exit 2 and one line', async (_title, { given, want }) => {
    const out: string[] = [];
    const err: string[] = [];
    const exitCode = await main(['--dist', distWith(given)], { out: (line) => out.push(line), err: (line) => err.push(line) }, repo.dir);
    expect({ exitCode, err: err.length, out }).toEqual({ exitCode: 2, err: 1, out: [] });
    expect(err[0]).toMatch(/^spec-diff: /);
    expect(err[0]).toMatch(want);
    expect(err[0]).not.toContain('\n');
  });
});
