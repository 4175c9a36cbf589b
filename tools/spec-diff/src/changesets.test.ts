// The changeset rule: an interface with breaking changes needs a major changeset for its types
// package. Changesets are read from temporary .changeset folders with changesets' own reader.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { majorBumps, typesPackageOf } from './changesets.js';
import type { Json } from './diff.js';
import { evaluate } from './gate.js';
import { pair } from './test-support/bundles.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project root whose .changeset folder holds `files` (none: no .changeset folder at all). */
function projectWith(files?: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'spec-diff-changesets-'));
  roots.push(root);
  if (files) {
    mkdirSync(join(root, '.changeset'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, '.changeset', name), text);
  }
  return root;
}

const changeset = (releases: Record<string, string>, summary = 'A change.') =>
  `---\n${Object.entries(releases)
    .map(([name, type]) => `"${name}": ${type}`)
    .join('\n')}\n---\n\n${summary}\n`;

const readme = '# Changesets\n\nA breaking change is a **major** bump.\n';

describe('majorBumps', () => {
  const cases: [string, { given?: Record<string, string>; want: string[] }][] = [
    ['no .changeset folder: none', { want: [] }],
    ['only the README: none', { given: { 'README.md': readme }, want: [] }],
    [
      'the packages bumped major, across files, and not the minor ones',
      {
        given: {
          'README.md': readme,
          'brave-owls-sing.md': changeset({ [typesPackageOf('im-v1')]: 'major', [typesPackageOf('sms-v2')]: 'minor' }),
          'quiet-dogs-run.md': changeset({ [typesPackageOf('gateway-v1')]: 'major' }),
          'calm-cats-nap.md': changeset({ [typesPackageOf('campaign-manager-v1')]: 'patch' }),
        },
        want: ['@messaging-contracts/gateway-v1-types', '@messaging-contracts/im-v1-types'],
      },
    ],
  ];
  it.each(cases)('%s', async (_title, { given, want }) => {
    expect([...(await majorBumps(projectWith(given)))].sort()).toEqual(want);
  });
});

describe('the gate rule', () => {
  const removeBroadcast = (d: Json) => delete d.paths['/messages/broadcast'];
  const addOptionalField = (d: Json) => (d.components.schemas.Message.properties.priority = { type: 'integer' });
  const cases: [
    string,
    { given: { mutate: (d: Json) => void; changesets: Record<string, string> }; want: { exitCode: 0 | 1; errors: string[] } },
  ][] = [
    [
      'a breaking change with a major changeset for its types package passes',
      {
        given: { mutate: removeBroadcast, changesets: { 'a.md': changeset({ '@messaging-contracts/gateway-v1-types': 'major' }) } },
        want: { exitCode: 0, errors: [] },
      },
    ],
    [
      'a breaking change with only a minor changeset fails',
      {
        given: { mutate: removeBroadcast, changesets: { 'a.md': changeset({ '@messaging-contracts/gateway-v1-types': 'minor' }) } },
        want: {
          exitCode: 1,
          errors: ['gateway-v1 has breaking changes: add a major changeset for @messaging-contracts/gateway-v1-types (pnpm changeset)'],
        },
      },
    ],
    [
      "a breaking change with a major changeset for another interface's package fails",
      {
        given: { mutate: removeBroadcast, changesets: { 'a.md': changeset({ '@messaging-contracts/sms-v2-types': 'major' }) } },
        want: {
          exitCode: 1,
          errors: ['gateway-v1 has breaking changes: add a major changeset for @messaging-contracts/gateway-v1-types (pnpm changeset)'],
        },
      },
    ],
    [
      'a non-breaking change needs no changeset',
      { given: { mutate: addOptionalField, changesets: { 'README.md': readme } }, want: { exitCode: 0, errors: [] } },
    ],
  ];
  it.each(cases)('%s', async (_title, { given, want }) => {
    const { before, after } = pair('gateway-v1', given.mutate);
    const majors = await majorBumps(projectWith(given.changesets));
    const outcome = evaluate([{ id: 'gateway-v1', before, after }], majors);
    expect({ exitCode: outcome.exitCode, errors: outcome.errors }).toEqual(want);
  });

  it('prints each breaking change as "<interface>  <json pointer>  <what changed>"', () => {
    const { before, after } = pair('gateway-v1', removeBroadcast);
    expect(evaluate([{ id: 'gateway-v1', before, after }], new Set()).lines).toEqual([
      'gateway-v1  /paths/~1messages~1broadcast/post  removed operation POST /messages/broadcast',
      'gateway-v1: 1 breaking change(s), and no major changeset for @messaging-contracts/gateway-v1-types',
    ]);
  });

  it('treats an interface the base does not have as new, and one that is gone as breaking', () => {
    const { before } = pair('im-v1', () => {});
    const outcome = evaluate(
      [
        { id: 'im-v1', after: before },
        { id: 'sms-v2', before: pair('sms-v2', () => {}).before },
      ],
      new Set(),
    );
    expect(outcome.lines).toEqual([
      'sms-v2  #  removed the interface (its bundle is gone)',
      'im-v1: new interface (not at the base), nothing to compare: not breaking',
      'sms-v2: 1 breaking change(s), and no major changeset for @messaging-contracts/sms-v2-types',
    ]);
    expect(outcome.exitCode).toBe(1);
  });
});
