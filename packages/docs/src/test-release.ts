// A release for the tests of the versioned site: B alone (the other interfaces came later), one
// path short of the working tree's B (so the working tree adds it), and a CHANGELOG.md for its types.
import { readFileSync } from 'node:fs';
import { findBundles } from './bundles.mjs';
import type { Release } from './versions.mjs';

export const TEST_VERSION = '0.0.0-rc.1';
export const TEST_INTERFACE = 'sms-v2';
export const TEST_REMOVED_PATH = '/openapi.yaml';
export const TEST_CHANGELOG_ENTRY = 'First release of the SMS types.';

export function testRelease(): Release {
  const bundle = findBundles().find((b) => b.id === TEST_INTERFACE)!;
  const doc = JSON.parse(readFileSync(bundle.jsonPath, 'utf8'));
  delete doc.paths[TEST_REMOVED_PATH];
  return {
    version: TEST_VERSION,
    tag: `@messaging-contracts/openapi@${TEST_VERSION}`,
    bundles: new Map([[TEST_INTERFACE, doc]]),
    changelogs: new Map([[`@messaging-contracts/${TEST_INTERFACE}-types`, `# @messaging-contracts/${TEST_INTERFACE}-types\n\n## ${TEST_VERSION}\n\n### Minor Changes\n\n- ${TEST_CHANGELOG_ENTRY}\n`]]),
  };
}
