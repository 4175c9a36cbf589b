// The HTTP control API, under /__sandbox (outside the four base paths): the programmatic API over
// HTTP, for tests in other processes or languages. Its routes are read from its OpenAPI document
// (control-api/openapi.yaml, served at /__sandbox/openapi.json): each documented operation names
// its implementation in `x-sandbox-action`, and the sandbox refuses to start when one is missing.
// The same operations act on the global scope (/__sandbox/...) and on one session's
// (/__sandbox/sessions/{sessionId}/...). Answers are the sandbox's own plain JSON ({ error } on
// failure), never one of the four interfaces' shapes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTROL_BASE_PATH } from './control-constants.js';
import { type ControlGuard, controlRefusal, isJsonMediaType } from './control-guard.js';
import { controlApiDocument, controlBodyProblem, hasBodyValidator, requestBodySchema } from './control-validation.js';
import { type Answer, drain, readBodyText, send } from './http-io.js';
import type { Sandbox, SandboxControl, SandboxSession } from './sandbox.js';
import { MAX_JSON_DEPTH, hasUtf8Charset, isChunkedOnly, isIdentityEncoding, scanJsonText } from '@messaging-contracts/validators';
import { SessionLimitError } from './sessions.js';

export const CONTROL_PREFIX = CONTROL_BASE_PATH;
const CONTROL_MAX_BODY_BYTES = 64 * 1024;

export { controlApiDocument };

/** Why a control body's labels say it is not plain UTF-8 JSON, else undefined. */
function controlLabelRefusal(req: IncomingMessage): string | undefined {
  if (!hasUtf8Charset(req.headers['content-type'] ?? '')) return 'control bodies must be sent in UTF-8 (a charset parameter must name it), as JSON is';
  if (!isIdentityEncoding(req.headers['content-encoding'])) return 'control bodies must be sent without a content coding (content-encoding: identity); the sandbox decodes none';
  if (!isChunkedOnly(req.headers['transfer-encoding'])) return 'control bodies must be sent with no transfer coding but chunked; the sandbox decodes no other';
  return undefined;
}

interface Context {
  sandbox: Sandbox;
  /** The session of a `/sessions/{sessionId}/...` path. */
  session?: SandboxSession;
  /** The scope acted on: the session's, else the sandbox's global one. */
  control: SandboxControl;
}
type Action = (context: Context, body: any, query: URLSearchParams) => Promise<Answer> | Answer;

const ok = (body: unknown = { ok: true }): Answer => ({ status: 200, body });

/** Every implementation, by the `x-sandbox-action` name the document gives its operations. */
export const actions: Record<string, Action> = {
  getOverview: ({ sandbox }) => ok({ urls: sandbox.urls, callbacks: sandbox.callbackUrls(), control: `${sandbox.url}${CONTROL_PREFIX}` }),
  getOpenApiDocument: () => ok(controlApiDocument),
  createSession: ({ sandbox }, body) => {
    const session = sandbox.createSession({ ...(body?.callbacks !== undefined && { callbacks: body.callbacks }), ...(body?.name !== undefined && { name: body.name }) });
    return { status: 201, body: { id: session.id, credentials: session.credentials } };
  },
  getSession: ({ sandbox, session }) =>
    ok({ id: session!.id, urls: session!.urls, callbacks: session!.callbackUrls(), control: `${sandbox.url}${CONTROL_PREFIX}/sessions/${session!.id}` }),
  deleteSession: async ({ session }) => (await session!.close(), ok()),
  reset: ({ control }) => (control.reset(), ok()),
  setStatus: async ({ control }, body) =>
    ok({
      delivery: (await control.setStatus(body?.id, body?.status, { ...(body?.detail !== undefined && { detail: body.detail }), wait: body?.wait !== false })) ?? null,
    }),
  reply: async ({ control }, body) => {
    const { id, delivery } = await control.reply(body?.messageId, body ?? {}, { wait: body?.wait !== false });
    return ok({ id, delivery: delivery ?? null });
  },
  injectFault: ({ control }, body) => (control.faults.inject(body ?? {}), ok({ pending: control.faults.pending() })),
  listFaults: ({ control }) => ok({ pending: control.faults.pending() }),
  clearFaults: ({ control }) => (control.faults.clear(), ok()),
  setLatency: ({ control }, body) => (control.faults.setLatency(body?.ms, body?.operation), ok()),
  listRequests: ({ control }, _body, query) => ok(control.requests(query.has('operation') ? { operation: query.get('operation')! } : undefined)),
  clearRequests: ({ control }) => (control.clearRequests(), ok()),
  listDeliveries: ({ control }) => ok(control.deliveries()),
  setProgress: ({ control }, body) => (control.progress.set(body), ok(control.progress.get())),
  getClock: ({ control }) => ok(control.clock.get()),
  setClock: ({ control }, body) => (control.clock.set(body?.now), ok(control.clock.get())),
  advanceClock: ({ control }, body) => (control.clock.advance(body?.ms), ok(control.clock.get())),
  setCallbacks: ({ control }, body) => (control.setCallbackUrls(body ?? {}), ok({ callbacks: control.callbackUrls() })),
};

