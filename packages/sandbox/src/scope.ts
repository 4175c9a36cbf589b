// A scope: everything a test can see and change. The sandbox's global scope (its printed
// credentials) and each session (its own credentials) are one each, so a session has its own
// stores, ids, clock, faults, latency, request log, callback addresses and deliveries, and no
// request made with one scope's credentials reads or writes another's.
import { callbacks as imCallbacks } from '@messaging-contracts/validators/im-v1';
import { callbacks as smsCallbacks } from '@messaging-contracts/validators/sms-v2';
import { type CallbackKind, type CallbackOptions, type CallbackUrls, changedCallbackUrls, type Delivery, type LogRedaction, type SelfCheck, createDispatcher } from './callbacks.js';
import { letterOf, schemaEnum, schemaSections } from './contract.js';
import type { ByteBudget } from './bounded-map.js';
import type { MessageState, OperationKey } from './control-types.js';
import { type FaultBytes, type FaultSpec, createFaults } from './faults.js';
import { type Clock, type Ids, createClock, createIds } from './ids.js';
import { type ProgressOptions, createProgression } from './progress.js';
import type { Env } from './operation.js';
import { refuseUnknownKeys } from './control-validation.js';
import { type Finding, describeFinding } from './problems.js';
import { type RecordedRequest, createRecorder } from './recorder.js';
import { type RouteTable, routeOfKey } from './routes.js';
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
  /** Changes the status of a B or C message and delivers the status callback of an outbound (MT) one (section 6: a B reply, an MO message, gets none), when an address is set. */
  setStatus(id: string, status: MessageState, options?: SetStatusOptions): Promise<Delivery | undefined>;
  /** A reply (MO message) to B message `messageId`: stored, and delivered as B's reply callback. */
  reply(messageId: string, input: ReplyInput, options?: { wait?: boolean }): Promise<{ id: string; delivery: Delivery | undefined }>;
  faults: {
    inject(spec: FaultSpec): void;
    pending(): Record<string, number>;
    setLatency(ms: number, operation?: OperationKey): void;
    clear(): void;
  };
  /** Recorded requests, oldest first; `operation` must name an operation (`im-v1.sendMessage`), else it throws. */
  requests(filter?: { operation?: string }): RecordedRequest[];
  clearRequests(): void;
  deliveries(): Delivery[];
  setCallbackUrls(urls: CallbackUrls): void;
  callbackUrls(): CallbackUrls;
  /** Resolves when every queued callback delivery of this scope has settled. */
  idle(): Promise<void>;
  /**
   * The scope's clock: timestamps, the 60-day scheduling limit and campaign dates follow it. Real
   * time unless set (or `--now`, or deterministic mode, which starts it at 2030-01-01).
   */
  clock: {
    /** The current time, ISO 8601, and whether it is deterministic (steps per timestamp) or real time (shifted). */
    get(): { now: string; mode: 'real' | 'deterministic' };
    /** Sets it to an ISO date-time (or epoch ms). */
    set(now: string | number): void;
    /** Moves it by `ms` (at most 10 years either way). */
    advance(ms: number): void;
  };
  /** Automatic status progression of new B (MT) and C messages: `{ states: ['sent', 'received'], delayMs }`; empty states turn it off. */
  progress: {
    get(): Required<ProgressOptions>;
    set(options: ProgressOptions): void;
  };
  /** Empties every store, log and fault of this scope; restarts its ids and deterministic clock. Keeps callback addresses and progression. */
  reset(): void;
}

export const DEFAULT_DETAIL = 'Status changed by the sandbox';
/** The clock stays between 1970 and 2200; one advance moves it at most 10 years. */
const MAX_CLOCK_MS = Date.UTC(2200, 0, 1);
const MAX_CLOCK_ADVANCE_MS = 10 * 366 * 24 * 3600 * 1000;

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
  /** Whether an address reaches the sandbox itself (callbacks there are refused). */
  isSelf: SelfCheck;
  /** Callbacks beyond this machine allowed (the opt-in `remoteCallbacks`). */
  remoteCallbacks: boolean;
  /** The byte budgets shared by every scope. */
  memory: Memory;
  /** Automatic status progression from the start (`--progress`). */
  progress?: ProgressOptions;
  /** The credentials the sandbox knows, replaced in what its delivery log keeps. */
  secrets: LogRedaction;
}

