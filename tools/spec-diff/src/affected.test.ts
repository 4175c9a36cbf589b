// Which published packages a contract change alters: derived from the workspace graph, so the
// packages other branches add (validators, sandbox) are covered without a hand-kept list.
import { describe, expect, it } from 'vitest';
import { affectedPackages, readWorkspace, type WorkspacePackage } from './affected.js';
import { apiIds as ids, repoRoot } from './test-support/bundles.js';

const scope = (name: string) => `@messaging-contracts/${name}`;
/** A package with runtime dependencies `runtime` and dev dependencies `dev`. */
const pkg = (name: string, runtime: string[], dev: string[] = [], isPrivate = false): WorkspacePackage => ({
  name: scope(name),
  private: isPrivate,
  dependsOn: [...runtime, ...dev].map(scope),
  runtimeDependsOn: runtime.map(scope),
});

/** This repository's graph, with validators and sandbox as their branches make them. */
const workspace: WorkspacePackage[] = [
  pkg('openapi', [], ['spec-check']),
  pkg('spec-check', [], [], true),
  pkg('docs', [], ['openapi'], true),
  pkg('client-core', []),
  ...ids.flatMap((id) => [pkg(`${id}-types`, [], ['openapi', 'typegen']), pkg(`${id}-client`, [`${id}-types`, 'client-core'], ['openapi'])]),
  pkg('typegen', [], [], true),
  // Generated from every bundle (a dev dependency); tested with the clients (dev dependencies too).
  pkg('validators', [], ['openapi', ...ids.map((id) => `${id}-client`)]),
  // Uses the validators at run time, but only B's and C's types: a change to A or D leaves it as it is.
  pkg('webhooks', ['sms-v2-types', 'im-v1-types', 'validators'], ['openapi']),
  pkg('sandbox', ['openapi', 'validators'], [...ids.map((id) => `${id}-client`), 'webhooks']),
  // Reaches only B's and C's types (through the webhooks), but reads all four bundles at run time.
  pkg('verify', ['openapi', 'sandbox', 'validators', 'webhooks']),
];

describe('affectedPackages', () => {
  const cases: [string, { given: string; want: string[] }][] = [
    ['A: the contract, its types and client, validators, the sandbox and verify', { given: 'gateway-v1', want: ['gateway-v1-client', 'gateway-v1-types', 'openapi', 'sandbox', 'validators', 'verify'] }],
    ['B: the same, and the webhooks', { given: 'sms-v2', want: ['openapi', 'sandbox', 'sms-v2-client', 'sms-v2-types', 'validators', 'verify', 'webhooks'] }],
    ['C: the same, and the webhooks', { given: 'im-v1', want: ['im-v1-client', 'im-v1-types', 'openapi', 'sandbox', 'validators', 'verify', 'webhooks'] }],
    ['D: no webhooks, no private package', { given: 'campaign-manager-v1', want: ['campaign-manager-v1-client', 'campaign-manager-v1-types', 'openapi', 'sandbox', 'validators', 'verify'] }],
  ];
  it.each(cases)('%s', (_title, { given, want }) => {
    expect(affectedPackages(workspace, given, ids)).toEqual(want.map(scope));
  });

  it("reads this repository's workspace: every -types and -client package, and webhooks for B", () => {
    const affected = affectedPackages(readWorkspace(repoRoot), 'sms-v2', ids);
    expect(affected).toEqual(expect.arrayContaining(['openapi', 'sms-v2-types', 'sms-v2-client', 'webhooks'].map(scope)));
    expect(affected).not.toContain(scope('gateway-v1-types'));
    expect(affected).not.toContain(scope('docs'));
  });

  // verify depends on the contract at run time and checks all four interfaces, though the only
  // types it reaches are B's and C's (through the webhooks): a change to A or D requires it too.
  it.each(['gateway-v1', 'campaign-manager-v1'])("reads this repository's workspace: a change to %s requires verify", (id) => {
    expect(affectedPackages(readWorkspace(repoRoot), id, ids)).toContain(scope('verify'));
  });
});
