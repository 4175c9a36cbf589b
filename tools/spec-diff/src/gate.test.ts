// The gate end to end, in a throwaway git repository holding this repository's specs: the base
// bundles are built from git, the current ones are copies of specs/dist (mutated per case).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './diff.js';
import { UnusableInput } from './errors.js';
import { runGate } from './gate.js';
import { main } from './main.js';
import { repoRoot, specsDist } from './test-support/bundles.js';
import { type TempRepo, tempRepo } from './test-support/git-repo.js';

const apiIds = ['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'];
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
  repo.commit('the four contracts', { '.changeset/README.md': '# Changesets\n' }, '2024-02-01T00:00:00Z');
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

async function gate(options: { afterDir: string; base?: string }) {
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

describe('runGate', () => {
  const cases: [
    string,
    {
      given: { mutate?: (id: string, bundle: Json) => void; changeset?: string; base?: 'before-specs' };
      want: { exitCode: 0 | 1; out: (string | RegExp)[]; err: (string | RegExp)[] };
    },
  ][] = [
    [
      'unchanged bundles pass: the base, bundled from git, equals specs/dist',
      {
        given: {},
        want: {
          exitCode: 0,
          out: [
            new RegExp(`compared with ${releaseTag.replace(/[.@/]/g, '\\$&')} \\(\\w+\\), the newest release tag$`),
            ...apiIds.map((id) => `${id}: no breaking changes (0 other change(s))`),
          ],
          err: [],
        },
      },
    ],
    [
      'a removed endpoint without a changeset fails and says which changeset is missing',
      {
        given: { mutate: removeBroadcast },
        want: {
          exitCode: 1,
          out: [
            'gateway-v1  /paths/~1messages~1broadcast/post  removed operation POST /messages/broadcast',
            'gateway-v1: 1 breaking change(s), and no major changeset for @messaging-contracts/gateway-v1-types',
            'sms-v2: no breaking changes (0 other change(s))',
          ],
          err: [
            'spec-diff: gateway-v1 has breaking changes: add a major changeset for @messaging-contracts/gateway-v1-types (pnpm changeset)',
          ],
        },
      },
    ],
    [
      'a removed endpoint with an uncommitted major changeset passes',
      {
        given: {
          mutate: removeBroadcast,
          changeset: '---\n"@messaging-contracts/gateway-v1-types": major\n---\n\nRemove sendBroadcast.\n',
        },
        want: {
          exitCode: 0,
          out: ['gateway-v1: 1 breaking change(s), covered by a major changeset for @messaging-contracts/gateway-v1-types'],
          err: [],
        },
      },
    ],
    [
      'against a base without specs every interface is new, and nothing is breaking',
      {
        given: { mutate: removeBroadcast, base: 'before-specs' },
        want: {
          exitCode: 0,
          out: [/has no specs\/: every interface is new there$/, 'gateway-v1: new interface (not at the base), nothing to compare: not breaking'],
          err: [],
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
    expect(result.exitCode).toBe(want.exitCode);
    for (const line of want.out) expect(result.out).toContainEqual(typeof line === 'string' ? line : expect.stringMatching(line));
    expect(result.err).toEqual(want.err);
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
    ['--help prints the usage', { given: ['--help'], want: { exitCode: 0, err: [], out: /^usage: spec-diff \[--base <git-ref>\]/ } }],
  ];
  it.each(cases)('%s', async (_title, { given, want }) => {
    const out: string[] = [];
    const err: string[] = [];
    const exitCode = await main(given, { out: (line) => out.push(line), err: (line) => err.push(line) }, repo.dir);
    expect({ exitCode, err }).toEqual({ exitCode: want.exitCode, err: want.err });
    if (want.out) expect(out.join('\n')).toMatch(want.out);
  });
});
