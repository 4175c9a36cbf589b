// Reading request bodies with a bound, and writing JSON answers.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { setImmediate as immediate } from 'node:timers';
import type { Duplex } from 'node:stream';

/** Default limit of a request body: 1 MiB. The document gives no content-length limit for A, B, D (section 8). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** A body read whole: its text, or `notUtf8` (text empty) when its bytes are not UTF-8, which no JSON text is (RFC 8259 section 8.1). */
export type BodyRead = { ok: true; text: string; notUtf8?: true } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads the whole body as UTF-8 text, or stops at `limit` bytes (declared or counted), and calls
 * `done` once with what it read. A callback, not a promise: the sandbox's request path awaits
 * nothing (`pnpm bench`); the control API wraps it in one (readBodyText). Bytes that are not UTF-8
 * are reported, never decoded to U+FFFD: the body would otherwise be stored changed.
 */
export function readBody(req: IncomingMessage, limit: number, done: (read: BodyRead) => void): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    req.resume();
    return done({ ok: false, reason: 'too-large' });
  }
  // A body in one chunk (most) is checked and decoded once at its end. A longer one is decoded chunk
  // by chunk as it arrives (a character split between chunks included), so no chunk outlives its
  // decoding and no whole-body Buffer is ever assembled: per large body that is one copy fewer, and
  // none of it in the allocator's heap, where freed Buffers kept the process's RSS above its live
  // memory (README, "Bounds").
  let first: Buffer | undefined;
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  let text = '';
  let size = 0;
  let finished = false;
  let notUtf8 = false;
  const decode = (chunk?: Buffer) => {
    try {
      text += chunk ? decoder!.decode(chunk, { stream: true }) : decoder!.decode();
    } catch {
      notUtf8 = true;
      text = '';
    }
  };
  req.on('data', (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > limit) {
      finished = true;
      first = undefined;
      text = '';
      done({ ok: false, reason: 'too-large' });
      return;
    }
    if (notUtf8) return;
    if (first === undefined && decoder === undefined) first = chunk;
    else {
      if (decoder === undefined) {
        // ignoreBOM keeps a byte order mark in the text, as toString does for a body in one chunk.
        decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
        decode(first);
        first = undefined;
      }
      if (!notUtf8) decode(chunk);
    }
  });
  req.on('end', () => {
    if (finished) return;
    finished = true;
    if (decoder && !notUtf8) decode();
    else if (first && !isUtf8(first)) notUtf8 = true;
    if (notUtf8) return done({ ok: true, text: '', notUtf8: true });
    done({ ok: true, text: decoder ? text : first ? first.toString('utf8') : '' });
  });
  req.on('error', () => {
    if (finished) return;
    finished = true;
    done({ ok: false, reason: 'aborted' });
  });
  req.on('aborted', () => {
    if (finished) return;
    finished = true;
    done({ ok: false, reason: 'aborted' });
  });
}

/** readBody as a promise. */
export const readBodyText = (req: IncomingMessage, limit: number): Promise<BodyRead> => new Promise((resolve) => readBody(req, limit, resolve));

/**
 * How long a request may take to arrive: its headers, and the whole of it (headers and body). Node's
 * own defaults, set explicitly so they hold whatever Node's are; past either Node stops reading and
 * the connection is answered 408 (clientErrorAnswer) and closed (README, "Bounds"). Node looks at
 * them only every `checkMs` (its connectionsCheckingInterval, 30 s by default, with which a 408 came
 * after 81 s and 321 s, trial65): every second, the bounds hold to within one.
 */
export const REQUEST_TIME_LIMITS = { headersMs: 60_000, requestMs: 300_000, checkMs: 1000 } as const;

/** Sets REQUEST_TIME_LIMITS on a server before it listens (Node starts its check on 'listening'). */
export function limitRequestTime(server: HttpServer): void {
  server.headersTimeout = REQUEST_TIME_LIMITS.headersMs;
  server.requestTimeout = REQUEST_TIME_LIMITS.requestMs;
  (server as HttpServer & { connectionsCheckingInterval: number }).connectionsCheckingInterval = REQUEST_TIME_LIMITS.checkMs;
}

