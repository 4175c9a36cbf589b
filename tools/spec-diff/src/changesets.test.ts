// The changeset rule: every contract change needs a changeset for each package it alters, at the
// bump the change needs once something is released. Changesets are read from temporary .changeset folders with changesets' own reader.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addedBumps, typesPackageOf } from './changesets.js';
import type { Json } from './diff.js';
import { evaluate } from './gate.js';
import { pair } from './test-support/bundles.js';
import { changesetText } from './write-changeset.js';

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

describe('addedBumps (no base: every pending changeset)', () => {
  const cases: [string, { given?: Record<string, string>; want: Record<string, string> }][] = [
    ['no .changeset folder: none', { want: {} }],
    ['only the README: none', { given: { 'README.md': readme }, want: {} }],
    [
      'the highest bump of each package, across files',
      {
        given: {
          'README.md': readme,
          'brave-owls-sing.md': changeset({ [typesPackageOf('im-v1')]: 'major', [typesPackageOf('sms-v2')]: 'minor' }),
          'quiet-dogs-run.md': changeset({ [typesPackageOf('gateway-v1')]: 'major', [typesPackageOf('sms-v2')]: 'patch' }),
          'calm-cats-nap.md': changeset({ [typesPackageOf('campaign-manager-v1')]: 'patch' }),
        },
        want: {
          '@messaging-contracts/campaign-manager-v1-types': 'patch',
          '@messaging-contracts/gateway-v1-types': 'major',
          '@messaging-contracts/im-v1-types': 'major',
          '@messaging-contracts/sms-v2-types': 'minor',
        },
      },
    ],
  ];
  it.each(cases)('%s', async (_title, { given, want }) => {
    expect(Object.fromEntries((await addedBumps(projectWith(given))).bumps)).toEqual(want);
  });
});