/** The sandbox's memory bounds, shared by all scopes: stores, logs (requests, deliveries), queued fault bodies. */
export interface Memory {
  stores: ByteBudget;
  logs: ByteBudget;
  faults: FaultBytes;
}

export interface Scope {
  control: SandboxControl;
  /** Starts the progression of a message the scope just created. */
  progression: ReturnType<typeof createProgression>;
  env: Env;
  faults: ReturnType<typeof createFaults>;
  recorder: ReturnType<typeof createRecorder>;
  ids: Ids;
  clock: Clock;
  /** Stops its deliveries. */
  close(): Promise<void>;
  /**
   * Stops its deliveries and empties its stores, logs and faults: a deleted session's, whose
   * entries would otherwise stay charged against the budgets all scopes share (and in memory)
   * until newer entries pushed them out, evicting the live scopes' oldest first.
   */
  dispose(): Promise<void>;
}

// Every callback the sandbox sends is checked against its documented body first (the validators
// compiled from the bundles): a test cannot make the sandbox send what the service never would.
const callbackBodies: Record<CallbackKind, ((body: unknown) => readonly Finding[]) | undefined> = {
  'sms-v2.status': smsCallbacks.receiveStatusCallback?.body,
  'sms-v2.reply': smsCallbacks.receiveReplyCallback?.body,
  'im-v1.status': imCallbacks.receiveStatusCallback?.body,
};

function checkCallback(kind: CallbackKind, body: Record<string, unknown>): void {
  const violations = callbackBodies[kind]?.(body) ?? [];
  if (violations.length > 0) {
    const list = violations.map((v) => describeFinding(v)).join('; ');
    throw new TypeError(`the ${kind} callback would break its documented body: ${list}`);
  }
}

const smsStates = () => schemaEnum('sms-v2', 'MessageStatus');
const imStates = () => schemaEnum('im-v1', 'MessageStatus');

/**
 * The refusal of a state the message's interface lacks, naming that interface and where the spec
 * document lists its states (B's in sections 2.2 and 3, C's in 2.3 and 3: read from the schemas'
 * descriptions), and the other interface when the state is one of its.
 */
function notAState(api: 'sms-v2' | 'im-v1', status: unknown): string {
  const other = api === 'sms-v2' ? 'im-v1' : 'sms-v2';
  const letter = letterOf(api);
  const sections = schemaSections(api, 'MessageStatus');
  const shown = JSON.stringify(String(status).slice(0, 40));
  const elsewhere = typeof status === 'string' && schemaEnum(other, 'MessageStatus').includes(status) ? ` (${shown} is a state of ${letterOf(other)}'s messages, ${other})` : '';
  return `status ${shown} is not a state of this message, a ${letter} (${api}) message: ${letter}'s states (MessageStatus${sections ? `, ${sections}` : ''}) are ${schemaEnum(api, 'MessageStatus').join(', ')}${elsewhere}`;
}