/**
 * The raw answer to a connection Node's parser gave up on, where no interface can be told apart, so
 * the sandbox's own JSON: headers over Node's 16 KiB (431), a request not received within
 * REQUEST_TIME_LIMITS (408: a slow or endless body is no malformed one), anything else (400).
 */
export function clientErrorAnswer(error: { code?: string }): string {
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['431 Request Header Fields Too Large', 'request headers too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['408 Request Timeout', `request not received in time: headers within ${REQUEST_TIME_LIMITS.headersMs / 1000} s, the whole request within ${REQUEST_TIME_LIMITS.requestMs / 1000} s`]
        : ['400 Bad Request', 'malformed HTTP request'];
  const body = JSON.stringify({ error: message });
  return `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/**
 * A server's `clientError` listener (the HTTPS server's plain-HTTP listener's too): not HTTP the
 * parser can read, or not in time, where no interface can be told apart, so the sandbox's own answer.
 */
export function answerClientError(error: { code?: string }, socket: Duplex): void {
  if (socket.writable) socket.end(clientErrorAnswer(error));
  else socket.destroy();
}

/**
 * How much of a refused (oversized) body is still read and dropped before answering: bytes, and ms
 * without any of it arriving. An idle bound, not a total: a client still writing (16 MiB took 9 s
 * on a loaded 2-core machine) gets its answer; one that stops is answered after `ms`. The whole
 * request stays bounded by REQUEST_TIME_LIMITS.requestMs, and the bytes bound keeps the time linear.
 */
export const DRAIN_LIMITS = { bytes: 64 * 1024 * 1024, ms: 5000 } as const;

/**
 * Reads and drops the rest of a refused body, so the answer is sent to a client that is no longer
 * writing: closing a socket with unread data makes the kernel reset the connection, and the
 * client may then lose the answer to EPIPE or ECONNRESET. Bounded in bytes, and in time without
 * data; past either the answer is sent anyway. Resolves when the request has ended or a bound is reached.
 */
export function drain(req: IncomingMessage, limits: { bytes: number; ms: number } = DRAIN_LIMITS): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.bytes) done();
      else timer.refresh();
    };
    const timer = setTimeout(done, limits.ms);
    req.on('data', count);
    req.on('end', done);
    req.on('error', done);
    req.on('close', done);
    req.resume();
  });
}

export interface Answer {
  status: number;
  /** A JSON value to serialise; undefined for no body. */
  body?: unknown;
  /** A non-JSON body (B's openapi.yaml). */
  text?: { contentType: string; body: string };
  headers?: Record<string, string>;
  /** Close the connection after answering (an oversized body that was not read). */
  close?: boolean;
  /** Fail the connection instead (a network fault). */
  network?: { kind: string; ms: number };
}

/** A network fault instead of an answer (a fault's `network`, README "Control operations"); the connection ends unusable or late. */
export function sendNetworkFault(res: ServerResponse, answer: Answer, fault: { kind: string; ms: number }): void {
  const socket = res.socket;
  const payload = JSON.stringify(answer.body ?? {});
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), connection: 'close' };
  switch (fault.kind) {
    case 'reset':
      socket?.resetAndDestroy();
      return;
    case 'no-answer': {
      // Closed after `ms` at most (and by close()): a bound, so no connection is held for ever.
      const timer = setTimeout(() => socket?.destroy(), fault.ms);
      socket?.once('close', () => clearTimeout(timer));
      return;
    }
    case 'truncated':
      res.writeHead(answer.status, headers);
      res.write(payload.slice(0, Math.floor(payload.length / 2)), () => socket?.destroy());
      return;
    case 'malformed-json': {
      const broken = payload.slice(0, -1);
      res.writeHead(answer.status, { ...headers, 'content-length': Buffer.byteLength(broken) });
      res.end(broken);
      return;
    }
    default: {
      // slow-body: ten pieces, spread over `ms`: the first with the headers, the last (the end) at
      // `ms`. Each is timed from the start, not from the one before, so timer delays do not add up.
      res.writeHead(answer.status, headers);
      // Cut at i·length/10, so the last piece is never empty: the client has the whole body only then
      // (cut in pieces of ceil(length/10), a 45-character body was whole after nine, at 80 % of ms).
      const schedule = slowBodySchedule(fault.ms);
      const cut = (at: number) => Math.floor((at * payload.length) / schedule.length);
      const start = performance.now();
      let i = 0;
      const next = () => {
        if (res.destroyed) return;
        const piece = payload.slice(cut(i), cut(++i));
        if (i >= schedule.length) res.end(piece);
        else {
          res.write(piece);
          setTimeout(next, Math.max(0, start + schedule[i]! - performance.now()));
        }
      };
      next();
    }
  }
}

/** When each of slow-body's ten pieces is written, ms after the headers: the first at 0, the last at `ms`. */
export function slowBodySchedule(ms: number, pieces = 10): number[] {
  return Array.from({ length: pieces }, (_, i) => (ms * i) / (pieces - 1));
}

export function send(res: ServerResponse, answer: Answer): void {
  let payload = '';
  let contentType: string | undefined;
  if (answer.text) {
    payload = answer.text.body;
    contentType = answer.text.contentType;
  } else if (answer.body !== undefined && answer.status !== 204) {
    payload = JSON.stringify(answer.body);
    contentType = 'application/json';
  }
  // Name and value pairs, Node's flat form: no object copied and grown per answer. The answer's
  // own headers first; the framing ones are the sandbox's and replace any of the same name.
  const headers: (string | number)[] = [];
  if (answer.headers) {
    for (const name in answer.headers) {
      const lower = name.toLowerCase();
      if (lower === 'content-length' || (lower === 'content-type' && contentType !== undefined) || (lower === 'connection' && answer.close)) continue;
      headers.push(name, answer.headers[name]!);
    }
  }
  if (contentType !== undefined) headers.push('content-type', contentType);
  if (answer.status !== 204) headers.push('content-length', Buffer.byteLength(payload));
  if (answer.close) headers.push('connection', 'close');
  // The head is stored now (headersSent from here on, and a bad header throws to the caller), and
  // the answer is written at the end of this turn of the event loop, with the others answered in it.
  res.writeHead(answer.status, headers);
  if (!together) res.end(payload);
  else if (ending.push(res, payload) === 2) deferEnd(flushAnswers);
}

// Answers are written together once the event loop has read every request that arrived together
// (setImmediate runs after its poll phase): a client waiting on several connections, such as a
// test suite's parallel files, is then woken once for them rather than once per answer. Each such
// wake-up is a cross-CPU interrupt the writer pays for in the kernel; written one at a time, between
// requests of 60 to 100 µs of work, the reader is asleep again by the next answer, so it paid one
// per request. Measured (README, "Benchmark"; C, 32 connections, 2 cores): 110 µs of CPU per
// request answered at once, 61 µs answered together; a bare node:http server 53 µs. One request
// alone waits one check phase.
// The real setImmediate, from node:timers, taken at load: a test that fakes the timers in the
// sandbox's process replaces the global one (vi.useFakeTimers(); jest's legacy fake timers with a
// mock whose queue jest.clearAllTimers() drops), which would stop its answers. Where the one found
// is fake already (@sinonjs/fake-timers, behind vitest's and jest's modern timers, marks it
// `clock`), each answer is written at once.
const deferEnd = immediate;
const together = !('clock' in deferEnd);
let ending: (ServerResponse | string)[] = [];

/** Writes every answer `send` has stored: at the end of the turn, or at once (close()). */
export function flushAnswers(): void {
  const pending = ending;
  ending = [];
  for (let i = 0; i < pending.length; i += 2) {
    const res = pending[i] as ServerResponse;
    try {
      res.end(pending[i + 1] as string);
    } catch {
      res.destroy();
    }
  }
}