export interface ControlRoute {
  method: string;
  /** The documented path after /__sandbox, e.g. `/sessions/{sessionId}/faults`. */
  template: string;
  segments: readonly (string | null)[];
  operationId: string;
  /** The query parameters the document gives the operation; any other is refused (a misspelt filter must not pass silently). */
  query: readonly string[];
  /** The document's operation: its request body schema is what a body is checked against. */
  operation: Record<string, any>;
  action: Action;
}

/** The names of an operation's query parameters, its `$ref`s to `#/components/parameters/…` followed. */
function queryNames(document: Record<string, any>, operation: Record<string, any>): string[] {
  return (operation.parameters ?? [])
    .map((parameter: Record<string, any>) => (typeof parameter.$ref === 'string' ? document.components.parameters[String(parameter.$ref.split('/').pop())] : parameter))
    .filter((parameter: Record<string, any>) => parameter?.in === 'query')
    .map((parameter: Record<string, any>) => String(parameter.name));
}

/** The routes of the control API, from its document; throws when an operation has no implementation. */
export function controlRoutes(document = controlApiDocument): ControlRoute[] {
  const routes: ControlRoute[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.operationId) continue;
      const action = actions[operation['x-sandbox-action']];
      if (!action) throw new Error(`control API: no implementation of ${operation.operationId} (x-sandbox-action ${operation['x-sandbox-action']})`);
      if (requestBodySchema(document, operation) && !hasBodyValidator(operation.operationId)) {
        throw new Error(`control API: the request body of ${operation.operationId} has no compiled validator (rebuild: pnpm --filter @messaging-contracts/sandbox build)`);
      }
      const segments = template === '/' ? [] : template.slice(1).split('/').map((s) => (s.startsWith('{') ? null : s));
      routes.push({ method: method.toUpperCase(), template, segments, operationId: operation.operationId, query: queryNames(document, operation), operation, action });
    }
  }
  return routes;
}

const routes = controlRoutes();

/** The route of a path after /__sandbox, and its `{sessionId}` when it has one. */
function match(method: string, rest: string): { route?: ControlRoute; sessionId?: string; pathKnown: boolean } {
  const parts = rest === '/' || rest === '' ? [] : rest.slice(1).split('/');
  let pathKnown = false;
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    let sessionId: string | undefined;
    if (!route.segments.every((segment, i) => (segment === null ? ((sessionId = parts[i]), parts[i] !== '') : segment === parts[i]))) continue;
    pathKnown = true;
    if (route.method === method) return { route, ...(sessionId !== undefined && { sessionId }), pathKnown };
  }
  return { pathKnown };
}

