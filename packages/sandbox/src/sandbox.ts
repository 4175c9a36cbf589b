// startSandbox(): all four interfaces on one port under their documented base paths, with the
// control API beside them. Everything is prepared at start; a request only matches and answers.
// The sandbox's own credentials reach its global scope; each session has credentials and a scope
// of its own (scope.ts, sessions.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { CallbackOptions, CallbackUrls } from './callbacks.js';
import { API_IDS, type ApiId, basePath } from './contract.js';
import { randomBytes } from 'node:crypto';
import { CONTROL_PREFIX, handleControl } from './control.js';
import type { ControlGuard } from './control-guard.js';
import { refuseUnknownKeys } from './control-validation.js';
import { type CorsOption, createCors } from './cors.js';
import { type Credentials, type CredentialsOption, CredentialIndex, credentialRule, MIN_CONTROL_TOKEN_LENGTH, resolveCredentials } from './credentials.js';
import { ByteBudget } from './bounded-map.js';
import { boundConnections } from './connections.js';
import { FaultBytes } from './faults.js';
import { answerClientError, DEFAULT_MAX_BODY_BYTES, flushAnswers, limitRequestTime, send } from './http-io.js';
import { createIds } from './ids.js';
import { seedMayDeriveSecrets, seededSecretsRefused } from './seeded-credentials.js';
import { createPipeline, type Owner } from './pipeline.js';
import type { ProgressOptions } from './progress.js';
import { type Fixtures, loadFixtures } from './fixtures.js';
import { DEFAULT_REQUEST_LOG_SIZE } from './recorder.js';
import { credentialSecrets, SecretRedactor } from './redaction.js';
import { isLoopbackName, isUnspecified, selfAddressCheck } from './loopback.js';
import { beyondLoopbackWarning } from './beyond-loopback.js';
import { listenError } from './listen-errors.js';
import { createRouteTable } from './routes.js';
import { type SandboxControl, type Scope, createScope } from './scope.js';
import { type SessionOptions, createSessionRegistry } from './sessions.js';
import { fingerprint, plainHttpListener, selfSignedCertificate, spkiSha256 } from './tls.js';
import type { StoreCaps } from './state.js';

export type { ReplyInput, SandboxControl, SetStatusOptions } from './scope.js';

export const DEFAULT_PORT = 4010;

export interface MemoryOptions {
  /** Stored messages, lists and campaigns of every scope, counted as their JSON text; default 32 MiB. Oldest evicted first. */
  storeBytes?: number;
  /** Recorded requests and deliveries of every scope (bodies and headers); default 8 MiB. The oldest entries' bodies are dropped first. */
  logBytes?: number;
  /** Bodies of queued faults of every scope; default 8 MiB. A further injection is refused. */
  faultBytes?: number;
}

export const MEMORY_DEFAULTS = { storeBytes: 32 * 1024 * 1024, logBytes: 8 * 1024 * 1024, faultBytes: 8 * 1024 * 1024 } as const;
export const DEFAULT_HOST = '127.0.0.1';
/**
 * Connections at once beyond loopback, by default: a few CI jobs' keep-alive pools fit; a host on
 * the network that opens connections without end does not take every file descriptor. On loopback
 * there is none by default: the one client is this machine's own test suite, whose parallel
 * workers may open a burst of connections, and this machine's users can stop the process anyway.
 */
export const DEFAULT_MAX_CONNECTIONS_BEYOND_LOOPBACK = 256;

