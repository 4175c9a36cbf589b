// The HTTP control API, under /__sandbox (outside the four base paths): the programmatic API of
// issue item 6 over HTTP, for consumers whose tests are not in Node. Answers are the sandbox's own
// plain JSON ({ error } on failure), never one of the four interfaces' shapes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Answer, readBody, send } from './http-io.js';
import type { Sandbox } from './sandbox.js';

export const CONTROL_PREFIX = '/__sandbox';
const CONTROL_MAX_BODY_BYTES = 64 * 1024;

type Action = (sandbox: Sandbox, body: any, query: URLSearchParams) => Promise<Answer> | Answer;

const ok = (body: unknown = { ok: true }): Answer => ({ status: 200, body });

/** `METHOD /path` → action. The README lists every one. */
const actions: Record<string, Action> = {
  'GET /': (sandbox) => ok({ urls: sandbox.urls, callbacks: sandbox.callbackUrls(), control: `${sandbox.url}${CONTROL_PREFIX}` }),
  'POST /reset': (sandbox) => (sandbox.reset(), ok()),
  'POST /status': async (sandbox, body) => ok({ delivery: (await sandbox.setStatus(body?.id, body?.status, { wait: body?.wait !== false })) ?? null }),
  'POST /reply': async (sandbox, body) => ok(await sandbox.reply(body?.messageId, body ?? {}, { wait: body?.wait !== false })),
  'POST /faults': (sandbox, body) => (sandbox.faults.inject(body ?? {}), ok({ pending: sandbox.faults.pending() })),
  'GET /faults': (sandbox) => ok({ pending: sandbox.faults.pending() }),
  'DELETE /faults': (sandbox) => (sandbox.faults.clear(), ok()),
  'PUT /latency': (sandbox, body) => (sandbox.faults.setLatency(body?.ms, body?.operation), ok()),
  'GET /requests': (sandbox, _body, query) => ok(sandbox.requests(query.get('operation') ? { operation: query.get('operation')! } : undefined)),
  'DELETE /requests': (sandbox) => (sandbox.clearRequests(), ok()),
  'GET /deliveries': (sandbox) => ok(sandbox.deliveries()),
  'PUT /callbacks': (sandbox, body) => (sandbox.setCallbackUrls(body ?? {}), ok({ callbacks: sandbox.callbackUrls() })),
};

export async function handleControl(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse, path: string, query: string) {
  const action = actions[`${req.method} ${path.slice(CONTROL_PREFIX.length) || '/'}`];
  if (!action) {
    req.resume();
    send(res, { status: 404, body: { error: `no control operation ${req.method} ${path}; see GET ${CONTROL_PREFIX}/ and the README` } });
    return;
  }
  let body: unknown;
  if (req.method === 'POST' || req.method === 'PUT') {
    const read = await readBody(req, CONTROL_MAX_BODY_BYTES);
    if (!read.ok) return send(res, { status: 413, body: { error: `control bodies are at most ${CONTROL_MAX_BODY_BYTES} bytes` }, close: true });
    try {
      body = read.text ? JSON.parse(read.text) : undefined;
    } catch {
      return send(res, { status: 400, body: { error: 'the body must be JSON' } });
    }
  } else {
    req.resume();
  }
  try {
    send(res, await action(sandbox, body, new URLSearchParams(query)));
  } catch (error) {
    send(res, { status: 400, body: { error: error instanceof Error ? error.message : 'bad control request' } });
  }
}
