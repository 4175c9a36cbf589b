// Builds the bundles of a past commit: extracts its specs/ and bundles each API its redocly.yaml
// lists, the way specs/scripts/bundle.mjs does, with the Redocly CLI of the current install. Kept
// in memory per process and on disk per machine, by the content of what was bundled.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import type { Json } from './diff.js';
import { assertUsableBundle } from './bundle-shape.js';
import { UnusableInput } from './errors.js';
import { gitMaybe } from './git.js';
import { ownFolder } from './own-folder.js';

const run = promisify(execFile);

export interface BaseBundles {
  /** False when the commit has no specs/redocly.yaml: there is nothing to compare with. */
  hasSpecs: boolean;
  bundles: Map<string, Json>;
}

/**
 * A Redocly config with only what bundling reads. The base's own config may load a lint plugin
 * (tools/spec-check's) that is not built at that commit; bundling needs the roots, and the
 * decorators, which change the bundle (none are plugin decorators today).
 */
function bundlingConfig(config: Json): Json {
  const apis: Record<string, Json> = {};
  for (const [id, api] of Object.entries<Json>(config?.apis ?? {})) {
    apis[id] = { root: api.root, ...(api.decorators ? { decorators: api.decorators } : {}) };
  }
  return { apis, ...(config?.decorators ? { decorators: config.decorators } : {}) };
}

/**
 * Base bundles already built in this process, by repository, commit and Redocly CLI: a commit's
 * specs never change, and bundling them runs Redocly once per API, about a second of CPU each. A
 * process that compares with the same commit again (the gate's tests and fuzz suite, a
 * programmatic caller) bundles it once. Bounded: the oldest entry goes past this many; a failed
 * bundling is not kept.
 */
export const BASE_BUNDLES_KEPT = 8;
const built = new Map<string, Promise<BaseBundles>>();

/**
 * Base bundles on disk, for the next process: each CLI run (the gate in CI, a developer's
 * `pnpm spec-diff`, the walkthrough's and the fuzz suite's runs) compares with the same base again,
 * and Redocly is most of a run's CPU. An entry is keyed by git's hash of the commit's specs/ tree
 * and the Redocly CLI: its launcher's text and the version of `@redocly/cli` beside it, so it is reused only
 * for the same input bundled by the same Redocly, from any clone. Written whole or not at all (a
 * rename). An entry is trusted only once verified (`readEntry`): it names its own key, the SHA-256
 * of its bundles' bytes matches the one it stores, and it holds a usable bundle for exactly the
 * APIs the commit's redocly.yaml lists; anything else (unreadable, truncated, another key's, `{}`,
 * an API missing) is a miss and is bundled again, so the gate is never decided by content it has
 * not checked. Bounded: past this many, the least recently used go.
 * The folder is the user's own (in the shared temp folder, named with the uid, mode 700): one that
 * another user could write to is not used at all, since its entries would decide what the gate
 * compares with.
 */
export const DISK_ENTRIES_KEPT = 16;
export const defaultDiskCache = join(tmpdir(), `spec-diff-base-bundles-${process.getuid?.() ?? 'user'}`);

/** The bundles of `commit` (a full commit id), each a copy the caller may change. */
export async function bundlesAt(repoRoot: string, commit: string, redocly: string, diskCache = defaultDiskCache): Promise<BaseBundles> {
  const key = [repoRoot, commit, redocly, diskCache].join('\0');
  let bundling = built.get(key);
  if (!bundling) {
    bundling = cachedOnDisk(repoRoot, commit, redocly, diskCache);
    built.set(key, bundling);
    bundling.catch(() => built.delete(key));
    if (built.size > BASE_BUNDLES_KEPT) built.delete(built.keys().next().value as string);
  }
  const { hasSpecs, bundles } = await bundling;
  return { hasSpecs, bundles: new Map([...bundles].map(([id, bundle]) => [id, structuredClone(bundle)])) };
}

async function cachedOnDisk(repoRoot: string, commit: string, redocly: string, diskCache: string): Promise<BaseBundles> {
  if (gitMaybe(repoRoot, ['cat-file', '-e', `${commit}:specs/redocly.yaml`]) === undefined) {
    return { hasSpecs: false, bundles: new Map() };
  }
  if (!existsSync(redocly)) throw new UnusableInput(`Redocly CLI not found at ${redocly}: run pnpm install`);
  const tree = gitMaybe(repoRoot, ['rev-parse', `${commit}:specs`])?.trim();
  const key = tree && createHash('sha256').update(`${tree}\0${redoclyVersion(redocly)}\0`).update(readFileSync(redocly)).digest('hex');
  const entry = key && ownFolder(diskCache) ? join(diskCache, key.slice(0, 32)) : undefined;
  const kept = entry && key ? readEntry(entry, key, apiIdsAt(repoRoot, commit)) : undefined;
  if (kept) return { hasSpecs: true, bundles: kept };
  const bundled = await bundleCommit(repoRoot, commit, redocly);
  if (entry && key) writeEntry(diskCache, entry, key, bundled.bundles);
  return bundled;
}

