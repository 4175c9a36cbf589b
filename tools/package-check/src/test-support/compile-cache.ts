// A compiler's result over the consumer program, kept on disk by the content of everything it
// reads, so that the consumer test run again on the same inputs (CI runs it on Node 20, 22 and 24,
// one after another; a developer runs it again) compiles once. A type-check does not depend on the
// Node.js that runs the compiler: the declarations, the program, the compiler and its flags decide
// it, and those are the key. What does depend on Node.js, the emitted program run against the
// server, still runs in every run. TypeScript 5.9's compile is most of the consumer test's CPU
// (about 10 s of 20 per run; checking @types/node alone is a third of it, since skipLibCheck is off).
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { ownFolder } from '@messaging-contracts/spec-diff/dist/own-folder.js';

export interface Compiled {
  code: number;
  output: string;
  /** Whether this result is one a run before this one computed for the same inputs. */
  reused: boolean;
}

export interface CompileInputs {
  /** The project folder the compiler runs in; every file in it is an input, except `outDir` and `ignore`. */
  cwd: string;
  /** The folder the compiler emits into, relative to `cwd`: restored on a reuse. */
  outDir: string;
  /** Other folders the compiler reads (its own installation, when outside `cwd`). */
  alsoReads: readonly string[];
  /** The compiler's arguments: part of the key. */
  args: readonly string[];
}

/** Entries kept; the least recently used go past it. */
export const COMPILED_KEPT = 8;
export const defaultCompileCache = join(tmpdir(), `package-check-compiled-${process.getuid?.() ?? 'user'}`);

/**
 * Files of a project that no compiler reads: npm's records of what it installed from where (the
 * lockfiles, which name the tarballs' temporary folder, so every run would be a miss) and the links
 * in `.bin`. The project's package.json is read, for its `type`, but not its dependencies (what they
 * installed is in node_modules, which is hashed): see `projectManifest`.
 */
const notRead = (root: string, path: string) =>
  path === join(root, 'package-lock.json') || path.endsWith(`${sep}node_modules${sep}.package-lock.json`) || path.includes(`${sep}node_modules${sep}.bin`);

/** The project's package.json without the specifiers npm installed from (tarball paths in a temporary folder). */
function projectManifest(path: string): string {
  const { dependencies: _d, devDependencies: _dd, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  return JSON.stringify(rest);
}

/** SHA-256 over every file's path (relative to `root`) and bytes, and every link's target, in sorted order. */
function hashTree(hash: ReturnType<typeof createHash>, root: string, skip: (path: string) => boolean): void {
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (notRead(root, path) || skip(path)) continue;
      const stat = lstatSync(path);
      hash.update(`${relative(root, path)}\0`);
      if (stat.isDirectory()) walk(path);
      else if (stat.isSymbolicLink()) hash.update(`-> ${readlinkSync(path)}\0`);
      else if (path === join(root, 'package.json')) hash.update(projectManifest(path)).update('\0');
      else hash.update(readFileSync(path)).update('\0');
    }
  };
  walk(root);
}

export function compileKey({ cwd, outDir, alsoReads, args }: CompileInputs): string {
  const hash = createHash('sha256').update(`${JSON.stringify(args)}\0`);
  // Every compiler's output folder (`out-*` beside the sources), its own included: outputs, not inputs.
  hashTree(hash, cwd, (path) => (dirname(path) === cwd && basename(path).startsWith('out-')) || path === join(cwd, outDir));
  for (const folder of alsoReads) hashTree(hash.update('\0'), folder, () => false);
  return hash.digest('hex');
}

interface Entry {
  key: string;
  code: number;
  output: string;
  /** The emitted files by path relative to outDir, base64. */
  files: Record<string, string>;
}

/**
 * `compile()`'s result for these inputs: from the cache when an entry names this exact key (its
 * emitted files written back into outDir), else compiled and kept. A compile that throws (killed,
 * not run) is not kept.
 */
export async function compileOnce(inputs: CompileInputs, compile: () => Promise<{ code: number; output: string }>, cache = defaultCompileCache): Promise<Compiled> {
  const key = compileKey(inputs);
  const out = join(inputs.cwd, inputs.outDir);
  const file = ownFolder(cache) ? join(cache, `${key}.json`) : undefined;
  const kept = file && readEntry(file, key);
  if (kept) {
    for (const [path, data] of Object.entries(kept.files)) {
      mkdirSync(dirname(join(out, path)), { recursive: true });
      writeFileSync(join(out, path), Buffer.from(data, 'base64'));
    }
    return { code: kept.code, output: kept.output, reused: true };
  }
  const { code, output } = await compile();
  if (file) writeEntry(cache, file, { key, code, output, files: emitted(out) });
  return { code, output, reused: false };
}

function emitted(out: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(out, path)] = readFileSync(path).toString('base64');
    }
  };
  try {
    walk(out);
  } catch {
    // Nothing emitted: an empty set, as the compiler left it.
  }
  return files;
}

/** The entry when it parses and names this key; anything else is a miss. A hit counts as a use. */
function readEntry(file: string, key: string): Entry | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Partial<Entry> | null;
    if (entry?.key !== key || typeof entry.code !== 'number' || typeof entry.output !== 'string' || typeof entry.files !== 'object' || entry.files === null) return undefined;
    const now = new Date();
    utimesSync(file, now, now);
    return entry as Entry;
  } catch {
    return undefined;
  }
}

/** Writes the entry whole (a rename), then drops the least recently used past COMPILED_KEPT. */
function writeEntry(cache: string, file: string, entry: Entry): void {
  const partial = `${file}.partial-${process.pid}`;
  try {
    writeFileSync(partial, JSON.stringify(entry));
    renameSync(partial, file);
    const entries = readdirSync(cache)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ path: join(cache, name), used: statSync(join(cache, name)).mtimeMs }))
      .sort((a, b) => b.used - a.used);
    for (const { path } of entries.slice(COMPILED_KEPT)) rmSync(path, { force: true });
  } catch {
    // A cache that cannot be written only costs the next run a compile.
    rmSync(partial, { force: true });
  }
}
