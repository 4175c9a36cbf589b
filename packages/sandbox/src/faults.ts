// Fault injection (issue item 6): the next N calls of an operation answer a documented error
// instead of being served, and added latency. Only statuses the operation documents are allowed:
// an explicit one (C's 400, 401, 404, 422, 429, 500; B's 401), or for a `default` response any
// 4xx or 5xx status (A, B and D document their failures as `default`).
import { STATUS_CODES } from 'node:http';
import { bundle } from './contract.js';
import type { OperationKey } from './control-types.js';
import { errorBody } from './error-shapes.js';
import { responseExample } from './operation.js';
import { type Route, type RouteTable, routeOfKey } from './routes.js';

/** Network faults: what a client meets when the connection, not the service, fails. */
export const NETWORK_FAULTS = ['reset', 'no-answer', 'truncated', 'malformed-json', 'slow-body'] as const;
export type NetworkFault = (typeof NETWORK_FAULTS)[number];

export interface FaultSpec {
  /** `<api>.<operationId>`, e.g. 'im-v1.sendMessage', 'campaign-manager-v1.deleteList'. */
  operation: OperationKey;
  /** A documented error status of that operation (or `network` instead). */
  status?: number;
  /**
   * A network fault instead of a status: `reset` (the connection is reset), `no-answer` (nothing
   * is answered for `ms`, default and at most 60 s, then the connection is closed: the client's
   * timeout fires first), `truncated` (the success answer's headers and half its body, then the
   * connection closes), `malformed-json` (the success status with a body that is not JSON),
   * `slow-body` (the success answer, its body spread over `ms`, default 2000, the last piece at `ms`).
   */
  network?: NetworkFault;
  /** Duration of `no-answer` and `slow-body`, ms (0 to 60000). */
  ms?: number;
  /** How many of the next calls answer this fault. Default 1. */
  times?: number;
  /** The body; default the bundle's example for that status, else the interface's error shape. */
  body?: unknown;
  /** C's 429 only: the RetryAfter header in seconds; default the header's documented minimum. */
  retryAfter?: number;
}

export interface FaultAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** A network fault, answered by http-io's sendNetworkFault instead of a normal answer. */
  network?: { kind: NetworkFault; ms: number };
}

/** The longest latency the sandbox adds, ms (a bound, so a test cannot hang it by mistake). */
export const MAX_LATENCY_MS = 60_000;
const MAX_TIMES = 1_000_000;

function documents(route: Route, status: number): boolean {
  if (route.responses[String(status)]) return status >= 400;
  return route.responses.default !== undefined && status >= 400 && status <= 599;
}

/**
 * The error statuses an operation documents, in words: its explicit ones, and for a `default`
 * response what that covers here (any 4xx or 5xx status), never the bare word `default`.
 */
function documentedErrors(route: Route): string {
  const explicit = Object.keys(route.responses).filter((status) => status !== 'default' && Number(status) >= 400);
  if (route.responses.default === undefined) return explicit.join(', ');
  const covered = `any ${explicit.length > 0 ? 'other ' : ''}4xx or 5xx status, which its \`default\` response covers`;
  return explicit.length > 0 ? `${explicit.join(', ')}, and ${covered}` : covered;
}

// The bundle's example for this status: the status's own, or the `default` one where it fits the
// status (a plain string, or a body whose code/statusCode is this status).
function documentedExample(route: Route, status: number): unknown {
  const own = responseExample(route, status);
  if (own !== undefined) return own;
  const fallback = responseExample(route, 'default');
  if (typeof fallback === 'string') return fallback;
  if (fallback && (fallback.code === status || fallback.statusCode === status)) return fallback;
  return undefined;
}

// The RetryAfter header of C (section 8): name and bounds as the bundle defines them. Which
// responses carry it is not shown; the sandbox sends it with an injected 429.
function retryAfterHeader(route: Route): { name: string; minimum: number; maximum: number } | undefined {
  const headers = bundle(route.api).components?.headers ?? {};
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'retryafter');
  if (!name) return undefined;
  return { name, minimum: headers[name].schema.minimum, maximum: headers[name].schema.maximum };
}

/** Queued fault entries (one per inject, whatever its `times`) per scope. */
export const MAX_QUEUED_FAULTS = 1000;

/** The bytes of injected fault bodies, shared by every scope: an injection past it is refused, never a queued one dropped. */
export class FaultBytes {
  used = 0;
  constructor(readonly cap: number) {
    if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`memory.faultBytes must be a positive integer; got ${cap}`);
  }
}

interface Queued {
  answer: FaultAnswer;
  remaining: number;
  bytes: number;
}

