// startSandbox(): all four interfaces on one port under their documented base paths, with the
// control API beside them. Everything is prepared at start; a request only matches and answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CallbackOptions,
  type CallbackUrls,
  type Delivery,
  createDispatcher,
} from './callbacks.js';
import { API_IDS, type ApiId, schemaEnum } from './contract.js';
import { CONTROL_PREFIX, handleControl } from './control.js';
import { type AuthCheck, type Credentials, type CredentialsOption, authCheck, resolveCredentials } from './credentials.js';
import { type FaultSpec, createFaults } from './faults.js';
import { DEFAULT_MAX_BODY_BYTES, send } from './http-io.js';
import { createClock, createIds } from './ids.js';
import type { Env } from './operation.js';
import { createPipeline } from './pipeline.js';
import { type RecordedRequest, DEFAULT_REQUEST_LOG_SIZE, createRecorder } from './recorder.js';
import { createRouteTable } from './routes.js';
import { type StoreCaps, clearState, createState } from './state.js';

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
}

export interface SetStatusOptions {
  /** The callback's `detail`; default 'Status changed by the sandbox'. */
  detail?: string;
  /** Resolve after the delivery settles (default true), or at once. */
  wait?: boolean;
}

export interface ReplyInput {
  content?: string;
  operator?: string;
  /** Default: the original message's destination (the handset that replies). */
  source?: string;
}

export interface Sandbox {
  /** The origin, e.g. http://127.0.0.1:4010. */
  url: string;
  /** Base URL of each interface (origin + documented base path). */
  urls: Record<ApiId, string>;
  credentials: Credentials;
  /** Changes the status of a B or C message and delivers its status callback (when an address is set). */
  setStatus(id: string, status: string, options?: SetStatusOptions): Promise<Delivery | undefined>;
  /** A reply (MO message) to B message `messageId`: stored, and delivered as B's reply callback. */
  reply(messageId: string, input: ReplyInput, options?: { wait?: boolean }): Promise<{ id: string; delivery: Delivery | undefined }>;
  faults: {
    inject(spec: FaultSpec): void;
    pending(): Record<string, number>;
    setLatency(ms: number, operation?: string): void;
    clear(): void;
  };
  requests(filter?: { operation?: string }): RecordedRequest[];
  clearRequests(): void;
  deliveries(): Delivery[];
  setCallbackUrls(urls: CallbackUrls): void;
  callbackUrls(): CallbackUrls;
  /** Resolves when every queued callback delivery has settled. */
  idle(): Promise<void>;
  /** Empties every store, log and fault; restarts ids and the deterministic clock. Keeps callback addresses. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_DETAIL = 'Status changed by the sandbox';

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
  const seeded = options.seed !== undefined;
  const ids = createIds(seeded ? String(options.seed) : undefined);
  const credentials = resolveCredentials(options.credentials, seeded ? createIds(`credentials:${options.seed}`) : undefined);
  const clock = createClock(seeded, clockStart(options.clock?.start), options.clock?.stepMs);
  const table = createRouteTable();
  const state = createState(options.storeCaps);
  const faults = createFaults(table);
  const recorder = createRecorder(positiveInteger('requestLogSize', options.requestLogSize, DEFAULT_REQUEST_LOG_SIZE));
  const dispatcher = createDispatcher(options.callbackDelivery);
  dispatcher.setUrls(options.callbacks ?? {});
  const auth = Object.fromEntries(table.apis.map((api) => [api.api, authCheck(api.api, api.auth, credentials)])) as Record<ApiId, AuthCheck>;
  const smsStates = schemaEnum('sms-v2', 'MessageStatus');
  const imStates = schemaEnum('im-v1', 'MessageStatus');

  let origin = '';
  const env: Env = { state, ids, clock, origin: () => origin };
  const pipeline = createPipeline({ table, auth, faults, recorder, env, maxBodyBytes });

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

  function findMessage(id: string) {
    const sms = state.smsMessages.get(id);
    if (sms) return { kind: 'sms-v2.status' as const, message: sms, states: smsStates };
    const im = state.imMessages.get(id);
    if (im) return { kind: 'im-v1.status' as const, message: im, states: imStates };
    return undefined;
  }

  const sandbox: Sandbox = {
    url: origin,
    urls: Object.fromEntries(table.apis.map((api) => [api.api, origin + api.basePath])) as Record<ApiId, string>,
    credentials,
    async setStatus(id, status, setOptions = {}) {
      const found = findMessage(String(id));
      if (!found) throw new TypeError('no B or C message has this id (it may have been evicted or reset)');
      if (!found.states.includes(status)) throw new TypeError(`status must be one of ${found.states.join(', ')}`);
      found.message.status = status;
      const delivery = dispatcher.send(found.kind, { id: found.message.id, status, detail: setOptions.detail ?? DEFAULT_DETAIL });
      return setOptions.wait === false ? undefined : delivery;
    },
    async reply(messageId, input, replyOptions = {}) {
      const original = state.smsMessages.get(String(messageId));
      if (!original || original.direction !== 'MT') throw new TypeError('messageId must be the id of a B message sent through the sandbox');
      const id = ids.uuid();
      const source = input.source ?? original.destination;
      const body = {
        id,
        ...(source !== undefined && { source }),
        ...(original.source !== undefined && { destination: original.source }),
        ...(input.content !== undefined && { content: input.content }),
        ...(input.operator !== undefined && { operator: input.operator }),
      };
      // A reply is stored as an MO message, readable with GET /messages?id=.
      state.smsMessages.set(id, { ...body, direction: 'MO', status: 'received' });
      const delivery = dispatcher.send('sms-v2.reply', body);
      return { id, delivery: replyOptions.wait === false ? undefined : await delivery };
    },
    faults: {
      inject: (spec) => faults.inject(spec),
      pending: () => faults.pending(),
      setLatency: (ms, operation) => faults.setLatency(ms, operation),
      clear: () => faults.clear(),
    },
    requests: (filter) => recorder.list(filter),
    clearRequests: () => recorder.clear(),
    deliveries: () => dispatcher.deliveries(),
    setCallbackUrls: (urls) => dispatcher.setUrls({ ...dispatcher.urls(), ...urls }),
    callbackUrls: () => dispatcher.urls(),
    idle: () => dispatcher.idle(),
    reset() {
      clearState(state);
      ids.reset();
      clock.reset();
      faults.clear();
      recorder.clear();
      dispatcher.clear();
    },
    async close() {
      await dispatcher.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return sandbox;
}

export { API_IDS };
