import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown.mjs';
import { repositoryLinker, trackedFiles } from './repository-paths.mjs';
import { workspaceRoot } from './workspace.mjs';

const WEB = 'https://github.com/owner/repo';
const link = repositoryLinker(WEB, ['packages/verify/src/generate.ts', 'tools/spec-check/catalog/a.yaml', 'specs/interfaces.json', 'README.md'])('packages/verify');

describe('repositoryLinker', () => {
  it.each([
    ['a file of the README\'s own package', 'src/generate.ts', `${WEB}/blob/HEAD/packages/verify/src/generate.ts`],
    ["a folder of the repository's root", 'tools/spec-check/catalog', `${WEB}/tree/HEAD/tools/spec-check/catalog`],
    ['a folder written with its slash', 'tools/spec-check/', `${WEB}/tree/HEAD/tools/spec-check`],
    ["a file of the repository's root", 'specs/interfaces.json', `${WEB}/blob/HEAD/specs/interfaces.json`],
  ])('links %s', (_what, text, want) => expect(link(text)).toBe(want));

  it.each([
    ['a path the repository does not track (generated, node_modules)', 'specs/dist/im-v1.json'],
    ['a placeholder or a glob', 'specs/<id>/workflows/*.arazzo.yaml'],
    ['a command that holds a path', 'node --test test/a.test.mjs'],
    ['a way out of the repository', '../verify/src/generate.ts'],
    ['a package name', '@messaging-contracts/verify'],
    ['a bare file name (one segment: too easily a word)', 'README.md'],
  ])('leaves alone %s', (_what, text) => expect(link(text)).toBeUndefined());

  it("reads the tracked files from this clone's git", () => {
    expect(trackedFiles(workspaceRoot())).toContain('packages/docs/src/repository.mjs');
  });
});

describe('markdownToHtml with linkPath', () => {
  it('links a code span naming a tracked path, and no code span inside a link or a code block', () => {
    const html = markdownToHtml('See `src/generate.ts` and [`src/generate.ts`](#x).\n\n```\nsrc/generate.ts\n```\n', 1, new Map(), link);
    expect(html).toContain(`See <a href="${WEB}/blob/HEAD/packages/verify/src/generate.ts"><code>src/generate.ts</code></a> and <a href="#x"><code>src/generate.ts</code></a>.`);
    expect(html).toContain('<pre><code>src/generate.ts\n</code></pre>');
  });
});
