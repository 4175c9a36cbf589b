// startSandbox(): all four interfaces on one port under their documented base paths, with the
// control API beside them. Everything is prepared at start; a request only matches and answers.
// The sandbox's own credentials reach its global scope; each session has credentials and a scope
// of its own (scope.ts, sessions.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallbackOptions, CallbackUrls } from './callbacks.js';
import { API_IDS, type ApiId } from './contract.js';
import { CONTROL_PREFIX, handleControl } from './control.js';
import { type Credentials, type CredentialsOption, CredentialIndex, resolveCredentials } from './credentials.js';
import { DEFAULT_MAX_BODY_BYTES, send } from './http-io.js';
import { createIds } from './ids.js';
import { createPipeline, type Owner } from './pipeline.js';
import { DEFAULT_REQUEST_LOG_SIZE } from './recorder.js';
import { createRouteTable } from './routes.js';
import { type SandboxControl, type Scope, createScope } from './scope.js';
import { type SessionOptions, createSessionRegistry } from './sessions.js';
import type { StoreCaps } from './state.js';

export type { ReplyInput, SandboxControl, SetStatusOptions } from './scope.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export interface SandboxOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Deterministic mode: ids, generated credentials and timestamps follow from the seed. */
  seed?: string | number;
  /** Deterministic mode's clock: its start (ISO date-time or epoch ms; default 2030-01-01T00:00:00Z) and step per timestamp taken (ms; default 1000). */
  clock?: { start?: string | number; stepMs?: number };
  /** Credentials per interface; each one not given is generated. */
  credentials?: CredentialsOption;
  /** Receiver addresses of B's status and reply callbacks and C's status callback. */
  callbacks?: CallbackUrls;
  /** Delivery bounds: timeout, retries, waits, log size. */
  callbackDelivery?: CallbackOptions;
  /** Largest request body, bytes; default 1 MiB. */
  maxBodyBytes?: number;
  /** Cap of each store (oldest evicted); default 10 000 each. */
  storeCaps?: StoreCaps;
  /** Recorded requests kept; default 1000. */
  requestLogSize?: number;
  /** Sessions: how many at once (default 100) and their idle expiry (default 30 min). */
  sessions?: SessionOptions;
}

/** A session: a scope of its own with its own credentials, in a shared sandbox. */
export interface SandboxSession extends SandboxControl {
  id: string;
  /** The sandbox's origin. */
  url: string;
  urls: Record<ApiId, string>;
  /** The session's own credentials, of the shape of the sandbox's. */
  credentials: Credentials;
  /** Deletes the session: its credentials stop working and its state is dropped. */
  close(): Promise<void>;
}

export interface Sandbox extends SandboxControl {
  /** The origin, e.g. http://127.0.0.1:4010. */
  url: string;
  /** Base URL of each interface (origin + documented base path). */
  urls: Record<ApiId, string>;
  credentials: Credentials;
  /** A new session: its own credentials, state, callback addresses, faults, request log and deliveries. */
  createSession(options?: { callbacks?: CallbackUrls }): SandboxSession;
  /** The live session with this id, or undefined (deleted, expired, or never created). */
  session(id: string): SandboxSession | undefined;
  close(): Promise<void>;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const result = value ?? fallback;
  if (!Number.isSafeInteger(result) || result < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return result;
}

function clockStart(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new TypeError('clock.start must be an ISO date-time or epoch ms');
  return ms;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const port = positiveInteger('port', options.port, DEFAULT_PORT);
  if (port > 65535) throw new RangeError('port must be 0 to 65535');
  const host = options.host ?? DEFAULT_HOST;
  const maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES);
  const seed = options.seed === undefined ? undefined : String(options.seed);
  const credentials = resolveCredentials(options.credentials, seed !== undefined ? createIds(`credentials:${seed}`) : undefined);
  const table = createRouteTable();
  const requestLogSize = positiveInteger('requestLogSize', options.requestLogSize, DEFAULT_REQUEST_LOG_SIZE);
  let origin = '';
  const scopeSettings = {
    table,
    clock: { start: clockStart(options.clock?.start), stepMs: options.clock?.stepMs },
    ...(options.storeCaps && { storeCaps: options.storeCaps }),
    requestLogSize,
    ...(options.callbackDelivery && { callbackDelivery: options.callbackDelivery }),
    origin: () => origin,
  };
  const global: Scope = createScope({ ...scopeSettings, seed, ...(options.callbacks && { callbacks: options.callbacks }) });

  const owners = new CredentialIndex<Owner>(new Map(table.apis.map((api) => [api.api, api.auth])));
  owners.add(credentials, { scope: global });
  // Session ids and credentials: from the seed in deterministic mode, so a seeded run repeats them.
  const sessionIds = createIds(seed !== undefined ? `sessions:${seed}` : undefined);
  const sessions = createSessionRegistry({
    ...options.sessions,
    ids: sessionIds,
    make(id) {
      const secret = () => sessionIds.uuid().replace(/-/g, '');
      const scope = createScope({ ...scopeSettings, seed: seed !== undefined ? `${seed}:session:${id}` : undefined });
      return {
        scope,
        credentials: resolveCredentials({
          'gateway-v1': { username: `sandbox-gateway-${id}`, password: secret() },
          'sms-v2': { apiKey: `${id}.${secret()}` },
          'im-v1': { apiKey: `${id}.${secret()}` },
          'campaign-manager-v1': { username: `sandbox-campaigns-${id}`, password: secret() },
        }),
      };
    },
    register: (entry) => owners.add(entry.credentials, entry),
    unregister: (entry) => owners.remove(entry.credentials),
  });

  const pipeline = createPipeline({ table, owners, global, maxBodyBytes });

  function listener(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    const api = table.apiFor(path);
    let done: Promise<void> | undefined;
    if (api) done = pipeline(api, req, res, path, query);
    else if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) done = handleControl(sandbox, req, res, path, query);
    else {
      req.resume();
      // Outside every base path: the sandbox's own answer, not any interface's shape.
      send(res, { status: 404, body: { error: 'not found', basePaths: table.apis.map((a) => a.basePath), control: CONTROL_PREFIX } });
    }
    done?.catch(() => {
      if (!res.headersSent) send(res, { status: 500, body: { error: 'internal sandbox error' } });
      else res.destroy();
    });
  }

  const server = createServer({ keepAliveTimeout: 5000 }, listener);
  server.on('clientError', (_error, socket) => {
    // Not HTTP the parser can read: no interface can be told apart, so the sandbox's own answer.
    const body = '{"error":"malformed HTTP request"}';
    if (socket.writable) {
      socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
    }
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const urls = Object.fromEntries(table.apis.map((api) => [api.api, origin + api.basePath])) as Record<ApiId, string>;

  function sessionView(id: string): SandboxSession | undefined {
    const entry = sessions.get(id);
    if (!entry) return undefined;
    return {
      ...entry.scope.control,
      id: entry.id,
      url: origin,
      urls,
      credentials: entry.credentials,
      close: async () => void sessions.delete(entry.id),
    };
  }

  const sandbox: Sandbox = {
    ...global.control,
    url: origin,
    urls,
    credentials,
    createSession(sessionOptions = {}) {
      const entry = sessions.create();
      try {
        if (sessionOptions.callbacks) entry.scope.control.setCallbackUrls(sessionOptions.callbacks);
      } catch (error) {
        sessions.delete(entry.id);
        throw error;
      }
      return sessionView(entry.id)!;
    },
    session: sessionView,
    async close() {
      await sessions.close();
      await global.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return sandbox;
}

export { API_IDS };