export async function handleControl(sandbox: Sandbox, guard: ControlGuard, req: IncomingMessage, res: ServerResponse, path: string, query: string) {
  const method = req.method ?? 'GET';
  const refused = controlRefusal(guard, req);
  if (refused) {
    req.resume();
    return send(res, refused);
  }
  const found = match(method, path.slice(CONTROL_PREFIX.length));
  const refuse = (answer: Answer) => {
    req.resume();
    send(res, answer);
  };
  if (!found.route) {
    return refuse({
      status: found.pathKnown ? 405 : 404,
      body: { error: `no control operation ${method} ${path}; see GET ${CONTROL_PREFIX}/openapi.json and the README` },
    });
  }
  const params = new URLSearchParams(query);
  const unknown = [...new Set(params.keys())].filter((name) => !found.route!.query.includes(name));
  if (unknown.length > 0) {
    const known = found.route.query.length > 0 ? `it takes ${found.route.query.join(', ')}` : 'it takes none';
    return refuse({ status: 400, body: { error: `unknown query parameter ${unknown.slice(0, 5).join(', ').slice(0, 200)} of ${found.route.operationId}; ${known}` } });
  }
  // Each takes one value: a second one was silently ignored (`?operation=a&operation=b` listed a's only).
  const repeated = found.route.query.find((name) => params.getAll(name).length > 1);
  if (repeated !== undefined) return refuse({ status: 400, body: { error: `query parameter ${repeated} of ${found.route.operationId} is given more than once; it takes one value` } });
  let session: SandboxSession | undefined;
  if (found.sessionId !== undefined) {
    session = sandbox.session(found.sessionId);
    if (!session) return refuse({ status: 404, body: { error: 'no session with this id (never created, deleted, or expired after its idle time)' } });
  }
  let body: unknown;
  if (method === 'POST' || method === 'PUT') {
    const read = await readBodyText(req, CONTROL_MAX_BODY_BYTES);
    if (!read.ok && read.reason === 'too-large') await drain(req);
    if (!read.ok) return send(res, { status: 413, body: { error: `control bodies are at most ${CONTROL_MAX_BODY_BYTES} bytes` }, close: true });
    if ((read.text || read.notUtf8) && !isJsonMediaType(req.headers['content-type'])) {
      return send(res, { status: 415, body: { error: 'control bodies must be sent as content-type: application/json' } });
    }
    // The interfaces' labels (pipeline.ts): a charset, content coding or transfer coding the sandbox
    // does not decode would be read as plain UTF-8 and acted on.
    const unread = controlLabelRefusal(req);
    if ((read.text || read.notUtf8) && unread !== undefined) return send(res, { status: 415, body: { error: unread } });
    if (read.notUtf8) return send(res, { status: 400, body: { error: 'the body must be JSON, which is UTF-8' } });
    const scan = scanJsonText(read.text);
    if (scan.tooDeep) return send(res, { status: 400, body: { error: `the body must be nested at most ${MAX_JSON_DEPTH} levels deep (max-depth)` } });
    try {
      body = read.text ? JSON.parse(read.text) : undefined;
    } catch {
      return send(res, { status: 400, body: { error: 'the body must be JSON' } });
    }
    // As for the interfaces' bodies (pipeline.ts): JSON.parse kept the last of a repeated key.
    if (scan.duplicateKey !== undefined) return send(res, { status: 400, body: { error: `body${scan.duplicateKey} is given more than once in its object (duplicate-key)` } });
    // Against the document's schema (additionalProperties: false included) before any action reads it.
    const problem = controlBodyProblem(controlApiDocument, found.route.operation, body);
    if (problem !== undefined) return send(res, { status: 400, body: { error: problem } });
  } else {
    req.resume();
  }
  try {
    send(res, await found.route.action({ sandbox, ...(session && { session }), control: session ?? sandbox }, body, params));
  } catch (error) {
    const status = error instanceof SessionLimitError ? 429 : 400;
    send(res, { status, body: { error: error instanceof Error ? error.message : 'bad control request' } });
  }
}
