import { describe, expect, it } from 'vitest';
import { checkFileList, checkSourceMaps } from './file-list.js';
import type { Manifest } from './workspace.js';

const clientManifest: Manifest = {
  name: '@messaging-contracts/x-client',
  files: ['dist'],
  exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './package.json': './package.json' },
};
const clientFiles = ['LICENSE', 'README.md', 'dist/index.d.ts', 'dist/index.js', 'package.json'];

const tests: [string, { manifest?: Manifest; files: string[]; want: (string | RegExp)[] }][] = [
  ['a client with README, package.json and dist', { files: clientFiles, want: [] }],
  ['a CHANGELOG beside the declared files', { files: [...clientFiles, 'CHANGELOG.md'], want: [] }],
  ['no LICENSE (the manifest says MIT, whose text must ship)', { files: clientFiles.filter((f) => f !== 'LICENSE'), want: ['LICENSE is missing'] }],
  ['no README', { files: clientFiles.filter((f) => f !== 'README.md'), want: ['README.md is missing'] }],
  ['a compiled test in dist', { files: [...clientFiles, 'dist/client.test.js'], want: [/dist\/client\.test\.js is a test file/] }],
  ['a type test in dist', { files: [...clientFiles, 'dist/index.test-d.d.ts'], want: [/a type test/] }],
  ['a test helper folder', { files: [...clientFiles, 'dist/test-support/server.js'], want: [/a test helper/] }],
  ['a testing folder (test support lives in the private test-kit)', { files: [...clientFiles, 'dist/testing/wire-suite.js'], want: [/a test helper/] }],
  ['source files outside "files"', { files: [...clientFiles, 'src/index.ts'], want: [/src\/index\.ts is not under any "files" entry/] }],
  ['a tsconfig', { files: [...clientFiles, 'tsconfig.json'], want: [/tsconfig\.json is a tsconfig/] }],
  ['a turbo cache', { files: [...clientFiles, 'dist/.turbo/turbo-build.log'], want: [/a turbo cache/] }],
  ['node_modules', { files: [...clientFiles, 'node_modules/x/index.js'], want: [/node_modules/] }],
  ['a build info file', { files: [...clientFiles, 'dist/tsconfig.build.tsbuildinfo'], want: [/build cache/] }],
  ['an exported file that is not shipped', { files: clientFiles.filter((f) => f !== 'dist/index.d.ts'), want: ['exports["."]["types"] -> ./dist/index.d.ts is not in the tarball'] }],
  [
    'top-level types and bin that are not shipped',
    { manifest: { files: ['dist'], types: './dist/index.d.ts', bin: { tool: './dist/cli.js' } }, files: ['LICENSE', 'README.md', 'package.json'], want: [/^types -> /, /^bin\.tool -> /] },
  ],
  [
    'a subpath pattern matching a shipped file',
    { manifest: { files: ['dist'], exports: { './*.json': './dist/*.json' } }, files: ['LICENSE', 'README.md', 'package.json', 'dist/a/b.json'], want: [] },
  ],
  [
    'a subpath pattern matching nothing',
    { manifest: { files: ['dist'], exports: { './*.json': './dist/*.json' } }, files: ['LICENSE', 'README.md', 'package.json', 'dist/a.yaml'], want: [/matches no file/] },
  ],
  ['no "files" field', { manifest: { exports: {} }, files: ['LICENSE', 'README.md', 'package.json'], want: [/has no "files"/] }],
  [
    'a glob in "files"',
    { manifest: { files: ['dist/**/*.js'] }, files: ['LICENSE', 'README.md', 'package.json', 'dist/a/b.js', 'dist/c.ts'], want: [/dist\/c\.ts is not under/] },
  ],
];

describe('checkFileList', () => {
  it.each(tests)('%s', (_title, { manifest = clientManifest, files, want }) => {
    const problems = checkFileList(manifest, files);
    expect(problems).toHaveLength(want.length);
    want.forEach((expected, index) => {
      if (typeof expected === 'string') expect(problems[index]).toBe(expected);
      else expect(problems[index]).toMatch(expected);
    });
  });
});

describe('checkSourceMaps', () => {
  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

  it('accepts maps whose sources are shipped, and files without maps', () => {
    const files = new Map([
      ['dist/index.js', encode('export {};\n//# sourceMappingURL=index.js.map')],
      ['dist/index.js.map', encode(JSON.stringify({ version: 3, sources: ['../src/index.ts'] }))],
      ['src/index.ts', encode('export {};')],
      ['dist/other.js', encode('export {};')],
    ]);
    expect(checkSourceMaps(files)).toEqual([]);
  });

  it('reports a map pointing at sources that are not published', () => {
    const files = new Map([
      ['dist/index.js', encode('export {};\n//# sourceMappingURL=index.js.map')],
      ['dist/index.js.map', encode(JSON.stringify({ version: 3, sources: ['../src/index.ts'] }))],
    ]);
    expect(checkSourceMaps(files)).toEqual(['dist/index.js.map maps to ../src/index.ts, which is not in the tarball']);
  });

  it('reports a sourceMappingURL naming a map that is not published', () => {
    const files = new Map([['dist/index.d.ts', encode('export {};\n//# sourceMappingURL=index.d.ts.map')]]);
    expect(checkSourceMaps(files)).toEqual(['dist/index.d.ts names the source map index.d.ts.map, which is not in the tarball']);
  });
});
