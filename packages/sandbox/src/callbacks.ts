// Delivery of B's and C's callbacks (section 6) to the addresses the sandbox was configured with
// (where an address is registered is not shown: it is configuration here). Contract: POST JSON,
// a 200 acknowledges a status callback (section 6; B's reply callback: POST is the contract's
// choice, its answer not shown, and the sandbox takes a 200 there too); C's receiver names its rate
// in X-RateLimit-Limit (requests per second, section 8), and later deliveries to that address are
// paced to it. Sandbox choices (not the service's): one delivery at a time per address, in the
// order they were triggered; bounded retries with backoff; a per-attempt timeout; every delivery
// and its answers recorded, with every credential the sandbox knows replaced as the request log
// replaces it (README, "Guarding the control API"): a receiver may echo one in its answer.
import { setTimeout as sleep } from 'node:timers/promises';
import { BoundedLog, type ByteBudget } from './bounded-map.js';
import { describeFetchFailure, fetchFailureCode } from './fetch-failure.js';
import type { components } from './generated/control-api.js';
import { isLoopbackDestination } from './loopback.js';

export type CallbackKind = 'sms-v2.status' | 'sms-v2.reply' | 'im-v1.status';

/** Receiver addresses per callback; a callback without an address is not sent. */
export interface CallbackUrls {
  smsStatus?: string | undefined;
  smsReply?: string | undefined;
  imStatus?: string | undefined;
}

export interface CallbackOptions {
  /** Time limit of one attempt, ms. Default 5000. */
  timeoutMs?: number;
  /** Further attempts after a failed one (no answer, or not 200). Default 2. */
  retries?: number;
  /** Wait before retry n (from 0): retryDelayMs * 2^n. Default 200. */
  retryDelayMs?: number;
  /**
   * Upper bound of any wait between two deliveries to one address, ms: the pace an
   * X-RateLimit-Limit asks for, a RetryAfter, or the pause after `X-RateLimit-Limit: 0`. Default 5000.
   */
  maxWaitMs?: number;
  /** Deliveries kept for inspection (oldest dropped). Default 1000. */
  logSize?: number;
  /** Deliveries queued or in flight at once per scope; a further one fails at once. Default 1000. */
  maxQueued?: number;
}

/** The redaction of recorded text: the sandbox's SecretRedactor, by the request log's rule. */
export interface LogRedaction {
  redact(text: string): string;
}

export const CALLBACK_DEFAULTS = { timeoutMs: 5000, retries: 2, retryDelayMs: 200, maxWaitMs: 5000, logSize: 1000, maxQueued: 1000 } as const;

/** The most of a receiver's answer the sandbox reads (callback answers are small); the rest is dropped unread. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** The answer's body kept in a delivery attempt, characters. */
const KEPT_ANSWER_CHARS = 1000;

/**
 * One attempt of a delivery, as the control API documents it (control-api/openapi.yaml): its start
 * in wall-clock epoch ms (real time also in deterministic mode, since pacing is real time).
 */
export type DeliveryAttempt = components['schemas']['DeliveryAttempt'];

export interface Delivery {
  seq: number;
  kind: CallbackKind;
  url: string;
  body: Record<string, unknown>;
  outcome: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** Why the delivery was never attempted (too many queued). */
  error?: string;
}

const urlKeys: Record<CallbackKind, keyof CallbackUrls> = {
  'sms-v2.status': 'smsStatus',
  'sms-v2.reply': 'smsReply',
  'im-v1.status': 'imStatus',
};

/** One address's deliveries: one at a time, in order, paced from `notBefore` (epoch ms). */
interface Lane {
  tail: Promise<void>;
  notBefore: number;
  /** Deliveries queued or running in it. */
  pending: number;
}

/** Lanes kept before idle ones are swept (see `sweepIdleLanes`). */
const MIN_LANES_SWEPT = 64;

/** True for an address that reaches the sandbox itself (a callback there would loop). */
export type SelfCheck = (url: URL) => boolean;

/** Reads at most `limit` bytes of a body, then cancels the rest (the connection is then closed). */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (size >= limit) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Where callbacks may go: never the sandbox itself; beyond this machine only when `remote` (the opt-in). */
export interface CallbackDestinations {
  isSelf?: SelfCheck;
  remote?: boolean;
}

/**
 * The addresses after a change (`PUT /__sandbox/callbacks`, `setCallbackUrls`): a key left out, or
 * `undefined` (JSON leaves it out), keeps its address; an empty string removes it; anything but a
 * string (`null`) is refused, as the control API refuses it, saying how to remove one.
 */
export function changedCallbackUrls(current: CallbackUrls, change: CallbackUrls): CallbackUrls {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new TypeError(`${key} must be a string: ${REMOVING_AN_ADDRESS}`);
    next[key] = value;
  }
  return next as CallbackUrls;
}

