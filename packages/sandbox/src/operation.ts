// What an operation handler gets and gives. Handlers see requests that passed routing, auth and
// validation; they create and read state and never answer errors of their own except "not found".
import type { Clock, Ids } from './ids.js';
import type { Problem } from './problems.js';
import type { Route } from './routes.js';
import type { State } from './state.js';

export interface Call {
  route: Route;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The parsed JSON body, undefined when there is none. */
  body: any;
  /**
   * The body's JSON text as received ('' when there is none): its length is what storing the body
   * costs against the byte budget, and a store that keeps a body keeps this text, parsed when read
   * (one string per stored body, not a tree of objects for the garbage collector to copy).
   */
  text: string;
}

export interface Env {
  state: State;
  ids: Ids;
  clock: Clock;
  /** The sandbox's own origin (`http://127.0.0.1:4010`), for `Location` headers. */
  origin(): string;
}

export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string>; text?: { contentType: string; body: string } }
  | { problem: Problem };

export type Handler = (call: Call, env: Env) => Reply;

/** A media type's example: its `example`, else its first named example (the one tools show first). */
export function mediaExample(media: { example?: unknown; examples?: Record<string, { value?: unknown }> } | undefined): any {
  if (media === undefined) return undefined;
  if ('example' in media) return media.example;
  return Object.values(media.examples ?? {})[0]?.value;
}

/** The documented example of a route's response, if the bundle has one. */
export function responseExample(route: Route, status: string | number): any {
  return mediaExample(route.responses[String(status)]?.content?.['application/json']);
}

export const notFound = (what: string): Reply => ({ problem: { status: 404, message: `${what} not found` } });

const DAY_MS = 86_400_000;
/** The date part of the last day formatted, reused while the clock stays within that day. */
let cachedDay = Number.NaN;
let cachedDate = '';
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * ISO 8601 timestamps (date-time fields), exactly as Date's toISOString writes them. Most stamps of
 * a run fall on the same day, so the date part is kept and only the time of day is formatted:
 * toISOString itself is one of the dearer steps of creating a list (`pnpm bench`).
 */
export function isoTime(ms: number): string {
  // Fractions of a millisecond, years outside 0000 to 9999 (±YYYYYY) and invalid times: Date's own.
  if (!Number.isInteger(ms) || ms < 0 || ms >= 253_402_300_800_000) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDate = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  const time = ms - day * DAY_MS;
  const milli = time % 1000;
  const seconds = Math.floor(time / 1000);
  return `${cachedDate}${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}