export interface SandboxOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Deterministic mode: ids, generated credentials and timestamps follow from the seed. */
  seed?: string | number;
  /**
   * The clock: its start (ISO date-time or epoch ms; `--now`) and, in deterministic mode, its step per
   * timestamp taken (ms; default 1000). Deterministic mode starts at 2030-01-01T00:00:00Z unless
   * given; otherwise the clock is real time, shifted to start at `start` when given.
   */
  clock?: { start?: string | number; stepMs?: number };
  /** Credentials per interface; each one not given is generated. */
  credentials?: CredentialsOption;
  /**
   * With `seed` beyond loopback: accept credentials that follow from the seed (anyone who knows it
   * can derive them). Default false: there every password and API key must be given in
   * `credentials`, else the start is refused, and sessions' secrets are random (README,
   * "Deterministic mode").
   */
  allowSeededCredentials?: boolean;
  /** Receiver addresses of B's status and reply callbacks and C's status callback. */
  callbacks?: CallbackUrls;
  /**
   * Allows callback addresses beyond this machine (any host but `localhost`, 127.0.0.0/8 and
   * `[::1]`), for every scope. Default false: a callback there is refused when it is set.
   */
  remoteCallbacks?: boolean;
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
  /** Memory bounds in bytes, shared by the global scope and every session (README, "Bounds"). */
  memory?: MemoryOptions;
  /**
   * HTTPS: true for a generated self-signed certificate (localhost, 127.0.0.1, ::1), or a PEM
   * `{ cert, key }`. A plain-HTTP listener on `httpPort` (default any free port) then redirects B's
   * requests to HTTPS (section 1).
   */
  https?: boolean | { cert: string; key: string };
  /** With `https`: the plain-HTTP port (0 picks a free one; the default). */
  httpPort?: number;
  /** Messages, lists and templates preloaded into the global scope, at start and after each reset (README, "Fixtures"). */
  fixtures?: Fixtures;
  /** Automatic status progression of the global scope's new B and C messages (sessions set their own). */
  progress?: ProgressOptions;
  /** CORS: 'loopback' (default: loopback origins only), 'off', or origins allowed besides loopback ones. */
  cors?: CorsOption;
  /** The control token required beyond loopback; generated there when not given. Given on loopback, it is required too. */
  controlToken?: string;
  /**
   * Connections open at once (each listener: HTTPS and its plain-HTTP one count apart); a further
   * one is closed as it arrives, and `warn` says so once. Default: 256 beyond loopback, none on
   * loopback (README, "Bounds").
   */
  maxConnections?: number;
  /**
   * Where the sandbox's warnings go, one line each without a newline: listening beyond loopback (at
   * start, with the addresses other machines reach it at), a CORS Origin it refused (once per
   * origin, for at most 100 origins), the first connection refused past `maxConnections`. Default:
   * stderr, as `messaging-sandbox: <line>`.
   */
  warn?: (message: string) => void;
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
  /**
   * With `https`: the certificate served (PEM) and its SHA-256 fingerprint, for a client to trust or
   * pin, and the SHA-256 of its public key (SPKI, base64), which Chromium's
   * `--ignore-certificate-errors-spki-list` takes.
   */
  certificate: { cert: string; fingerprint256: string; spkiSha256: string } | undefined;
  /** With `https`: the plain-HTTP origin whose B requests are redirected to HTTPS. */
  httpUrl: string | undefined;
  /** The token control requests must carry (header x-sandbox-control-token), when one is required: beyond loopback. */
  controlToken: string | undefined;
  /** Connections open at once, per listener, or undefined for no bound (loopback's default). */
  maxConnections: number | undefined;
  /** A new session: its own credentials, state, callback addresses, faults, request log and deliveries. */
  /**
   * A new session. `name` (1 to 100 printable ASCII characters, one live session each): in
   * deterministic mode its ids, credentials and clock follow from the seed and the name, not from
   * the order sessions are created in.
   */
  createSession(options?: { callbacks?: CallbackUrls; name?: string }): SandboxSession;
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

/** A sandbox started with `https`: its certificate and plain-HTTP origin are always there (no `!`). */
export type HttpsSandbox = Sandbox & { certificate: NonNullable<Sandbox['certificate']>; httpUrl: string };