/** How a callback address is removed, and kept: said wherever a change of the addresses is refused. */
export const REMOVING_AN_ADDRESS = 'an empty string removes the address, a key left out keeps it';

export function checkCallbackUrl(name: string, value: unknown, { isSelf, remote = false }: CallbackDestinations = {}): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new TypeError(`${name} must be an absolute http or https URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${name} must be an http or https URL`);
  // fetch refuses them, and the sandbox shows every callback address in full (delivery log,
  // overview, banner). A secret path segment cannot be told from any other segment, so it is not
  // hidden either: the message says so, and to use a test value (README, "Guarding the control API").
  if (url.username || url.password) {
    throw new TypeError(
      `${name} must not carry credentials (user:password@): fetch refuses them. A secret path segment is one way to guard a receiver (webhooks README, "Authenticating the service"), but the sandbox shows each callback URL in full, path included (its delivery log, GET /__sandbox/deliveries, the deliveries in /status and /reply answers, GET /__sandbox/, the banner), so use a test value of the segment here, never a real one`,
    );
  }
  // A callback into the sandbox's own port (its control API, an interface) would loop for ever.
  if (isSelf?.(url)) throw new TypeError(`${name} must not be the sandbox itself (a callback there would loop)`);
  // Nothing leaves the machine without an explicit opt-in (README, "Callbacks beyond this machine").
  if (!remote && !isLoopbackDestination(url)) {
    throw new TypeError(
      `${name} must be on this machine (localhost, 127.0.0.0/8 or [::1]) unless the sandbox is started with --remote-callbacks (startSandbox: remoteCallbacks: true)`,
    );
  }
  return url.href;
}

/** What the byte budget drops of an old delivery: its body and the answers' bodies. */
function strip(delivery: Delivery) {
  delivery.body = {};
  for (const attempt of delivery.attempts) delete attempt.body;
}

/** A callback body as the log shows it: each string in it redacted (the body itself is sent as it is). */
function redactedBody(value: unknown, secrets: LogRedaction): any {
  if (typeof value === 'string') return secrets.redact(value);
  if (Array.isArray(value)) return value.map((item) => redactedBody(item, secrets));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactedBody(item, secrets)]));
}