/** The APIs the commit's specs/redocly.yaml lists; undefined when it cannot be read. */
function apiIdsAt(repoRoot: string, commit: string): string[] | undefined {
  try {
    const config = parse(gitMaybe(repoRoot, ['show', `${commit}:specs/redocly.yaml`]) ?? '');
    return Object.keys(bundlingConfig(config).apis).sort();
  } catch {
    return undefined;
  }
}

/** What an entry says about itself, in `manifest.json` beside `bundles.json`. */
interface Manifest {
  /** The whole key (the folder name is its first 32 hex digits). */
  key: string;
  /** SHA-256 of bundles.json's bytes. */
  sha256: string;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The version of `@redocly/cli` that the launcher's node_modules holds; empty when there is none. */
function redoclyVersion(redocly: string): string {
  try {
    return (JSON.parse(readFileSync(createRequire(redocly).resolve('@redocly/cli/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '';
  }
}

/**
 * An entry's bundles once verified against `key` and the `ids` the commit lists, else undefined (a
 * miss: missing, unreadable, another key's, bytes that are not the ones stored, or not one usable
 * bundle per listed API). A hit counts as a use.
 */
function readEntry(entry: string, key: string, ids: string[] | undefined): Map<string, Json> | undefined {
  try {
    if (!ids) return undefined;
    const manifest = JSON.parse(readFileSync(join(entry, 'manifest.json'), 'utf8')) as Partial<Manifest> | null;
    if (manifest?.key !== key) return undefined;
    const bytes = readFileSync(join(entry, 'bundles.json'));
    if (manifest.sha256 !== sha256(bytes)) return undefined;
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const bundles = new Map<string, Json>(Object.entries(parsed));
    if (!sameIds([...bundles.keys()].sort(), ids)) return undefined;
    for (const [id, bundle] of bundles) assertUsableBundle(bundle, id);
    const now = new Date();
    utimesSync(entry, now, now);
    return bundles;
  } catch {
    return undefined;
  }
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Writes an entry whole (a rename), then drops the least recently used past DISK_ENTRIES_KEPT. */
function writeEntry(diskCache: string, entry: string, key: string, bundles: Map<string, Json>): void {
  try {
    const partial = mkdtempSync(`${entry}.partial-`);
    try {
      const text = JSON.stringify(Object.fromEntries(bundles));
      writeFileSync(join(partial, 'bundles.json'), text);
      writeFileSync(join(partial, 'manifest.json'), JSON.stringify({ key, sha256: sha256(text) } satisfies Manifest));
      rmSync(entry, { recursive: true, force: true });
      renameSync(partial, entry);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
    const entries = readdirSync(diskCache)
      .filter((name) => !name.includes('.partial-'))
      .map((name) => ({ path: join(diskCache, name), used: statSync(join(diskCache, name)).mtimeMs }))
      .sort((a, b) => b.used - a.used);
    for (const { path } of entries.slice(DISK_ENTRIES_KEPT)) rmSync(path, { recursive: true, force: true });
  } catch {
    // A cache that cannot be written (a read-only temp folder, a race with another process) only
    // costs the next run a bundling.
  }
}

async function bundleCommit(repoRoot: string, commit: string, redocly: string): Promise<BaseBundles> {
  const work = mkdtempSync(join(tmpdir(), 'spec-diff-base-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit, '--', 'specs'], {
      cwd: repoRoot,
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    execFileSync('tar', ['-x', '-C', work], { input: archive, stdio: ['pipe', 'ignore', 'pipe'] });
    const specsDir = join(work, 'specs');
    const config = bundlingConfig(parse(readFileSync(join(specsDir, 'redocly.yaml'), 'utf8')));
    // Each API's output in the config, so one Redocly run bundles them all: Redocly starting up is
    // most of a bundling's cost (four runs 2.1 s of CPU, one run 0.5 s).
    const ids = Object.keys(config.apis);
    if (ids.length === 0) return { hasSpecs: true, bundles: new Map() };
    for (const id of ids) config.apis[id].output = join(work, `${id}.json`);
    const configPath = join(specsDir, 'spec-diff.redocly.yaml');
    writeFileSync(configPath, stringify(config));
    try {
      await run(redocly, ['bundle', '--config', configPath, '--lint-config', 'off'], {
        cwd: specsDir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? String(error);
      throw new UnusableInput(`bundling ${ids.join(', ')} at ${commit} failed:\n${stderr}`);
    }
    const bundles = new Map<string, Json>(ids.map((id) => [id, JSON.parse(readFileSync(join(work, `${id}.json`), 'utf8'))]));
    return { hasSpecs: true, bundles };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
