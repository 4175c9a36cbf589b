import { describe, expect, it } from 'vitest';
import { majorChanges, renderChangelog } from './changelog.mjs';
import { preReleaseRule } from '@messaging-contracts/spec-diff/dist/bumps.js';
import { escapeHtml } from './html.mjs';

const facts = { id: 'sms-v2', letter: 'B', title: 'SMS interface v2', version: '1.0.0' };
const changesets = [
  { file: 'first.md', releases: [{ name: '@messaging-contracts/sms-v2-types', type: 'minor' }, { name: '@messaging-contracts/im-v1-types', type: 'minor' }], summary: 'First `release`.' },
  { file: 'other.md', releases: [{ name: '@messaging-contracts/im-v1-types', type: 'patch' }], summary: 'Only C.' },
];
const CHANGELOG = `# @messaging-contracts/sms-v2-types

## 2.0.0

### Major Changes

- abc123: Removed \`GET /messages\`.

### Minor Changes

- def456: Added a field.

## 1.1.0

### Minor Changes

- Added reference.

## 1.0.0

### Major Changes

- First release.
`;

describe('renderChangelog: pending changesets', () => {
  const sharedAndOwn = [
    { name: '@messaging-contracts/sms-v2-types', changelog: undefined },
    { name: '@messaging-contracts/openapi', changelog: undefined },
    { name: '@messaging-contracts/sandbox', changelog: undefined },
  ];
  const pending = [
    {
      file: 'd-example.md',
      releases: [{ name: '@messaging-contracts/campaign-manager-v1-types', type: 'patch' }, { name: '@messaging-contracts/openapi', type: 'patch' }, { name: '@messaging-contracts/sandbox', type: 'patch' }],
      summary: "D's example reply is illustrative.",
    },
    {
      file: 'b-and-d.md',
      releases: [{ name: '@messaging-contracts/campaign-manager-v1-types', type: 'patch' }, { name: '@messaging-contracts/sms-v2-types', type: 'minor' }, { name: '@messaging-contracts/openapi', type: 'minor' }],
      summary: 'B and D: a new field.\n\nSecond paragraph, with `code` and a list:\n\n- one\n- two',
    },
    { file: 'sandbox-only.md', releases: [{ name: '@messaging-contracts/sandbox', type: 'patch' }], summary: 'The sandbox starts faster.' },
  ];
  const html = renderChangelog(facts, sharedAndOwn, pending, '@messaging-contracts/sms-v2-types');

  it("leaves out a changeset about another interface, though it also releases a shared package of this one (the openapi package, the sandbox)", () => {
    expect(html).not.toContain('d-example.md');
    expect(html).not.toContain("D's example reply");
  });

  it('shows a changeset naming several interfaces, with only the packages of this one', () => {
    expect(html).toContain('b-and-d.md');
    expect(html).toContain('<code>@messaging-contracts/sms-v2-types</code> minor, <code>@messaging-contracts/openapi</code> minor');
    expect(html).not.toContain('campaign-manager-v1-types');
  });

  it('shows a changeset of shared packages only', () => {
    expect(html).toContain('The sandbox starts faster.');
  });

  it("renders a changeset's whole summary as Markdown, not its first line", () => {
    expect(html).toContain('<p>B and D: a new field.</p>');
    expect(html).toContain('<p>Second paragraph, with <code>code</code> and a list:</p>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
  });
});

describe('majorChanges', () => {
  it('takes the Major Changes of each release, and nothing else', () => {
    expect(majorChanges(CHANGELOG)).toEqual([
      { version: '2.0.0', changes: '- abc123: Removed `GET /messages`.' },
      { version: '1.0.0', changes: '- First release.' },
    ]);
  });
});

describe('renderChangelog', () => {
  it('says no release yet, lists the pending changesets that touch the interface, and that no report exists yet', () => {
    const html = renderChangelog(facts, [{ name: '@messaging-contracts/sms-v2-types', changelog: undefined }], changesets, '@messaging-contracts/sms-v2-types');
    expect(html).toContain('<strong>No release yet.</strong>');
    expect(html).toContain('First <code>release</code>.');
    expect(html).toContain('<code>@messaging-contracts/sms-v2-types</code> minor');
    expect(html).not.toContain('im-v1-types');
    expect(html).not.toContain('Only C.');
    expect(html).toContain('Nothing is released yet, so there is no breaking-change report between releases.');
    // What spec-diff does before the first release, in its own words (a minor changeset, not a major).
    expect(html).toContain('a breaking change needs a minor changeset, not a major (a major would only raise the first version).');
    expect(html).toContain(escapeHtml(preReleaseRule));
    expect(html).not.toContain('no major changeset');
  });

  it('shows the changelogs and the breaking changes between releases once there are releases', () => {
    const html = renderChangelog(facts, [{ name: '@messaging-contracts/sms-v2-types', changelog: CHANGELOG }], [], '@messaging-contracts/sms-v2-types');
    expect(html).not.toContain('No release yet');
    expect(html).toContain('<li>None.</li>');
    expect(html).toMatch(/<h3>2\.0\.0<\/h3>\s*<ul>\s*<li>abc123: Removed <code>GET \/messages<\/code>\.<\/li>\s*<\/ul>/);
    expect(html).toContain('Added a field.');
  });
});
