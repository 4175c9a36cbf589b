// One request to one of the four interfaces: route, credentials, fault, body, validation, handler.
// Every failure is answered in the shape of the interface whose base path was hit (section 7).
// Statuses the document leaves open are the sandbox's choices (README table): where an interface
// documents its statuses (C) only those are used; elsewhere the usual HTTP ones.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { campaignHandlers } from './campaign-manager-v1.js';
import type { ApiId } from './contract.js';
import type { CredentialIndex } from './credentials.js';
import { errorBody } from './error-shapes.js';
import { firstChangedNumber } from './exact-numbers.js';
import { gatewayHandlers } from './gateway-v1.js';
import { type Answer, drain, readBody, send, sendNetworkFault } from './http-io.js';
import { imHandlers } from './im-v1.js';
import { MAX_JSON_DEPTH, hasUtf8Charset, isChunkedOnly, isIdentityEncoding, propertyOf, scanJsonText } from '@messaging-contracts/validators';
import { type Handler, responseExample } from './operation.js';
import { preference } from './prefer.js';
import type { Finding, Problem } from './problems.js';
import { type KeptRequest, redactHeaders } from './recorder.js';
import type { SecretRedactor } from './redaction.js';
import { validateRequest, validatorsFor } from './request-validation.js';
import type { ApiRoutes, Route, RouteTable } from './routes.js';
import type { Scope } from './scope.js';
import { smsHandlers } from './sms-v2.js';

export const handlers: Record<ApiId, Record<string, Handler>> = {
  'gateway-v1': gatewayHandlers,
  'sms-v2': smsHandlers,
  'im-v1': imHandlers,
  'campaign-manager-v1': campaignHandlers,
};

/** C documents 400, 401, 404, 422, 429 and 500 only (section 7): bad input there is a 400. */
const documentsOnlyListedStatuses = (api: ApiId) => api === 'im-v1';

/** Whose credentials a request carries: the sandbox's global scope, or a session (marked used). */
export interface Owner {
  scope: Scope;
  lastUsed?: number;
}

/** The answer to a request, and what the request log keeps of it: the body's JSON text as received, when it parsed. */
interface Served {
  answer: Answer;
  route?: Route;
  text?: string;
}

/** What serving a request has found out so far: its route, and whose scope it acts in (arrival time on its clock). */
interface Seen {
  route?: Route;
  scope: Scope;
  at: number;
}

export interface PipelineOptions {
  table: RouteTable;
  owners: CredentialIndex<Owner>;
  /** The scope of requests without credentials where the operation allows them, and of refused ones. */
  global: Scope;
  maxBodyBytes: number;
  /** Every credential the sandbox takes, replaced wherever a recorded request holds one. */
  secrets: SecretRedactor;
}

const finding = (pointer: string, property: string, rule: string, message: string, limit?: number): Finding => ({
  pointer,
  property,
  rule,
  message,
  ...(limit !== undefined && { limit }),
});

/** The request's media type (before any parameters, lower case) is one the operation documents. */
function acceptsMediaType(patterns: readonly RegExp[], header: string | undefined): boolean {
  const value = header ?? '';
  const semicolon = value.indexOf(';');
  const type = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  for (const pattern of patterns) if (pattern.test(type)) return true;
  return false;
}

