// A real npm registry (Verdaccio) on 127.0.0.1: our scope is served only from its own storage, never
// proxied, and every other package comes through an uplink to the default npm registry. Used by
// `pnpm registry`, by `pnpm release:local`'s tests, by .ci/run's integrator example and by the
// release lifecycle test.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { runServer } from 'verdaccio';

/** Verdaccio's usual port; `--port` changes it, 0 picks a free one. */
export const DEFAULT_PORT = 4873;
/** The scope this repository publishes; the registry never asks an uplink for it. */
export const SCOPE = '@messaging-contracts';
/** The one user that may publish; its password is generated once per storage folder. */
export const PUBLISHER = 'publisher';
/** The file in the storage folder holding the `.npmrc` lines of the running registry. */
export const NPMRC_FILE = 'npmrc';
/** Largest tarball accepted; the biggest package (the sandbox) packs to well under 1 MB. */
const MAX_BODY_SIZE = '20mb';

/** The default storage: a folder of the user's, outside any clone, so packages survive a restart. */
export function defaultStorage(env: NodeJS.ProcessEnv = process.env): string {
  const dataHome = env.XDG_DATA_HOME && env.XDG_DATA_HOME !== '' ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(dataHome, 'messaging-contracts', 'registry');
}

export interface RegistryOptions {
  /** Default {@link DEFAULT_PORT}; 0 picks a free port. A taken port is an error. */
  port?: number;
  /** Folder of the stored packages, the user file and the secret; created if missing. */
  storage?: string;
  /** Where packages outside our scope come from (default: the npm registry npm is configured with). */
  uplink: string;
}

export interface Registry {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  storage: string;
  /** The `.npmrc` lines: our scope from this registry, and the publisher's token for it. */
  npmrc: string;
  /** The path of the file that holds {@link npmrc} (mode 0600). */
  npmrcFile: string;
  close(): Promise<void>;
}

export class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} on 127.0.0.1 is taken: stop what uses it, or pick another with --port <n> (0: any free port)`);
  }
}

function verdaccioConfig(storage: string, uplink: string) {
  return {
    // Verdaccio resolves relative paths against the config file's folder; every path here is absolute.
    self_path: join(storage, 'config.yaml'),
    storage: join(storage, 'packages'),
    auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: 1 } },
    uplinks: { npmjs: { url: uplink, cache: false } },
    packages: {
      // Ours: only what was published here. Asking the uplink would mix in whatever that registry
      // has under the same name.
      [`${SCOPE}/*`]: { access: '$all', publish: '$authenticated', unpublish: '$authenticated' },
      '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated', proxy: 'npmjs' },
    },
    web: { enable: false },
    max_body_size: MAX_BODY_SIZE,
    log: { type: 'stdout', format: 'pretty', level: 'error' },
    server: { keepAliveTimeout: 60 },
  };
}

/** The publisher's password: made once per storage folder and kept there (mode 0600). */
function publisherPassword(storage: string): string {
  const file = join(storage, 'publisher.password');
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * Signs the publisher in, or up on the first start of a storage folder, the way `npm login` does
 * (with its credentials as Basic auth, Verdaccio answers a known user with a token; an unknown one
 * is added), and returns its token.
 */
async function publisherToken(url: string, password: string): Promise<string> {
  const response = await fetch(new URL(`-/user/org.couchdb.user:${PUBLISHER}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${PUBLISHER}:${password}`).toString('base64')}` },
    body: JSON.stringify({ name: PUBLISHER, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string; error?: string };
  if (!response.ok || typeof body.token !== 'string') {
    throw new Error(`the registry refused the publisher's sign-in (${response.status}${body.error ? `: ${body.error}` : ''}); the storage folder's publisher.password and htpasswd disagree: remove both to start again`);
  }
  return body.token;
}

export function npmrcLines(url: string, token: string): string {
  const host = url.replace(/^https?:/, '');
  return `${SCOPE}:registry=${url}\n${host}:_authToken=${token}\n`;
}

export async function startRegistry(options: RegistryOptions): Promise<Registry> {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be a whole number from 0 to 65535, got ${port}`);
  const storage = resolve(options.storage ?? defaultStorage());
  mkdirSync(join(storage, 'packages'), { recursive: true });
  const password = publisherPassword(storage);

  const server = (await runServer(verdaccioConfig(storage, options.uplink) as never)) as unknown as Server;
  server.listen(port, '127.0.0.1');
  try {
    // (once() of 'listening' rejects with the raw error when 'error' comes first.)
    await once(server, 'listening');
  } catch (error) {
    server.close();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new PortTakenError(port) : error;
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  };
  try {
    const npmrc = npmrcLines(url, await publisherToken(url, password));
    const npmrcFile = join(storage, NPMRC_FILE);
    writeFileSync(npmrcFile, npmrc, { mode: 0o600 });
    return { url, storage, npmrc, npmrcFile, close };
  } catch (error) {
    await close();
    throw error;
  }
}
