import { describe, expect, it } from 'vitest';
import { withoutMaintainerSections } from './readme-sections.mjs';

const readme = [
  '# pkg',
  'Use it ([tests](#test-for-the-repositorys-maintainers), [usage](#usage)).',
  '## Usage',
  '```sh',
  "## Not a heading (for the repository's maintainers)",
  '```',
  "## Test (for the repository's maintainers)",
  'pnpm test',
  '### Details',
  'more',
  '## After',
  'kept',
].join('\n');

describe('withoutMaintainerSections', () => {
  const { markdown, dropped } = withoutMaintainerSections(readme);

  it("leaves out a maintainers' section, its subsections included, up to the next heading of its level", () => {
    expect(dropped).toEqual(["Test (for the repository's maintainers)"]);
    expect(markdown).not.toContain('pnpm test');
    expect(markdown).not.toContain('### Details');
    expect(markdown).toContain('## After\nkept');
  });

  it('reads a heading inside fenced code as code', () => {
    expect(markdown).toContain("```sh\n## Not a heading (for the repository's maintainers)\n```");
  });

  it('keeps a link to a section left out as its text, and other links as they are', () => {
    expect(markdown).toContain('Use it (tests, [usage](#usage)).');
  });

  it('changes nothing in a README without such a section', () => {
    expect(withoutMaintainerSections('# a\n\n## b\n\ntext\n')).toEqual({ markdown: '# a\n\n## b\n\ntext\n', dropped: [] });
  });
});
