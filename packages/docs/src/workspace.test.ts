import { describe, expect, it } from 'vitest';
import { packagesOf, pendingChangesets, workspacePackages } from './workspace.mjs';

const packages = workspacePackages();

describe('workspacePackages', () => {
  it('finds the packages of pnpm-workspace.yaml, this one included', () => {
    const names = packages.map((p) => p.name);
    expect(names).toContain('@messaging-contracts/docs');
    expect(names).toContain('@messaging-contracts/openapi');
    expect(names).toContain('@messaging-contracts/sms-v2-client');
  });
});

describe('packagesOf', () => {
  it.each([
    ['gateway-v1', ['@messaging-contracts/gateway-v1-client', '@messaging-contracts/gateway-v1-types', '@messaging-contracts/openapi']],
    ['sms-v2', ['@messaging-contracts/sms-v2-client', '@messaging-contracts/sms-v2-types', '@messaging-contracts/webhooks', '@messaging-contracts/openapi']],
    ['im-v1', ['@messaging-contracts/im-v1-client', '@messaging-contracts/im-v1-types', '@messaging-contracts/webhooks', '@messaging-contracts/openapi']],
  ])('%s: its client, its types, the receivers where it has callbacks, the bundles; never a private package', (id, names) => {
    expect(packagesOf(packages, id, '@messaging-contracts').map((p) => p.name)).toEqual(names);
  });
});

describe('pendingChangesets', () => {
  it('reads each pending changeset with the packages it bumps', () => {
    const changesets = pendingChangesets();
    for (const changeset of changesets) {
      expect(changeset.releases.length, changeset.file).toBeGreaterThan(0);
      for (const release of changeset.releases) expect(['major', 'minor', 'patch', 'none']).toContain(release.type);
    }
  });
});