export function createFaults(table: RouteTable, bytes: FaultBytes = new FaultBytes(8 * 1024 * 1024)) {
  // Per operation, each inject once with how many calls it still answers: O(1) memory whatever `times`.
  const queued = new Map<string, Queued[]>();
  let entries = 0;
  const latency = new Map<string, number>();
  let latencyAll = 0;

  function answerFor(spec: FaultSpec): { route: Route; answer: FaultAnswer } {
    const route = routeOfKey(table, spec.operation);
    if (spec.network !== undefined) return { route, answer: networkAnswer(route, spec) };
    if (spec.status === undefined) throw new TypeError(`one of status (a documented error of ${route.key}) or network (${NETWORK_FAULTS.join(', ')}) is required`);
    if (!Number.isInteger(spec.status) || !documents(route, spec.status!)) {
      throw new TypeError(`status ${String(spec.status).slice(0, 40)} is not a documented error of ${route.key} (documented: ${documentedErrors(route)})`);
    }
    const body =
      spec.body !== undefined
        ? spec.body
        : (documentedExample(route, spec.status!) ?? errorBody(route.api, route, { status: spec.status!, message: `${STATUS_CODES[spec.status!] ?? 'Error'} injected by the sandbox` }));
    const headers: Record<string, string> = {};
    const retryAfter = spec.status === 429 ? retryAfterHeader(route) : undefined;
    if (retryAfter) {
      const seconds = spec.retryAfter ?? retryAfter.minimum;
      if (!Number.isInteger(seconds) || seconds < retryAfter.minimum || seconds > retryAfter.maximum) {
        throw new RangeError(`retryAfter must be an integer from ${retryAfter.minimum} to ${retryAfter.maximum} seconds`);
      }
      headers[retryAfter.name] = String(seconds);
    } else if (spec.retryAfter !== undefined) {
      throw new TypeError('retryAfter applies to a 429 of an interface that defines RetryAfter (im-v1)');
    }
    return { route, answer: { status: spec.status!, body, headers } };
  }

  // The success status and the bundle's example of the success answer, delivered badly.
  function networkAnswer(route: Route, spec: FaultSpec): FaultAnswer {
    if (!NETWORK_FAULTS.includes(spec.network!)) throw new TypeError(`network must be one of ${NETWORK_FAULTS.join(', ')}`);
    if (spec.status !== undefined) throw new TypeError('give either status or network, not both');
    const fallback = spec.network === 'no-answer' ? MAX_LATENCY_MS : 2000;
    const ms = spec.ms ?? fallback;
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS) throw new RangeError(`ms must be an integer from 0 to ${MAX_LATENCY_MS}`);
    const body = responseExample(route, route.successStatus) ?? {};
    return { status: route.successStatus, body, headers: {}, network: { kind: spec.network!, ms } };
  }

  return {
    /** The answer a fault of this spec gives, without queueing it (what `Prefer: code=` answers). */
    answerFor: (spec: FaultSpec) => answerFor(spec).answer,
    inject(spec: FaultSpec): void {
      const times = spec.times ?? 1;
      if (!Number.isInteger(times) || times < 1 || times > MAX_TIMES) throw new RangeError(`times must be an integer from 1 to ${MAX_TIMES}`);
      const { route, answer } = answerFor(spec);
      if (entries >= MAX_QUEUED_FAULTS) throw new RangeError(`at most ${MAX_QUEUED_FAULTS} injections may be queued at once; clear the faults first`);
      const size = JSON.stringify(answer.body ?? null).length;
      if (bytes.used + size > bytes.cap) throw new RangeError(`queued fault bodies may take at most ${bytes.cap} bytes in all (memory.faultBytes); clear some first`);
      bytes.used += size;
      entries++;
      const list = queued.get(route.key) ?? [];
      list.push({ answer, remaining: times, bytes: size });
      queued.set(route.key, list);
    },
    /** The fault to answer this call with, if one is queued (consumes it). */
    take(route: Route): FaultAnswer | undefined {
      const list = queued.get(route.key);
      if (!list) return undefined;
      const first = list[0]!;
      if (--first.remaining === 0) {
        list.shift();
        entries--;
        bytes.used -= first.bytes;
        if (list.length === 0) queued.delete(route.key);
      }
      return first.answer;
    },
    pending: () => Object.fromEntries([...queued].map(([key, list]) => [key, list.reduce((sum, q) => sum + q.remaining, 0)])),
    setLatency(ms: number, operation?: OperationKey) {
      if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS) throw new RangeError(`latency must be an integer from 0 to ${MAX_LATENCY_MS} ms`);
      if (operation === undefined) latencyAll = ms;
      else if (ms === 0) latency.delete(routeOfKey(table, operation).key);
      else latency.set(routeOfKey(table, operation).key, ms);
    },
    latencyFor: (route: Route) => latency.get(route.key) ?? latencyAll,
    clear() {
      for (const list of queued.values()) for (const q of list) bytes.used -= q.bytes;
      entries = 0;
      queued.clear();
      latency.clear();
      latencyAll = 0;
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
