// Stoplight Prism for the bench's opt-in comparison (`--prism`): installed on demand from the npm
// registry at the exact version pinned here, once, into a cache folder outside the clone (as
// .ci/node-matrix.sh caches a pinned Node), so no `pnpm install` pays for it. Then one `prism mock`
// per interface on its bundle (specs/dist/<id>.json), on a free loopback port.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The newest Prism 5.14 (engines: node >=18.20.1). Raise on purpose, here only. */
export const PRISM_VERSION = '5.14.2';
const PACKAGE = '@stoplight/prism-cli';
/** The install is about 185 packages; a stuck registry must not hold the bench. */
const INSTALL_TIMEOUT_MS = Number(process.env.PRISM_INSTALL_TIMEOUT ?? 600) * 1000;
/** Prism loads and dereferences the bundle before it listens (a few seconds on a busy machine). */
const START_TIMEOUT_MS = 60_000;

/** PRISM_CACHE, else $XDG_CACHE_HOME or ~/.cache, then messaging-contracts/prism/<version>. */
export function prismCache(): string {
  const root = process.env.PRISM_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'messaging-contracts', 'prism');
  return join(root, PRISM_VERSION);
}

const entry = (folder: string) => join(folder, 'node_modules', ...PACKAGE.split('/'), 'dist', 'index.js');
const installedVersion = (folder: string): string | undefined => {
  try {
    return JSON.parse(readFileSync(join(folder, 'node_modules', ...PACKAGE.split('/'), 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
};

/** The pinned Prism's CLI script, installed first when the cache does not hold it. */
export async function ensurePrism(): Promise<string> {
  const cache = prismCache();
  if (installedVersion(cache) !== PRISM_VERSION) {
    mkdirSync(dirname(cache), { recursive: true });
    // Installed beside, then moved into place in one step: a stopped run, or two at once, never
    // leave a half-installed Prism under the name that is looked up.
    const staging = mkdtempSync(`${cache}.`);
    console.log(`prism: installing ${PACKAGE}@${PRISM_VERSION} into ${cache} (once)`);
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          'npm',
          ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${PACKAGE}@${PRISM_VERSION}`],
          { timeout: INSTALL_TIMEOUT_MS, maxBuffer: 16 * 2 ** 20 },
          (error, _stdout, stderr) => (error ? reject(new Error(`npm install ${PACKAGE}@${PRISM_VERSION} failed or took over ${INSTALL_TIMEOUT_MS / 1000} s: ${stderr.trim() || error.message}`)) : resolve()),
        );
      });
      if (existsSync(cache)) rmSync(cache, { recursive: true, force: true }); // a stale or partial copy
      try {
        renameSync(staging, cache);
      } catch (error) {
        if (installedVersion(cache) !== PRISM_VERSION) throw error; // else another run put it in place first
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const version = installedVersion(cache);
  if (version !== PRISM_VERSION) throw new Error(`prism: ${cache} holds ${PACKAGE} ${version}, expected ${PRISM_VERSION}`);
  return entry(cache);
}

export interface PrismServer {
  child: ChildProcess;
  origin: string;
  stop(): void;
}

/** A port free on 127.0.0.1 now (Prism cannot report the one it picks for `-p 0` with its log off). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * `prism mock` on one bundle, on a free loopback port, its per-request log off (`-v silent`: the
 * sandbox logs nothing per request either) and its defaults otherwise (CORS headers on every
 * answer, the request validated, the documented example answered). Ready once the port accepts.
 */
export async function startPrism(cli: string, bundlePath: string): Promise<PrismServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'silent', bundlePath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`prism on ${bundlePath} did not start within ${START_TIMEOUT_MS / 1000} s (exit ${child.exitCode}) ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, origin: `http://127.0.0.1:${port}`, stop };
}
