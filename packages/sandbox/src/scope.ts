// A scope: everything a test can see and change. The sandbox's global scope (its printed
// credentials) and each session (its own credentials) are one each, so a session has its own
// stores, ids, clock, faults, latency, request log, callback addresses and deliveries, and no
// request made with one scope's credentials reads or writes another's.
import { type CallbackOptions, type CallbackUrls, type Delivery, createDispatcher } from './callbacks.js';
import { schemaEnum } from './contract.js';
import { type FaultSpec, createFaults } from './faults.js';
import { type Clock, type Ids, createClock, createIds } from './ids.js';
import type { Env } from './operation.js';
import { type RecordedRequest, createRecorder } from './recorder.js';
import type { RouteTable } from './routes.js';
import { type StoreCaps, clearState, createState } from './state.js';

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

/** The control operations of one scope (the sandbox's global one, or a session). */
export interface SandboxControl {
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
  /** Resolves when every queued callback delivery of this scope has settled. */
  idle(): Promise<void>;
  /** Empties every store, log and fault of this scope; restarts its ids and deterministic clock. Keeps callback addresses. */
  reset(): void;
}

export const DEFAULT_DETAIL = 'Status changed by the sandbox';

export interface ScopeSettings {
  table: RouteTable;
  /** The seed of deterministic mode, already made distinct per scope; undefined for random ids. */
  seed: string | undefined;
  clock: { start?: number; stepMs?: number };
  storeCaps?: StoreCaps;
  requestLogSize: number;
  callbackDelivery?: CallbackOptions;
  callbacks?: CallbackUrls;
  origin: () => string;
}

export interface Scope {
  control: SandboxControl;
  env: Env;
  faults: ReturnType<typeof createFaults>;
  recorder: ReturnType<typeof createRecorder>;
  ids: Ids;
  clock: Clock;
  /** Stops its deliveries. */
  close(): Promise<void>;
}

const smsStates = () => schemaEnum('sms-v2', 'MessageStatus');
const imStates = () => schemaEnum('im-v1', 'MessageStatus');

export function createScope(settings: ScopeSettings): Scope {
  const ids = createIds(settings.seed);
  const clock = createClock(settings.seed !== undefined, settings.clock.start, settings.clock.stepMs);
  const state = createState(settings.storeCaps);
  const faults = createFaults(settings.table);
  const recorder = createRecorder(settings.requestLogSize);
  const dispatcher = createDispatcher(settings.callbackDelivery);
  dispatcher.setUrls(settings.callbacks ?? {});
  const env: Env = { state, ids, clock, origin: settings.origin };

  function findMessage(id: string) {
    const sms = state.smsMessages.get(id);
    if (sms) return { kind: 'sms-v2.status' as const, message: sms, states: smsStates() };
    const im = state.imMessages.get(id);
    if (im) return { kind: 'im-v1.status' as const, message: im, states: imStates() };
    return undefined;
  }

  const control: SandboxControl = {
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
  };
  return { control, env, faults, recorder, ids, clock, close: () => dispatcher.close() };
}