export function createDispatcher(options: CallbackOptions = {}, destinations: CallbackDestinations = {}, secrets: LogRedaction, budget?: ByteBudget) {
  const settings = { ...CALLBACK_DEFAULTS, ...options };
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`callbacks.${name} must be a non-negative integer`);
  }
  const log = new BoundedLog<Delivery>(settings.logSize, budget);
  const lanes = new Map<string, Lane>();
  // Lanes are swept of idle ones when their number reaches this, which then doubles from what is
  // left: each address costs O(1) amortised, and at most MIN_LANES_SWEPT or twice the busy ones stay.
  let sweepAt = MIN_LANES_SWEPT;
  let urls: CallbackUrls = {};
  let seq = 0;
  let queued = 0;
  let closing = new AbortController();

  /**
   * A lane with nothing queued whose pace has passed holds nothing a new one would not: let go, so
   * a scope whose addresses keep changing keeps no lane per address it ever used.
   */
  function sweepIdleLanes(): void {
    if (lanes.size < sweepAt) return;
    const now = Date.now();
    for (const [url, lane] of lanes) if (lane.pending === 0 && lane.notBefore <= now) lanes.delete(url);
    sweepAt = Math.max(MIN_LANES_SWEPT, lanes.size * 2);
  }

  /** One delivery's work: its log entry (redacted), and the body it sends as the sandbox made it. */
  interface Work {
    delivery: Delivery;
    sent: string;
  }

  async function attempt({ delivery, sent }: Work): Promise<{ ok: boolean; wait: number }> {
    const startedAt = Date.now();
    const record: DeliveryAttempt = { startedAt, durationMs: 0 };
    delivery.attempts.push(record);
    // A timer of our own, cleared when the attempt ends: AbortSignal.timeout inside AbortSignal.any
    // is held only weakly, and after a garbage collection it may never fire.
    const attemptSignal = new AbortController();
    const timer = setTimeout(() => attemptSignal.abort(new DOMException('timeout', 'TimeoutError')), settings.timeoutMs);
    const stop = () => attemptSignal.abort(closing.signal.reason);
    const closingSignal = closing.signal;
    closingSignal.addEventListener('abort', stop, { once: true });
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: sent,
        redirect: 'manual',
        signal: attemptSignal.signal,
      });
      record.status = response.status;
      const text = await readCapped(response.body, MAX_ANSWER_BYTES);
      // Redacted whole, then cut: a cut first could leave the start of a credential at the end.
      if (text) record.body = secrets.redact(text).slice(0, KEPT_ANSWER_CHARS);
      const rateLimit = Number(response.headers.get('x-ratelimit-limit') ?? NaN);
      if (Number.isInteger(rateLimit) && rateLimit >= 0) record.rateLimit = rateLimit;
      // The receiver's answer paces the next delivery to it (C, section 8): n per second.
      let wait = 0;
      if (delivery.kind === 'im-v1.status' && record.rateLimit !== undefined) {
        wait = record.rateLimit === 0 ? settings.maxWaitMs : Math.ceil(1000 / record.rateLimit);
      }
      const retryAfter = Number(response.headers.get('retryafter') ?? response.headers.get('retry-after') ?? NaN);
      if (response.status !== 200 && Number.isFinite(retryAfter) && retryAfter >= 0) wait = retryAfter * 1000;
      return { ok: response.status === 200, wait: Math.min(wait, settings.maxWaitMs) };
    } catch (error) {
      // In words, as the control API documents `error` ("timeout, connection refused, ..."), not
      // fetch's own "fetch failed" or "terminated".
      const code = fetchFailureCode(error);
      record.error = code === 'TimeoutError' ? 'timeout' : code === 'AbortError' ? 'stopped: the sandbox or its scope was closed or reset' : describeFetchFailure(code);
      return { ok: false, wait: 0 };
    } finally {
      clearTimeout(timer);
      closingSignal.removeEventListener('abort', stop);
      record.durationMs = Date.now() - startedAt;
    }
  }

  async function run(work: Work, lane: { notBefore: number }) {
    const { delivery } = work;
    for (let n = 0; n <= settings.retries && !closing.signal.aborted; n++) {
      // Timers may fire a millisecond early against Date.now(): wait until the pace is really met.
      for (let delay = lane.notBefore - Date.now(); delay > 0 && !closing.signal.aborted; delay = lane.notBefore - Date.now()) {
        await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
      }
      if (closing.signal.aborted) break;
      const { ok, wait } = await attempt(work);
      // Paced from the start the attempt records (a clock read of run()'s own could be a millisecond
      // earlier, and the log then showed two starts 199 ms apart at 5 per second).
      lane.notBefore = delivery.attempts.at(-1)!.startedAt + wait;
      if (ok) {
        delivery.outcome = 'delivered';
        return;
      }
      if (n < settings.retries) lane.notBefore = Math.max(lane.notBefore, Date.now() + settings.retryDelayMs * 2 ** n);
    }
    delivery.outcome = 'failed';
  }

  return {
    setUrls(next: CallbackUrls) {
      urls = {
        smsStatus: checkCallbackUrl('smsStatus', next.smsStatus, destinations),
        smsReply: checkCallbackUrl('smsReply', next.smsReply, destinations),
        imStatus: checkCallbackUrl('imStatus', next.imStatus, destinations),
      };
    },
    urls: (): CallbackUrls => ({ ...urls }),
    /** Queues a delivery; resolves when it is delivered or has failed. Undefined without an address. */
    send(kind: CallbackKind, body: Record<string, unknown>): Promise<Delivery> | undefined {
      const url = urls[urlKeys[kind]];
      if (!url) return undefined;
      // The address as configured: shown in full wherever it is (README, "Guarding the control API").
      const delivery: Delivery = { seq: ++seq, kind, url, body: redactedBody(body, secrets), outcome: 'pending', attempts: [] };
      const work: Work = { delivery, sent: JSON.stringify(body) };
      // Its body, and the most its attempts can keep of the receiver's answers.
      log.push(delivery, work.sent.length + url.length + (settings.retries + 1) * (KEPT_ANSWER_CHARS + 100), strip);
      if (queued >= settings.maxQueued) {
        delivery.outcome = 'failed';
        delivery.error = `at most ${settings.maxQueued} deliveries may be queued at once (callbackDelivery.maxQueued); this one was not attempted`;
        return Promise.resolve(structuredClone(delivery));
      }
      queued++;
      let lane = lanes.get(url);
      if (!lane) {
        sweepIdleLanes();
        lane = { tail: Promise.resolve(), notBefore: 0, pending: 0 };
        lanes.set(url, lane);
      }
      const current = lane;
      current.pending++;
      current.tail = current.tail
        .then(() => run(work, current))
        .finally(() => {
          queued--;
          current.pending--;
        });
      return current.tail.then(() => structuredClone(delivery));
    },
    deliveries: (): Delivery[] => structuredClone(log.list()),
    /** How many addresses have a lane kept (for the test of its bound). */
    lanes: (): number => lanes.size,
    clear() {
      log.clear();
    },
    /** Waits for every queued delivery. */
    async idle() {
      await Promise.all([...lanes.values()].map((lane) => lane.tail));
    },
    /** Stops: pending deliveries end as failed; the dispatcher can be used again afterwards. */
    async close() {
      closing.abort();
      await Promise.all([...lanes.values()].map((lane) => lane.tail));
      lanes.clear();
      closing = new AbortController();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
