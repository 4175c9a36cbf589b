// The HTTP control API, under /__sandbox (outside the four base paths): the programmatic API over
// HTTP, for tests in other processes or languages. The same operations act on the sandbox's global
// scope (/__sandbox/...) and on one session's (/__sandbox/sessions/{id}/...). Answers are the
// sandbox's own plain JSON ({ error } on failure), never one of the four interfaces' shapes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Answer, readBody, send } from './http-io.js';
import type { Sandbox, SandboxControl } from './sandbox.js';
import { SessionLimitError } from './sessions.js';

export const CONTROL_PREFIX = '/__sandbox';
const CONTROL_MAX_BODY_BYTES = 64 * 1024;
const SESSIONS = '/sessions';

type Action = (control: SandboxControl, body: any, query: URLSearchParams) => Promise<Answer> | Answer;

const ok = (body: unknown = { ok: true }): Answer => ({ status: 200, body });

/** `METHOD /path` → action on one scope, global or a session's. The README lists every one. */
const scopeActions: Record<string, Action> = {
  'POST /reset': (control) => (control.reset(), ok()),
  'POST /status': async (control, body) =>
    ok({ delivery: (await control.setStatus(body?.id, body?.status, { wait: body?.wait !== false })) ?? null }),
  'POST /reply': async (control, body) => ok(await control.reply(body?.messageId, body ?? {}, { wait: body?.wait !== false })),
  'POST /faults': (control, body) => (control.faults.inject(body ?? {}), ok({ pending: control.faults.pending() })),
  'GET /faults': (control) => ok({ pending: control.faults.pending() }),
  'DELETE /faults': (control) => (control.faults.clear(), ok()),
  'PUT /latency': (control, body) => (control.faults.setLatency(body?.ms, body?.operation), ok()),
  'GET /requests': (control, _body, query) => ok(control.requests(query.get('operation') ? { operation: query.get('operation')! } : undefined)),
  'DELETE /requests': (control) => (control.clearRequests(), ok()),
  'GET /deliveries': (control) => ok(control.deliveries()),
  'PUT /callbacks': (control, body) => (control.setCallbackUrls(body ?? {}), ok({ callbacks: control.callbackUrls() })),
};

const notFound = (req: IncomingMessage, path: string): Answer => ({
  status: 404,
  body: { error: `no control operation ${req.method} ${path}; see GET ${CONTROL_PREFIX}/ and the README` },
});

/** The action for a request: on the global scope, on a session, or on the sessions themselves. */
function route(sandbox: Sandbox, req: IncomingMessage, path: string): { run: (body: any, query: URLSearchParams) => Promise<Answer> | Answer } | Answer {
  const rest = path.slice(CONTROL_PREFIX.length) || '/';
  const method = req.method ?? 'GET';
  if (rest === '/') {
    if (method !== 'GET') return notFound(req, path);
    return { run: () => ok({ urls: sandbox.urls, callbacks: sandbox.callbackUrls(), control: `${sandbox.url}${CONTROL_PREFIX}` }) };
  }
  if (rest === SESSIONS) {
    if (method !== 'POST') return notFound(req, path);
    return {
      run: (body) => {
        const session = sandbox.createSession(body?.callbacks !== undefined ? { callbacks: body.callbacks } : {});
        return { status: 201, body: { id: session.id, credentials: session.credentials } };
      },
    };
  }
  if (rest.startsWith(`${SESSIONS}/`)) {
    const slash = rest.indexOf('/', SESSIONS.length + 1);
    const id = slash < 0 ? rest.slice(SESSIONS.length + 1) : rest.slice(SESSIONS.length + 1, slash);
    const sub = slash < 0 ? '/' : rest.slice(slash);
    const session = sandbox.session(id);
    if (!session) return { status: 404, body: { error: 'no session with this id (never created, deleted, or expired after its idle time)' } };
    if (sub === '/' && method === 'DELETE') return { run: async () => (await session.close(), ok()) };
    if (sub === '/' && method === 'GET') return { run: () => ok({ id: session.id, urls: session.urls, callbacks: session.callbackUrls(), control: `${sandbox.url}${CONTROL_PREFIX}${SESSIONS}/${session.id}` }) };
    const action = scopeActions[`${method} ${sub}`];
    return action ? { run: (body, query) => action(session, body, query) } : notFound(req, path);
  }
  const action = scopeActions[`${method} ${rest}`];
  return action ? { run: (body, query) => action(sandbox, body, query) } : notFound(req, path);
}

export async function handleControl(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse, path: string, query: string) {
  const found = route(sandbox, req, path);
  if (!('run' in found)) {
    req.resume();
    send(res, found);
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
    send(res, await found.run(body, new URLSearchParams(query)));
  } catch (error) {
    const status = error instanceof SessionLimitError ? 429 : 400;
    send(res, { status, body: { error: error instanceof Error ? error.message : 'bad control request' } });
  }
}
