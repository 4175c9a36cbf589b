// A package that uses an API the oldest supported Node lacks fails here (src/oldest-node.ts); the
// fixture uses five such APIs, so the check is seen to catch them, in the same tsc run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkOldestNode, type OldestNodeErrors, oldestNodeTypes } from './oldest-node.js';
import { publishablePackages, repoRoot, supportedNode } from './workspace.js';

const fixture = 'tools/package-check/fixtures/newer-node-api';
// The published packages that compile sources (tsconfig.build.json); the types packages are
// declarations generated from the bundles, checked by the consumer test.
const compiled = publishablePackages().filter((pkg) => existsSync(join(pkg.dir, 'tsconfig.build.json')));

let result: OldestNodeErrors;
beforeAll(async () => {
  result = await checkOldestNode([join(repoRoot, fixture), ...compiled.map((pkg) => pkg.dir)]);
}, 120_000);

describe('type-checked against the oldest supported Node (20.19: ES2023 and @types/node 20.19)', () => {
  it('uses the types of the oldest line engines.node names', () => {
    const oldest = /^\^(\d+\.\d+)\.\d+ \|\|/.exec(supportedNode())?.[1];
    expect(oldest).toBe('20.19');
    expect(oldestNodeTypes().version.startsWith(`${oldest}.`)).toBe(true);
  });

  it('checks every published package that compiles sources', () => {
    expect(compiled.map((pkg) => pkg.relativeDir)).toEqual(expect.arrayContaining(['packages/client-core', 'packages/sandbox', 'packages/validators', 'packages/webhooks']));
  });

  it('finds no newer API in the published packages', () => {
    const theirs = [...result.byFile].filter(([file]) => !file.startsWith(fixture)).flatMap(([, lines]) => lines.map((line) => line.text));
    expect(theirs).toEqual([]);
  });

  it('rejects exactly the fixture lines that use a newer API', () => {
    const source = readFileSync(join(repoRoot, fixture, 'src', 'index.ts'), 'utf8').split('\n');
    const marked = source.flatMap((line, index) => (line.includes('// ✗') ? [index + 1] : []));
    expect(marked).toHaveLength(5);
    const lines = (result.byFile.get(`${fixture}/src/index.ts`) ?? []).map((error) => error.line);
    expect([...new Set(lines)].sort((a, b) => a - b)).toEqual(marked);
    expect(result.code).not.toBe(0);
  });
});