export function startSandbox(options: SandboxOptions & { https: true | { cert: string; key: string } }): Promise<HttpsSandbox>;
export function startSandbox(options?: SandboxOptions): Promise<Sandbox>;
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const port = positiveInteger('port', options.port, DEFAULT_PORT);
  if (port > 65535) throw new RangeError('port must be 0 to 65535');
  const host = options.host ?? DEFAULT_HOST;
  const maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES);
  const seed = options.seed === undefined ? undefined : String(options.seed);
  const refused = seededSecretsRefused(host, seed, options.credentials, options.allowSeededCredentials);
  if (refused.length > 0) {
    throw new TypeError(
      `with a seed, beyond loopback (host ${host}), credentials not given would follow from the seed, which is no secret: give ${refused.map(([api, field]) => `credentials['${api}'].${field}`).join(', ')}, or allowSeededCredentials: true to accept credentials anyone who knows the seed can derive`,
    );
  }
  const seededSecrets = seedMayDeriveSecrets(host, seed, options.allowSeededCredentials);
  const credentials = resolveCredentials(options.credentials, seed !== undefined ? createIds(`credentials:${seed}`) : undefined);
  const table = createRouteTable();
  const requestLogSize = positiveInteger('requestLogSize', options.requestLogSize, DEFAULT_REQUEST_LOG_SIZE);
  let origin = '';
  // Known once listening: until then no address is taken as the sandbox's own, and the callback
  // addresses given as options are checked again after.
  let isSelf = (_url: URL) => false;
  const memory = { ...MEMORY_DEFAULTS, ...options.memory };
  // Every credential the sandbox takes, so none is recorded wherever a client puts it, nor kept
  // from a receiver's answer in the delivery log (redaction.ts).
  const secrets = new SecretRedactor();
  secrets.set(credentials, credentialSecrets(credentials));
  const scopeSettings = {
    secrets,
    isSelf: (url: URL) => isSelf(url),
    remoteCallbacks: options.remoteCallbacks === true,
    memory: { stores: new ByteBudget(memory.storeBytes), logs: new ByteBudget(memory.logBytes), faults: new FaultBytes(memory.faultBytes) },
    table,
    clock: { start: clockStart(options.clock?.start), stepMs: options.clock?.stepMs },
    ...(options.storeCaps && { storeCaps: options.storeCaps }),
    requestLogSize,
    ...(options.callbackDelivery && { callbackDelivery: options.callbackDelivery }),
    origin: () => origin,
  };
  const global: Scope = createScope({
    ...scopeSettings,
    seed,
    ...(options.callbacks && { callbacks: options.callbacks }),
    ...(options.progress && { progress: options.progress }),
  });

  if (options.fixtures !== undefined) loadFixtures(options.fixtures, table, global);
  const owners = new CredentialIndex<Owner>(new Map(table.apis.map((api) => [api.api, api.auth])));
  owners.add(credentials, { scope: global });
  // Session ids and credentials: from the seed in deterministic mode, so a seeded run repeats them.
  const sessionIds = createIds(seed !== undefined ? `sessions:${seed}` : undefined);
  const sessions = createSessionRegistry({
    ...options.sessions,
    // A named session's ids follow from seed and name alone, whatever order sessions are made in
    // (parallel test files); an unnamed one's from the order, as the one sequence is drawn.
    idsFor: (name) => (name !== undefined && seed !== undefined ? createIds(`sessions:${seed}:named:${name}`) : sessionIds),
    make(id, ids) {
      // Drawn from the sequence in every case, so the next session's id is the same; beyond loopback
      // unless accepted, replaced by a random one (the seed is no secret; the creator reads them).
      const secret = () => {
        const drawn = ids.uuid().replace(/-/g, '');
        return seed === undefined || seededSecrets ? drawn : randomBytes(16).toString('hex');
      };
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
    register(entry) {
      if (!owners.add(entry.credentials, entry)) return false;
      secrets.set(entry, credentialSecrets(entry.credentials));
      return true;
    },
    unregister(entry) {
      owners.remove(entry.credentials);
      secrets.delete(entry);
    },
  });

  const pipeline = createPipeline({ table, owners, global, maxBodyBytes, secrets });

  function listener(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.origin !== undefined && cors.apply(req, res)) return;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    const api = table.apiFor(path);
    let done: Promise<void> | undefined;
    if (api) pipeline(api, req, res, path, query);
    else if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) done = handleControl(sandbox, guard, req, res, path, query);
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

  // Beyond loopback the control API needs a token (printed by the CLI); on loopback, none unless given.
  // Always random, also in deterministic mode: a seed is no secret (a repository's test script, the
  // README's `--seed demo`), and a token derived from it would open the control API to the network.
  const beyondLoopback = !isLoopbackName(host);
  if (options.controlToken !== undefined && (typeof options.controlToken !== 'string' || options.controlToken.length < MIN_CONTROL_TOKEN_LENGTH)) {
    throw new TypeError(`controlToken must be a string of at least ${MIN_CONTROL_TOKEN_LENGTH} characters`);
  }
  const tokenRule = options.controlToken === undefined ? undefined : credentialRule('controlToken', options.controlToken);
  if (tokenRule !== undefined) throw new TypeError(`controlToken ${tokenRule}`);
  if (options.warn !== undefined && typeof options.warn !== 'function') throw new TypeError('warn must be a function of one string');
  const warn = options.warn ?? ((message: string) => void process.stderr.write(`messaging-sandbox: ${message}\n`));
  const cors = createCors(options.cors, warn);
  const maxConnections = options.maxConnections ?? (beyondLoopback ? DEFAULT_MAX_CONNECTIONS_BEYOND_LOOPBACK : undefined);
  if (maxConnections !== undefined && (!Number.isSafeInteger(maxConnections) || maxConnections < 1)) {
    throw new RangeError('maxConnections must be an integer of at least 1');
  }
  const guard: ControlGuard = {
    token: options.controlToken ?? (beyondLoopback ? randomBytes(16).toString('hex') : undefined),
    origins: cors.origins,
  };
  if (guard.token !== undefined) secrets.set(guard, [guard.token]);

  const tls = !options.https ? undefined : options.https === true ? selfSignedCertificate() : options.https;
  const certificate = tls && { cert: tls.cert, fingerprint256: fingerprint(tls.cert), spkiSha256: spkiSha256(tls.cert) };
  const server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, listener) : createServer(listener);
  boundConnections(server, maxConnections, warn);
  server.keepAliveTimeout = 5000;
  limitRequestTime(server);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(listenError(host, error));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  // A loopback name is resolved by the system, which may ask DNS (`*.localhost`, or `localhost`
  // itself rewritten): if it bound beyond loopback, no control token guards it, so it stops here.
  if (!beyondLoopback && !isLoopbackName(address.address)) {
    await new Promise((resolve) => server.close(resolve));
    throw new Error(
      `host ${host} resolved to ${address.address}, beyond loopback, where the control API would be unguarded; give that address itself as the host (the sandbox then requires its control token) or a loopback address`,
    );
  }
  // A local tool listening beyond loopback says so, in process as from the CLI (trial65).
  if (!isLoopbackName(address.address)) warn(beyondLoopbackWarning(host, address.address, address.port, tls ? 'https' : 'http'));
  // Listening on every address (0.0.0.0, ::): the URL to print and use is loopback's.
  const reachable = isUnspecified(address.address) ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address;
  origin = `${tls ? 'https' : 'http'}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${address.port}`;
  isSelf = selfAddressCheck(address.address, address.port);
  let plain: Server | undefined;
  if (tls) {
    plain = createServer(plainHttpListener(basePath('sms-v2'), () => origin, cors));
    boundConnections(plain, maxConnections, warn);
    limitRequestTime(plain);
    plain.on('clientError', answerClientError);
    const httpPort = positiveInteger('httpPort', options.httpPort, 0);
    await new Promise<void>((resolve, reject) => {
      plain!.once('error', reject);
      plain!.listen(httpPort, host, () => resolve());
    }).catch(async (error) => {
      await new Promise((resolve) => server.close(resolve));
      throw error;
    });
  }
  const httpUrl = plain && `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${(plain.address() as AddressInfo).port}`;
  try {
    if (options.callbacks) global.control.setCallbackUrls(options.callbacks);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
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
    reset() {
      global.control.reset();
      if (options.fixtures !== undefined) loadFixtures(options.fixtures, table, global);
    },
    url: origin,
    urls,
    credentials,
    controlToken: guard.token,
    maxConnections,
    certificate,
    httpUrl,
    createSession(sessionOptions = {}) {
      refuseUnknownKeys('SessionCreate', sessionOptions);
      const entry = sessions.create(sessionOptions.name);
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
      // Answers already given are written before the connections are closed.
      flushAnswers();
      if (plain) {
        await new Promise<void>((resolve) => {
          plain!.close(() => resolve());
          plain!.closeAllConnections();
        });
      }
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return sandbox;
}

export { API_IDS };