describe('the gate rule', () => {
  const removeBroadcast = (d: Json) => delete d.paths['/messages/broadcast'];
  const addOptionalField = (d: Json) => (d.components.schemas.Message.properties.priority = { type: 'integer' });
  const retitle = (d: Json) => (d.info.title = 'Another title');
  const gatewayPackages = ['@messaging-contracts/gateway-v1-client', '@messaging-contracts/gateway-v1-types', '@messaging-contracts/openapi'];
  const all = (bump: string) => changeset(Object.fromEntries(gatewayPackages.map((name) => [name, bump])));
  const missing = (bump: string, has: string | undefined, packages = gatewayPackages) =>
    packages.map((pkg) => `gateway-v1 changed: add a ${bump} changeset for ${pkg} (it has ${has ? `only a ${has} one` : 'none'} added since the base): pnpm spec-diff --write-changeset`);
  const cases: [
    string,
    { given: { mutate: (d: Json) => void; changesets: Record<string, string>; released?: false }; want: { exitCode: 0 | 1; errors: string[] } },
  ][] = [
    ['a breaking change with a major changeset for every package it alters passes', { given: { mutate: removeBroadcast, changesets: { 'a.md': all('major') } }, want: { exitCode: 0, errors: [] } }],
    ['a breaking change with only minor changesets fails, naming each package', { given: { mutate: removeBroadcast, changesets: { 'a.md': all('minor') } }, want: { exitCode: 1, errors: missing('major', 'minor') } }],
    [
      'a breaking change with a major changeset for the types package only fails for the contract and the client',
      {
        given: { mutate: removeBroadcast, changesets: { 'a.md': changeset({ '@messaging-contracts/gateway-v1-types': 'major' }) } },
        want: { exitCode: 1, errors: missing('major', undefined, ['@messaging-contracts/gateway-v1-client', '@messaging-contracts/openapi']) },
      },
    ],
    [
      "a breaking change with major changesets for another interface's packages fails",
      { given: { mutate: removeBroadcast, changesets: { 'a.md': changeset({ '@messaging-contracts/sms-v2-types': 'major' }) } }, want: { exitCode: 1, errors: missing('major', undefined) } },
    ],
    ['a non-breaking change without a changeset fails', { given: { mutate: addOptionalField, changesets: { 'README.md': readme } }, want: { exitCode: 1, errors: missing('minor', undefined) } }],
    ['a non-breaking change with minor changesets passes', { given: { mutate: addOptionalField, changesets: { 'a.md': all('minor') } }, want: { exitCode: 0, errors: [] } }],
    ['a change outside paths (the title) needs a patch changeset', { given: { mutate: retitle, changesets: {} }, want: { exitCode: 1, errors: missing('patch', undefined) } }],
    // Before the first release a breaking change needs a minor bump (a major would only raise the first version).
    [
      'before the first release a breaking change is covered by minor changesets',
      { given: { mutate: removeBroadcast, changesets: { 'a.md': all('minor') }, released: false }, want: { exitCode: 0, errors: [] } },
    ],
    [
      'before the first release a breaking change with only patch changesets fails, asking for minor ones',
      { given: { mutate: removeBroadcast, changesets: { 'a.md': all('patch') }, released: false }, want: { exitCode: 1, errors: missing('minor', 'patch') } },
    ],
    [
      'before the first release a contract change still needs a changeset',
      { given: { mutate: removeBroadcast, changesets: {}, released: false }, want: { exitCode: 1, errors: missing('minor', undefined) } },
    ],
    ['no change needs no changeset', { given: { mutate: () => {}, changesets: {} }, want: { exitCode: 0, errors: [] } }],
  ];
  const affected = (id: string) => (id === 'gateway-v1' ? gatewayPackages : [`@messaging-contracts/${id}-types`]);
  it.each(cases)('%s', async (_title, { given, want }) => {
    const { before, after } = pair('gateway-v1', given.mutate);
    const { bumps } = await addedBumps(projectWith(given.changesets));
    const outcome = evaluate([{ id: 'gateway-v1', before, after }], { bumps, affected, released: given.released ?? true });
    expect({ exitCode: outcome.exitCode, errors: outcome.errors }).toEqual(want);
  });

  it('lists each change with its pointer, what changed, its kind and the bump it needs', () => {
    const { before, after } = pair('gateway-v1', (d) => {
      removeBroadcast(d);
      addOptionalField(d);
    });
    const { lines } = evaluate([{ id: 'gateway-v1', before, after }], { bumps: new Map(), affected, released: true });
    expect(lines).toContain('gateway-v1  /paths/~1messages~1broadcast/post  removed operation POST /messages/broadcast  [breaking: major]');
    expect(lines).toContainEqual(
      'gateway-v1  /paths/~1messages~1{messageid}/get/responses/200/content/application~1json/schema/properties/priority  added property "priority" in the response 200 of GET /messages/{messageid} (sent by the service)  [non-breaking: minor]',
    );
    const changes = lines.filter((line) => line.startsWith('gateway-v1  '));
    expect(changes.every((line) => /^gateway-v1  \/\S+  .+  \[(breaking: major|non-breaking: minor)\]$/.test(line))).toBe(true);
    expect(lines.at(-1)).toBe(`gateway-v1: ${changes.length} change(s), 1 breaking, needing a major bump; no major changeset for ${gatewayPackages.join(', ')}`);
  });

  it('writes a changeset whose summary names the field, the kind of change and where it is, not only the pointer', () => {
    const reference = (d: Json) => d.components.schemas.MessagePostRequest.properties.reference;
    const { before, after } = pair('im-v1', (d) => (reference(d).maxLength -= 1));
    const limit: number = reference(before).maxLength;
    const outcome = evaluate([{ id: 'im-v1', before, after }], { bumps: new Map(), affected, released: true });
    expect(changesetText(outcome.changeset!)).toBe(
      [
        '---',
        '"@messaging-contracts/im-v1-types": major',
        '---',
        '',
        'Contract changes:',
        '',
        `- im-v1: changed limit maxLength ${limit} -> ${limit - 1} of property "reference" in the request body of POST /message (sent by the client) (\`/paths/~1message/post/requestBody/content/application~1json/schema/properties/reference/maxLength\`, breaking)`,
        '',
      ].join('\n'),
    );
  });

  it('treats an interface the base does not have as an addition, and one that is gone as breaking', () => {
    const { before } = pair('im-v1', () => {});
    const outcome = evaluate(
      [
        { id: 'im-v1', after: before },
        { id: 'sms-v2', before: pair('sms-v2', () => {}).before },
      ],
      { bumps: new Map([['@messaging-contracts/im-v1-types', 'minor']]), affected, released: true },
    );
    expect(outcome.lines).toEqual([
      'im-v1  #  added the interface (not at the base)  [non-breaking: minor]',
      'sms-v2  #  removed the interface (its bundle is gone)  [breaking: major]',
      'im-v1: 1 change(s), 0 breaking, needing a minor bump; covered by changesets for @messaging-contracts/im-v1-types',
      'sms-v2: 1 change(s), 1 breaking, needing a major bump; no major changeset for @messaging-contracts/sms-v2-types',
    ]);
    expect(outcome.exitCode).toBe(1);
  });
});
