// Changelogs speak to integrators: no changeset, CHANGELOG.md or changelog page cites the project's
// own issue, item or pull request numbers. The build's changelog pages are held to it in build.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changelogSources, internalReferences, internalReferencesInChangelogs } from './internal-references.mjs';

describe('internalReferences', () => {
  it.each([
    ['Fixes issue 12, items 8 to 13.', ['issue 12', 'items 8']],
    ['(Item 8 of issue 12)', ['Item 8', 'issue 12']],
    ['See #24 and PR #7; pull request 9.', ['PR #7', 'pull request 9', '#24']],
    ['Issues 3 and 4', ['Issues 3']],
  ])('finds the citations in %j', (text, found) => {
    expect(internalReferences(text).map((r) => r.text).sort()).toEqual(found.sort());
  });

  it.each([
    '## 2.0.0\n\n### Major Changes',
    'Section 6 of the document; RFC 9110 section 10.2.3; HTTP 429 and 5xx.',
    'A `Retry-After` date; &#39;quoted&#39;; up to 1000 items per list; 255 characters.',
    '- abc123: Removed `GET /messages`.',
  ])('leaves %j alone', (text) => {
    expect(internalReferences(text)).toEqual([]);
  });
});

describe('the workspace changelogs', () => {
  it('read the pending changesets, and any CHANGELOG.md', () => {
    expect(changelogSources().filter((file) => file.startsWith('.changeset/')).length).toBeGreaterThan(0);
  });

  it('cite no internal issue, item or pull request number', () => {
    expect(internalReferencesInChangelogs()).toEqual([]);
  });

  // The gate above, on a workspace of its own with a good changeset beside a bad one and a bad
  // CHANGELOG.md: each bad one is named with its line.
  const copy = mkdtempSync(join(tmpdir(), 'docs-changelog-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  it('names a planted changeset and CHANGELOG.md that cite them', () => {
    mkdirSync(join(copy, '.changeset'));
    writeFileSync(join(copy, '.changeset', 'README.md'), 'Issue 1 may be named here: not a changeset.\n');
    writeFileSync(join(copy, '.changeset', 'good.md'), '---\n"one": patch\n---\n\nA retried request keeps its `Idempotency-Key` (RFC 9110 section 9.2.2).\n');
    writeFileSync(join(copy, 'pnpm-workspace.yaml'), "packages:\n  - 'packages/*'\n");
    mkdirSync(join(copy, 'packages', 'one'), { recursive: true });
    writeFileSync(join(copy, 'packages', 'one', 'package.json'), '{ "name": "one", "version": "1.0.0" }');
    writeFileSync(join(copy, 'packages', 'one', 'CHANGELOG.md'), '# one\n\n## 1.0.0\n\n### Minor Changes\n\n- Added retries (#24).\n');
    writeFileSync(join(copy, '.changeset', 'planted.md'), '---\n"one": minor\n---\n\nThe clients retry (issue 12, items 8 to 13).\n');
    expect(internalReferencesInChangelogs(copy)).toEqual([
      '.changeset/planted.md:5: "issue 12"',
      '.changeset/planted.md:5: "items 8"',
      'packages/one/CHANGELOG.md:7: "#24"',
    ]);
  });
});