export function createPipeline(options: PipelineOptions) {
  const { table, owners, global, maxBodyBytes, secrets } = options;
  // Resolved once: every operation has its validators and its handler, or the sandbox does not start.
  const prepared = new Map(
    table.apis.flatMap((api) =>
      api.routes.map((route) => {
        const handler = handlers[route.api][route.operationId];
        if (!handler) throw new Error(`no handler for ${route.key}`);
        // Whether the usual `application/json` is accepted, decided once: most requests send it.
        const acceptsJson = route.bodyMediaTypes !== null && acceptsMediaType(route.bodyMediaTypes, 'application/json');
        return [route, { handler, validators: validatorsFor(route), acceptsJson }] as const;
      }),
    ),
  );

  function problem(api: ApiId, route: Route | null, value: Problem, headers?: Record<string, string>): Answer {
    return { status: value.status, body: errorBody(api, route, value), ...(headers && { headers }) };
  }

  /** 401: the documented example where the operation has an explicit 401 (B, C), else the shape's. */
  function unauthorized(route: Route): Answer {
    const example = responseExample(route, 401);
    if (example !== undefined) return { status: 401, body: example };
    return problem(route.api, route, { status: 401, message: 'Missing or wrong credentials: send the HTTP Basic credentials the sandbox printed at start, or a session gave (POST /__sandbox/sessions)' });
  }

  /** A defect of the sandbox, never of the caller: answered in the operation's shape, never crashing the process. */
  const internalError = (api: ApiRoutes, seen: Seen): Served => ({
    answer: problem(api.api, seen.route ?? null, { status: 500, message: 'Internal sandbox error' }),
    // The request log names the operation, when one was matched.
    ...(seen.route && { route: seen.route }),
  });

  /**
   * Serves one request and calls `done` with what to answer: at once when the operation takes no
   * body, else when the body has been read. No promise on this path (most requests): each one and
   * its microtask turn cost measurable time per request in `pnpm bench`.
   */
  function serve(api: ApiRoutes, req: IncomingMessage, path: string, query: string, seen: Seen, done: (served: Served) => void): void {
    const method = req.method ?? 'GET';
    const match = table.match(api, method, path);
    seen.route = match?.route ?? undefined;
    if (!match) {
      req.resume();
      return done({
        answer: problem(api.api, null, {
          status: 404,
          message: 'Resource not found',
          findings: [finding('', '', 'path', 'no operation of this interface has this path')],
        }),
      });
    }
    const { route, params } = match;
    if (!route) {
      req.resume();
      const allow = match.allow.join(', ');
      if (documentsOnlyListedStatuses(api.api)) {
        return done({ answer: problem(api.api, null, { status: 404, message: 'Resource not found', findings: [finding('', '', 'method', `this path allows ${allow.replace(/,/g, '')} only`)] }) });
      }
      return done({ answer: problem(api.api, null, { status: 405, message: `Method not allowed, allowed: ${allow}` }, { allow }) });
    }
    const owner = owners.find(api.api, req.headers);
    if (!owner && route.authRequired) {
      req.resume();
      return done({ answer: unauthorized(route), route });
    }
    if (owner) {
      if (owner.lastUsed !== undefined) owner.lastUsed = Date.now();
      seen.scope = owner.scope;
      seen.at = owner.scope.clock.now();
    }
    if (!route.bodyMediaTypes) {
      req.resume();
      return done(operate(api, req, route, params, query, seen.scope, undefined, undefined));
    }
    readBody(req, maxBodyBytes, (read) => {
      if (read.ok) {
        // Called from the body's 'end' event: a defect here must not escape into the stream.
        let served: Served;
        try {
          served = withBody(api, req, route, params, query, seen.scope, read.text, read.notUtf8 === true);
        } catch {
          served = internalError(api, seen);
        }
        return done(served);
      }
      const status = documentsOnlyListedStatuses(api.api) ? 400 : 413;
      const served: Served = {
        answer: {
          ...problem(api.api, route, {
            status,
            message: 'Request body too large',
            findings: [finding('/body', 'body', 'max-body-bytes', `must be at most ${maxBodyBytes} bytes`, maxBodyBytes)],
          }),
          close: true,
        },
        route,
      };
      if (read.reason === 'too-large') void drain(req).then(() => done(served));
      else done(served);
    });
  }

  /**
   * A refusal of how a body is labelled: 415 where the interface may answer it (A, B, D), C's 400
   * (sandbox choice, README), as for a wrong media type.
   */
  function unsupported(api: ApiRoutes, route: Route, message: string, found: Finding, headers?: Record<string, string>): Served {
    const status = documentsOnlyListedStatuses(api.api) ? 400 : 415;
    return { answer: problem(api.api, route, { status, message, findings: [found] }, headers), route };
  }

  /**
   * A request whose body has been read whole: its media type and charset, its content coding, its
   * UTF-8, depth, JSON, repeated keys and integers, then the operation. The labels are the webhooks receivers'
   * rules (the validators' json-transport.ts): JSON is UTF-8 (RFC 8259 section 8.1), and no content
   * coding is decoded, so a labelled one is refused rather than read as plain JSON.
   */
  function withBody(api: ApiRoutes, req: IncomingMessage, route: Route, params: Record<string, string>, query: string, scope: Scope, text: string, notUtf8: boolean): Served {
    if (text.length === 0 && !notUtf8) return operate(api, req, route, params, query, scope, undefined, undefined);
    const contentType = req.headers['content-type'];
    if (contentType === 'application/json' ? !prepared.get(route)!.acceptsJson : !acceptsMediaType(route.bodyMediaTypes!, contentType)) {
      return unsupported(api, route, 'Unsupported media type', finding('/headers/content-type', 'content-type', 'media-type', 'must be a documented JSON media type of this operation'));
    }
    if (contentType !== 'application/json' && !hasUtf8Charset(contentType!)) {
      return unsupported(api, route, 'Unsupported media type', finding('/headers/content-type', 'content-type', 'charset', 'must name UTF-8 as its charset, or none, as JSON is UTF-8'));
    }
    if (!isIdentityEncoding(req.headers['content-encoding'])) {
      // RFC 9110 section 15.5.16: the answer names the codings that would be accepted.
      return unsupported(
        api,
        route,
        'Content-Encoding must be identity',
        finding('/headers/content-encoding', 'content-encoding', 'content-encoding', 'must be identity, the sandbox decodes no content coding'),
        { 'accept-encoding': 'identity' },
      );
    }
    // Node's parser decodes `chunked` alone: a chain such as `gzip, chunked` arrives with the gzip undone.
    if (!isChunkedOnly(req.headers['transfer-encoding'])) {
      return unsupported(
        api,
        route,
        'Transfer-Encoding must be chunked',
        finding('/headers/transfer-encoding', 'transfer-encoding', 'transfer-encoding', 'must be chunked alone, the sandbox decodes no other transfer coding'),
      );
    }
    if (notUtf8) {
      return { answer: problem(api.api, route, { status: 400, message: 'Request body is not valid JSON', findings: [finding('/body', 'body', 'utf-8', 'must be UTF-8, as JSON is')] }), route };
    }
    const scan = scanJsonText(text);
    if (scan.tooDeep) {
      return {
        answer: problem(api.api, route, {
          status: 400,
          message: 'Request body nested too deeply',
          findings: [finding('/body', 'body', 'max-depth', `must be nested at most ${MAX_JSON_DEPTH} levels deep (arrays and objects)`, MAX_JSON_DEPTH)],
        }),
        route,
      };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return {
        answer: problem(api.api, route, {
          status: 400,
          message: 'Request body is not valid JSON',
          findings: [finding('/body', 'body', 'json', 'must be valid JSON')],
        }),
        route,
      };
    }
    // RFC 8259 section 4: with a repeated key JSON.parse kept the last value, another reader of the
    // same body may keep the first; refused, naming it (sandbox choice, README), found by the
    // depth check's pass, as the webhook receivers do.
    if (scan.duplicateKey !== undefined) {
      const pointer = `/body${scan.duplicateKey}`;
      return {
        answer: problem(api.api, route, {
          status: 400,
          message: 'Request body repeats a key',
          findings: [finding(pointer, propertyOf(pointer), 'duplicate-key', 'must appear once in its object')],
        }),
        route,
      };
    }
    // JSON.parse rounds an integer beyond 2^53 - 1 (A's sms_class, D's list_ids are integers
    // without a bound), reads 1e400 as Infinity and 1.0000000000000001 as 1: stored and read back,
    // it would come back another number. Refused instead, naming it, however it is spelled
    // (sandbox choice, README; src/exact-numbers.ts).
    const changed = firstChangedNumber(text);
    if (changed !== undefined) {
      const pointer = `/body${changed}`;
      return {
        answer: problem(api.api, route, {
          status: 400,
          message: 'Request data invalid',
          findings: [
            finding(pointer, pointer.slice(pointer.lastIndexOf('/') + 1), 'safe-integer', `must be an integer of magnitude at most ${Number.MAX_SAFE_INTEGER} which the sandbox holds exactly`, Number.MAX_SAFE_INTEGER),
          ],
        }),
        route,
      };
    }
    return operate(api, req, route, params, query, scope, body, text);
  }

  /** The operation itself, once its body (if any) is parsed: a Prefer header, a queued fault, validation, the handler. */
  function operate(api: ApiRoutes, req: IncomingMessage, route: Route, params: Record<string, string>, query: string, scope: Scope, body: unknown, text: string | undefined): Served {
    const { faults, env } = scope;
    const preferred = preference(route, req.headers.prefer, faults);
    if (preferred && 'refusal' in preferred) {
      return { answer: problem(api.api, route, { status: 400, message: 'Prefer header not documented', findings: [preferred.refusal] }), route, text };
    }
    if (preferred) return { answer: { status: preferred.answer.status, body: preferred.answer.body, headers: preferred.answer.headers }, route, text };
    const fault = faults.take(route);
    if (fault) return { answer: { status: fault.status, body: fault.body, headers: fault.headers, ...(fault.network && { network: fault.network }) }, route, text };

    const { handler, validators } = prepared.get(route)!;
    const findings: Finding[] = [];
    if (body === undefined && validators.bodyRequired) findings.push(finding('/body', 'body', 'required', 'a JSON body is required'));
    // D's bodies are not marked required, but what they would carry is (a list's name and members):
    // a missing optional body is checked as an empty object, so those fields are named (sandbox choice).
    const checked = body === undefined && !validators.bodyRequired && validators.body ? {} : body;
    const searchParams = new URLSearchParams(query);
    findings.push(...validateRequest(validators, params, searchParams, checked, env.clock.now));
    if (findings.length > 0) {
      return { answer: problem(api.api, route, { status: 400, message: 'Request data invalid', findings }), route, text };
    }

    const reply = handler({ route, params, query: searchParams, body: checked, text: text ?? '' }, env);
    if ('problem' in reply) return { answer: problem(api.api, route, reply.problem), route, text };
    return { answer: reply, route, text };
  }

  /** Sends the answer (after the operation's configured latency), starts a new message's progression, and records the request. */
  function respond(req: IncomingMessage, res: ServerResponse, seen: Seen, result: Served): void {
    const { answer, route, text } = result;
    const { recorder } = seen.scope;
    if (answer.network) sendNetworkFault(res, answer, answer.network);
    else send(res, answer);
    // A new B or C message starts its automatic progression, when its scope has one.
    if (route && answer.status === route.successStatus && (route.key === 'sms-v2.sendMessage' || route.key === 'im-v1.sendMessage')) {
      const id = (answer.body as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') seen.scope.progression.start(route.api as 'sms-v2' | 'im-v1', id);
    }
    // Built in one object, in the order a recorded request is listed (seq first, set by the recorder).
    const entry = { seq: 0, at: seen.at, method: req.method ?? '', url: secrets.redact(req.url ?? '') } as KeptRequest;
    if (route) entry.operation = route.key;
    entry.headers = redactHeaders(req.headers, secrets);
    if (text !== undefined) entry.text = secrets.redactJson(text);
    entry.status = answer.status;
    recorder.record(entry);
  }

  /** Never throws: a defect while answering is a 500 when nothing was sent yet, else the connection is closed. */
  function respondSafely(api: ApiRoutes, req: IncomingMessage, res: ServerResponse, seen: Seen, result: Served): void {
    try {
      respond(req, res, seen, result);
    } catch {
      if (!res.headersSent) send(res, internalError(api, seen).answer);
      else res.destroy();
    }
  }

  return function handle(api: ApiRoutes, req: IncomingMessage, res: ServerResponse, path: string, query: string): void {
    const seen: Seen = { scope: global, at: global.clock.now() };
    let answered = false;
    const done = (result: Served) => {
      if (answered) return;
      answered = true;
      const delay = result.route ? seen.scope.faults.latencyFor(result.route) : 0;
      if (delay > 0) setTimeout(() => respondSafely(api, req, res, seen, result), delay);
      else respondSafely(api, req, res, seen, result);
    };
    try {
      serve(api, req, path, query, seen, done);
    } catch {
      done(internalError(api, seen));
    }
  };
}
