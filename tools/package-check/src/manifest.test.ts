import { describe, expect, it } from 'vitest';
import { checkManifest, usageExample } from './manifest.js';
import type { Manifest } from './workspace.js';

const NODE = '^20.19.0 || ^22.12.0 || >=24.0.0';
const readme = "# x\n\n```ts\nimport { createX } from '@messaging-contracts/x-client';\n```\n";
const good: Manifest = {
  name: '@messaging-contracts/x-client',
  type: 'module',
  license: 'MIT',
  sideEffects: false,
  repository: { type: 'git', url: 'git+https://github.com/example/messaging-contracts.git', directory: 'packages/x-client' },
  homepage: 'https://github.com/example/messaging-contracts/tree/main/packages/x-client#readme',
  exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './package.json': './package.json' },
  files: ['dist'],
  engines: { node: NODE },
  dependencies: { '@messaging-contracts/client-core': '^0.1.0', '@messaging-contracts/x-types': '0.1.0' },
};

const tests: [string, { manifest: Manifest; readme?: string | undefined; want: (string | RegExp)[] }][] = [
  ['a complete client manifest', { manifest: good, want: [] }],
  [
    'a data package exporting JSON only needs no types and no sideEffects',
    { manifest: { ...good, sideEffects: undefined, exports: { './a.json': './dist/a.json', './package.json': './package.json' } }, want: [] },
  ],
  ['no license', { manifest: { ...good, license: undefined }, want: ['"license" is missing'] }],
  [
    'client-core pinned exactly (two copies of its classes after a partial release)',
    { manifest: { ...good, dependencies: { '@messaging-contracts/client-core': '0.1.0' } }, want: [/^dependencies\.@messaging-contracts\/client-core is "0\.1\.0", not a caret range/] },
  ],
  [
    'a contract package by caret (a newer contract than the dependent was released with)',
    { manifest: { ...good, dependencies: { '@messaging-contracts/client-core': '^0.1.0', '@messaging-contracts/x-types': '^0.1.0' } }, want: [/^dependencies\.@messaging-contracts\/x-types is "\^0\.1\.0", not an exact version/] },
  ],
  ['a dependency outside our scope takes any range', { manifest: { ...good, dependencies: { ...(good.dependencies as Record<string, string>), 'openapi-fetch': '~0.15.0' } }, want: [] }],
  ['no repository', { manifest: { ...good, repository: undefined }, want: [/"repository" is missing/] }],
  [
    'a repository pointing at another folder',
    { manifest: { ...good, repository: { ...(good.repository as object), directory: 'packages/y-client' } }, want: ['repository.directory is "packages/y-client", not "packages/x-client"'] },
  ],
  [
    'no homepage (npm docs would open the repository root)',
    {
      manifest: { ...good, homepage: undefined },
      want: ['homepage is undefined, not the package\'s README, "https://github.com/example/messaging-contracts/tree/main/packages/x-client#readme" (npm docs opens it)'],
    },
  ],
  ['the repository root as homepage', { manifest: { ...good, homepage: 'https://github.com/example/messaging-contracts#readme' }, want: [/^homepage is "https:\/\/github\.com\/example\/messaging-contracts#readme", not the package's README/] }],
  ["another package's README as homepage", { manifest: { ...good, homepage: 'https://github.com/example/messaging-contracts/tree/main/packages/y-client#readme' }, want: [/^homepage is .*y-client/] }],
  ['a shorthand repository string', { manifest: { ...good, repository: 'github:example/x' }, want: [/"repository" is missing/] }],
  ['sideEffects left out', { manifest: { ...good, sideEffects: undefined }, want: [/"sideEffects" is not false/] }],
  [
    'an entry without types',
    { manifest: { ...good, exports: { '.': { default: './dist/index.js' }, './package.json': './package.json' } }, want: ['exports["."] has no "types" condition first'] },
  ],
  [
    'types after default',
    { manifest: { ...good, exports: { '.': { default: './dist/index.js', types: './dist/index.d.ts' }, './package.json': './package.json' } }, want: [/no "types" condition first/] },
  ],
  ['a string export of a module', { manifest: { ...good, exports: { '.': './dist/index.js', './package.json': './package.json' } }, want: [/no "types" condition first/] }],
  ['no ./package.json export', { manifest: { ...good, exports: { '.': { types: './dist/index.d.ts' } } }, want: [/no "\.\/package\.json"/] }],
  ['CommonJS', { manifest: { ...good, type: undefined }, want: [/"type" is not "module"/] }],
  ['a workspace range left behind', { manifest: { ...good, dependencies: { a: 'workspace:*' } }, want: ['dependencies.a is still "workspace:*" in the tarball'] }],
  ['no engines', { manifest: { ...good, engines: undefined }, want: [`engines.node is undefined, not the supported "${NODE}" (the root package.json's)`] }],
  ['engines narrower than the supported versions', { manifest: { ...good, engines: { node: '>=22' } }, want: [/^engines\.node is ">=22", not the supported/] }],
  ['no README', { manifest: good, readme: undefined, want: ['README.md is missing'] }],
  ['a README without a TypeScript example', { manifest: good, readme: '# x\n\n```sh\nnpm i x\n```\n', want: [/no ```ts usage example/] }],
];

describe('checkManifest', () => {
  it.each(tests)('%s', (_title, test) => {
    const problems = checkManifest(test.manifest, 'packages/x-client', 'readme' in test ? test.readme : readme, NODE, 'main');
    expect(problems).toHaveLength(test.want.length);
    test.want.forEach((expected, index) => {
      if (typeof expected === 'string') expect(problems[index]).toBe(expected);
      else expect(problems[index]).toMatch(expected);
    });
  });
});

describe('usageExample', () => {
  it('takes the first ts block, skipping other languages', () => {
    expect(usageExample('```sh\nnpm i\n```\n\n```ts\nconst a = 1;\n```\n\n```ts\nconst b = 2;\n```\n')).toBe('const a = 1;\n');
  });
  it('accepts the typescript fence name', () => {
    expect(usageExample('```typescript\nlet x: number;\n```')).toBe('let x: number;\n');
  });
});
