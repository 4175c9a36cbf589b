// The callback side (section 6): a receiver built from @messaging-contracts/webhooks that records
// every callback it gets, valid or not, and the answer it gave; the checks of what arrived.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createImV1StatusReceiver, createSmsV2ReplyReceiver, createSmsV2StatusReceiver, type ReceiverErrorEvent } from '@messaging-contracts/webhooks';
import { bundle, deref, type ApiId } from './contract.js';
import { StartUsageError } from './usage-error.js';
import { sameCallbackId } from './uuids.js';

export type CallbackKind = 'smsStatus' | 'smsReply' | 'imStatus';

/** Where each callback is expected, after the callback URL, and which webhook of which interface it is. */
export const CALLBACK_ROUTES: Record<CallbackKind, { path: string; api: ApiId; webhook: string }> = {
  smsStatus: { path: '/sms/status', api: 'sms-v2', webhook: 'statusCallback' },
  smsReply: { path: '/sms/reply', api: 'sms-v2', webhook: 'replyCallback' },
  imStatus: { path: '/im/status', api: 'im-v1', webhook: 'statusCallback' },
};

/** Our `X-RateLimit-Limit` on C's 200 answer (section 4.3: requests per second, 0 to 100). */
export const CALLBACK_RATE_LIMIT = 10;

export interface Arrival {
  kind: CallbackKind;
  /** The body, when it validated. */
  body?: Record<string, unknown>;
  /** Why the receiver refused it. */
  refusal?: ReceiverErrorEvent;
  answerStatus?: number;
  answerHeaders: Record<string, string>;
}

/**
 * The most callbacks recorded (and checked) in one run; the rest are answered and counted, not
 * kept. The listener may sit behind a public tunnel for the whole run, where anyone can post to it.
 */
export const MAX_ARRIVALS = 1000;

/** The refusals of one kind of callback that were counted, not kept: `400 invalid_body` and how many. */
export type RefusalCounts = Map<string, number>;

export class CallbackListener {
  readonly arrivals: Arrival[] = [];
  /** Callbacks answered past MAX_ARRIVALS, not recorded. */
  dropped = 0;
  /**
   * Of those, the ones the receiver refused, per kind and `<status> <reason>` (a few reasons per
   * kind: bounded): a refusal is a failure whether or not it was recorded.
   */
  readonly refusedPastCap = new Map<CallbackKind, RefusalCounts>();
  /** Requests at no callback's path, answered 404 (a callback address registered with a typo). */
  unrouted = 0;
  /**
   * The callbacks the run waits for: the first of each is recorded even past MAX_ARRIVALS, so a
   * flood of others cannot hide it (and a flood of it adds one).
   */
  private readonly awaited: { kind: CallbackKind; id: string; recordedPastCap: boolean }[] = [];
  private constructor(private readonly server: Server) {}

  /** Records the callback of this message whenever it arrives (a run awaits a few: one per kind). */
  await(kind: CallbackKind, id: string): void {
    if (this.awaited.length < 16) this.awaited.push({ kind, id, recordedPastCap: false });
  }

  /** Whether past the cap this arrival is kept: the first of an awaited callback. */
  private keptPastCap(arrival: Arrival): boolean {
    const { api, webhook } = CALLBACK_ROUTES[arrival.kind];
    const awaited = this.awaited.find((a) => !a.recordedPastCap && a.kind === arrival.kind && sameCallbackId(api, webhook, arrival.body?.id, a.id));
    if (awaited) awaited.recordedPastCap = true;
    return awaited !== undefined;
  }

  /** Listens on 127.0.0.1 only: the public address (`--callback-url`) is the user's tunnel or proxy. */
  /** `name`: how the error names the option (`--listen`, or the API's `listen`). */
  static async start(port: number, name = '--listen'): Promise<CallbackListener> {
    let listener: CallbackListener;
    const server = createServer((req, res) => listener.handle(req, res));
    listener = new CallbackListener(server);
    server.listen(port, '127.0.0.1');
    try {
      await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error))]);
    } catch (error) {
      // Found before the first request: bad usage (exit 2), not an internal error after the run.
      const code = (error as { code?: string }).code ?? 'error';
      throw new StartUsageError(`${name} ${port}: ${code === 'EADDRINUSE' ? 'the port is in use on 127.0.0.1' : 'cannot listen there on 127.0.0.1'} (${code}); pick another, or 0 for any free one`);
    }
    return listener;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    const kind = (Object.keys(CALLBACK_ROUTES) as CallbackKind[]).find((k) => path.endsWith(CALLBACK_ROUTES[k].path));
    if (!kind) {
      this.unrouted++;
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const arrival: Arrival = { kind, answerHeaders: {} };
    const accept = (body: unknown) => {
      arrival.body = body as Record<string, unknown>;
    };
    const onError = (event: ReceiverErrorEvent) => {
      arrival.refusal = event;
    };
    const receiver =
      kind === 'smsStatus'
        ? createSmsV2StatusReceiver({ onStatus: accept, onError })
        : kind === 'smsReply'
          ? createSmsV2ReplyReceiver({ onReply: accept, onError })
          : createImV1StatusReceiver({ rateLimit: CALLBACK_RATE_LIMIT, onStatus: accept, onError });
    // The answer's headers, however the receiver sets them (setHeader or writeHead's argument).
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      const headers = args.find((a, i) => i > 0 && a !== null && typeof a === 'object') as Record<string, unknown> | undefined;
      for (const [k, v] of Object.entries(headers ?? {})) arrival.answerHeaders[k.toLowerCase()] = String(v);
      return writeHead(...args);
    }) as typeof res.writeHead;
    res.on('finish', () => {
      arrival.answerStatus = res.statusCode;
      for (const [k, v] of Object.entries(res.getHeaders())) arrival.answerHeaders[k.toLowerCase()] = String(v);
      if (this.arrivals.length < MAX_ARRIVALS || this.keptPastCap(arrival)) {
        this.arrivals.push(arrival);
        return;
      }
      this.dropped++;
      if (arrival.refusal === undefined) return;
      const counts = this.refusedPastCap.get(kind) ?? new Map<string, number>();
      const key = `${arrival.refusal.status} ${arrival.refusal.reason}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      this.refusedPastCap.set(kind, counts);
    });
    receiver.node(req, res);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The documented headers of a webhook's 200 answer (C: `X-RateLimit-Limit`, section 4.3). */
export function answerHeadersOf(kind: CallbackKind): Record<string, Record<string, any>> {
  const { api, webhook } = CALLBACK_ROUTES[kind];
  const document = bundle(api);
  const item = deref(document, document.webhooks?.[webhook]);
  const ok = deref(document, item?.post?.responses?.['200']);
  return Object.fromEntries(Object.entries(ok?.headers ?? {}).map(([name, h]) => [name, deref(document, deref(document, h as any)?.schema) ?? {}]));
}
