// The published packages' sources type-checked against what the oldest supported Node has: the
// ECMAScript library of its V8 (Node 20: ES2023) and @types/node of its line (20.19, the first
// clause of engines.node), without the DOM library the builds use for fetch's types (@types/node
// declares Node's own fetch, Request, Response and Headers). An API newer than that (Node 22's
// fs.globSync or Promise.withResolvers, Node 24's RegExp.escape) fails here, in code no test
// reaches too, while CI runs every test on Node 20.20 and the matrix on 22 and 24.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runStep } from './test-support/step.js';
import { repoRoot } from './workspace.js';

/** The ECMAScript library of Node 20's V8 (11.3): all of ES2023, nothing of ES2024. */
export const OLDEST_NODE_LIB = 'ES2023';

/** The @types/node the check uses: the root's devDependency, which must be of the oldest supported line. */
export function oldestNodeTypes(root: string = repoRoot): { dir: string; version: string } {
  const dir = join(root, 'node_modules', '@types', 'node');
  return { dir, version: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version };
}

export interface OldestNodeErrors {
  /** Each error line tsc printed, by file relative to the repository root (`(no file)` for the others). */
  byFile: Map<string, { line: number; text: string }[]>;
  code: number;
}

/**
 * Type-checks the sources each package compiles (its tsconfig.build.json: include, exclude,
 * strictness) in one tsc run with the oldest supported Node's library and types.
 */
export async function checkOldestNode(packageDirs: readonly string[], root: string = repoRoot): Promise<OldestNodeErrors> {
  const work = mkdtempSync(join(tmpdir(), 'oldest-node-'));
  try {
    const include: string[] = [];
    const exclude: string[] = [];
    for (const dir of packageDirs) {
      const build = JSON.parse(readFileSync(join(dir, 'tsconfig.build.json'), 'utf8')) as { include?: string[]; exclude?: string[] };
      include.push(...(build.include ?? ['src']).map((path) => join(dir, path)));
      exclude.push(...(build.exclude ?? []).map((path) => join(dir, path)));
    }
    // The DOM library's name for what Headers takes, which the clients' signatures use: a type, no API.
    writeFileSync(join(work, 'dom-names.d.ts'), 'type HeadersInit = ConstructorParameters<typeof Headers>[0];\n');
    const config = {
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: true,
        incremental: false,
        // Declarations are the build's concern (and the consumer test's); here only the APIs are.
        declaration: false,
        declarationMap: false,
        lib: [OLDEST_NODE_LIB],
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
      },
      include: [...include, join(work, 'dom-names.d.ts')],
      exclude,
    };
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(config, null, 2));
    const tsc = join(root, 'node_modules', '.bin', 'tsc');
    const { code, stdout, stderr } = await runStep('type-check against the oldest supported Node', tsc, ['-p', join(work, 'tsconfig.json'), '--pretty', 'false'], {
      cwd: root,
      timeoutMs: 100_000,
      allowFailure: true,
    });
    const byFile = new Map<string, { line: number; text: string }[]>();
    for (const text of `${stdout}${stderr}`.split('\n').filter((line) => line.trim() !== '' && !/^\s/.test(line))) {
      const match = /^(.+?)\((\d+),\d+\): error TS\d+/.exec(text);
      const file = match?.[1] ?? '(no file)';
      byFile.set(file, [...(byFile.get(file) ?? []), { line: Number(match?.[2] ?? 0), text }]);
    }
    return { byFile, code };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
