// The consumer test's compile cache: reused only for the same inputs, the emitted files restored.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { compileKey, compileOnce } from './compile-cache.js';

const scratch = mkdtempSync(join(tmpdir(), 'package-check-compile-cache-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let project: string;
let cache: string;
let runs = 0;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), text);
};
/** A stand-in compiler: counts its runs, emits out-x/main.js, reports what main.ts holds. */
const compile = async () => {
  runs++;
  write('out-x/src/main.js', `// run ${runs}\n`);
  return { code: 2, output: `main.ts: ${readFileSync(join(project, 'src/main.ts'), 'utf8')}` };
};
const inputs = () => ({ cwd: project, outDir: 'out-x', alsoReads: [], args: ['--strict', 'src/main.ts'] });

beforeEach(() => {
  project = mkdtempSync(join(scratch, 'app-'));
  cache = mkdtempSync(join(scratch, 'cache-'));
  runs = 0;
  write('package.json', JSON.stringify({ name: 'consumer', type: 'module', dependencies: { '@messaging-contracts/sandbox': `file:${scratch}/a/sandbox.tgz` } }));
  write('package-lock.json', `{"resolved": "file:${scratch}/a/sandbox.tgz"}`);
  write('node_modules/@messaging-contracts/sandbox/dist/index.d.ts', 'export declare const port: number;\n');
  write('src/main.ts', 'const x: number = 1;\n');
});

describe('compileOnce', () => {
  it('compiles once for the same inputs, and gives the same result with the emitted files written back', async () => {
    const first = await compileOnce(inputs(), compile, cache);
    rmSync(join(project, 'out-x'), { recursive: true });
    const second = await compileOnce(inputs(), compile, cache);
    expect(runs).toBe(1);
    expect(first).toEqual({ code: 2, output: 'main.ts: const x: number = 1;\n', reused: false });
    expect(second).toEqual({ ...first, reused: true });
    expect(readFileSync(join(project, 'out-x/src/main.js'), 'utf8')).toBe('// run 1\n');
  });

  it.each([
    ['a declaration in node_modules', () => write('node_modules/@messaging-contracts/sandbox/dist/index.d.ts', 'export declare const port: string;\n')],
    ['a file added to node_modules', () => write('node_modules/@types/node/index.d.ts', 'declare const a: 1;\n')],
    ['the program', () => write('src/main.ts', 'const x: number = "1";\n')],
    ['the package type', () => write('package.json', JSON.stringify({ name: 'consumer', type: 'commonjs' }))],
  ])('compiles again when %s changes', async (_what, change) => {
    await compileOnce(inputs(), compile, cache);
    change();
    await compileOnce(inputs(), compile, cache);
    expect(runs).toBe(2);
  });

  it("compiles again for other arguments, or another compiler's installation", async () => {
    const compiler = mkdtempSync(join(scratch, 'compiler-'));
    writeFileSync(join(compiler, 'tsc.js'), 'v1');
    await compileOnce({ ...inputs(), alsoReads: [compiler] }, compile, cache);
    await compileOnce({ ...inputs(), alsoReads: [compiler], args: ['--strict', '--noEmit', 'src/main.ts'] }, compile, cache);
    writeFileSync(join(compiler, 'tsc.js'), 'v2');
    await compileOnce({ ...inputs(), alsoReads: [compiler] }, compile, cache);
    expect(runs).toBe(3);
  });

  it("reuses the result across installs that differ only in where npm took the tarballs from, and in other compilers' output", async () => {
    const key = compileKey(inputs());
    write('package.json', JSON.stringify({ name: 'consumer', type: 'module', dependencies: { '@messaging-contracts/sandbox': 'file:/elsewhere/sandbox.tgz' } }));
    write('package-lock.json', '{"resolved": "file:/elsewhere/sandbox.tgz"}');
    write('node_modules/.package-lock.json', '{"lockfileVersion": 3}');
    write('out-other/src/main.js', '// another compiler\n');
    expect(compileKey(inputs())).toBe(key);
  });

  it('compiles again over an entry that is not this key’s, and replaces it', async () => {
    await compileOnce(inputs(), compile, cache);
    const [entry] = readdirSync(cache);
    const text = JSON.parse(readFileSync(join(cache, entry!), 'utf8'));
    writeFileSync(join(cache, entry!), JSON.stringify({ ...text, key: 'another', output: 'forged' }));
    expect((await compileOnce(inputs(), compile, cache)).output).toBe('main.ts: const x: number = 1;\n');
    writeFileSync(join(cache, entry!), '{"key": ');
    await compileOnce(inputs(), compile, cache);
    expect(runs).toBe(3);
    expect(await compileOnce(inputs(), compile, cache)).toMatchObject({ reused: true });
  });

  it('uses no folder that another user could write to', async () => {
    chmodSync(cache, 0o777);
    await compileOnce(inputs(), compile, cache);
    await compileOnce(inputs(), compile, cache);
    expect(runs).toBe(2);
    expect(readdirSync(cache)).toEqual([]);
  });
});