export function createScope(settings: ScopeSettings): Scope {
  const ids = createIds(settings.seed);
  const clock = createClock(settings.seed !== undefined, settings.clock.start, settings.clock.stepMs);
  const state = createState(settings.storeCaps, settings.memory.stores);
  const faults = createFaults(settings.table, settings.memory.faults);
  const recorder = createRecorder(settings.requestLogSize, settings.memory.logs);
  const dispatcher = createDispatcher(settings.callbackDelivery, { isSelf: settings.isSelf, remote: settings.remoteCallbacks }, settings.secrets, settings.memory.logs);
  dispatcher.setUrls(settings.callbacks ?? {});
  const env: Env = { state, ids, clock, origin: settings.origin };
  const progression = createProgression((id, status) => control.setStatus(id, status));
  if (settings.progress) progression.set(settings.progress);

  function findMessage(id: string) {
    const sms = state.smsMessages.get(id);
    if (sms) return { kind: 'sms-v2.status' as const, api: 'sms-v2' as const, message: sms, states: smsStates() };
    const im = state.imMessages.get(id);
    if (im) return { kind: 'im-v1.status' as const, api: 'im-v1' as const, message: im, states: imStates() };
    return undefined;
  }

  const control: SandboxControl = {
    async setStatus(id, status, setOptions = {}) {
      const found = findMessage(String(id));
      if (!found) throw new TypeError('no B or C message has this id (it may have been evicted or reset)');
      if (!found.states.includes(status)) throw new TypeError(notAState(found.api, status));
      // B's status callback reports outbound (MT) messages (section 6): an MO reply's status changes silently.
      if ('direction' in found.message && found.message.direction === 'MO') {
        found.message.status = status;
        return undefined;
      }
      const body = { id: found.message.id, status, detail: setOptions.detail ?? DEFAULT_DETAIL };
      checkCallback(found.kind, body);
      found.message.status = status;
      const delivery = dispatcher.send(found.kind, body);
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
      checkCallback('sms-v2.reply', body);
      // A reply is stored as an MO message, readable with GET /messages?id=.
      state.smsMessages.set(id, { ...body, direction: 'MO', status: 'received' }, JSON.stringify(body).length);
      const delivery = dispatcher.send('sms-v2.reply', body);
      return { id, delivery: replyOptions.wait === false ? undefined : await delivery };
    },
    faults: {
      inject: (spec) => (refuseUnknownKeys('FaultSpec', spec), faults.inject(spec)),
      pending: () => faults.pending(),
      setLatency: (ms, operation) => faults.setLatency(ms, operation),
      clear: () => faults.clear(),
    },
    requests(filter) {
      if (filter?.operation !== undefined) routeOfKey(settings.table, filter.operation);
      return recorder.list(filter);
    },
    clearRequests: () => recorder.clear(),
    deliveries: () => dispatcher.deliveries(),
    setCallbackUrls: (urls) => (refuseUnknownKeys('CallbackUrls', urls), dispatcher.setUrls(changedCallbackUrls(dispatcher.urls(), urls))),
    callbackUrls: () => dispatcher.urls(),
    idle: () => dispatcher.idle(),
    clock: {
      get: () => ({ now: new Date(clock.now()).toISOString(), mode: settings.seed !== undefined ? 'deterministic' : 'real' }),
      set(now) {
        const ms = typeof now === 'number' ? now : typeof now === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(now) ? Date.parse(now) : NaN;
        if (!Number.isFinite(ms) || ms < 0 || ms > MAX_CLOCK_MS) throw new TypeError('now must be an RFC 3339 date-time (2030-01-01T00:00:00Z) between the years 1970 and 2200');
        clock.set(ms);
      },
      advance(ms) {
        if (!Number.isSafeInteger(ms) || Math.abs(ms) > MAX_CLOCK_ADVANCE_MS) throw new RangeError(`ms must be an integer of at most ${MAX_CLOCK_ADVANCE_MS} either way (10 years)`);
        if (clock.now() + ms < 0 || clock.now() + ms > MAX_CLOCK_MS) throw new RangeError('the clock would leave the years 1970 to 2200');
        clock.advance(ms);
      },
    },
    progress: {
      get: () => progression.get(),
      set: (options) => (refuseUnknownKeys('Progress', options), progression.set(options)),
    },
    reset() {
      progression.stop();
      clearState(state);
      ids.reset();
      clock.reset();
      faults.clear();
      recorder.clear();
      dispatcher.clear();
    },
  };
  return {
    control,
    progression,
    env,
    faults,
    recorder,
    ids,
    clock,
    close: () => {
      progression.stop();
      return dispatcher.close();
    },
    dispose: async () => {
      progression.stop();
      await dispatcher.close();
      clearState(state);
      faults.clear();
      recorder.clear();
      dispatcher.clear();
    },
  };
}
