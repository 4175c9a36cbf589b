// Test support (not built, not published): the wire suite every client runs. The contract drives
// it: for each operation of the bundle, and for each response the operation documents, one test
// sends the client's call to a real server on 127.0.0.1 and checks what went over the wire
// (method and path from the bundle, query, auth, Accept, Content-Type, body) and what came back
// (the documented example, parsed into `data` or `error`, with the documented response headers).
// An operation without a wire case fails the suite.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordingServer, startRecordingServer } from './recording-server.js';

// An OpenAPI document is untyped JSON here.
type Json = any;

export interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export interface WireCase<C> {
  operationId: string;
  /** Path parameters as the URL must carry them (already encoded). */
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  /** The Accept the request must carry (default application/json). */
  accept?: string;
  /** The request body the call sends; the server must receive exactly its JSON. */
  body?: unknown;
  send(client: C): Promise<CallResult>;
  /** For a success response without a documented body: what the server sends, and what `data` must be. */
  undocumentedBody?: { reply: string; contentType: string; data: unknown };
}

export interface WireSuite<C> {
  /** The API id: the bundle is `@messaging-contracts/openapi/<id>.json`. */
  id: string;
  /** The folder of the client package, whose devDependency resolves the bundle. */
  packageDir: string;
  createClient(baseUrl: string): C;
  /** The exact header values each request must carry. */
  authorization: string;
  /** Content-Type of requests with a body (default application/json). */
  bodyMediaType?: string;
  cases: WireCase<C>[];
}

/** The bundle of `id`, through the package's own `@messaging-contracts/openapi` devDependency. */
export function loadBundle(packageDir: string, id: string): Json {
  const require = createRequire(`${packageDir}/package.json`);
  return JSON.parse(readFileSync(require.resolve(`@messaging-contracts/openapi/${id}.json`), 'utf8'));
}

/** The interface's base path: the contract's server URL without its `{base_url}` variable. */
export function basePathOf(document: Json): string {
  return String(document.servers[0].url).replace('{base_url}', '');
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// Statuses used for a `default` response: a client error and a server error.
const DEFAULT_STATUSES = [400, 500];

function deref(document: Json, node: Json): Json {
  let current = node;
  while (current?.$ref) {
    current = String(current.$ref)
      .slice(2)
      .split('/')
      .reduce((n: Json, key: string) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

export function operationsOf(document: Json): { operationId: string; method: string; path: string; operation: Json }[] {
  const rows = [];
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const method of HTTP_METHODS) {
      if (item[method]) rows.push({ operationId: item[method].operationId, method: method.toUpperCase(), path, operation: item[method] });
    }
  }
  return rows;
}

/**
 * The path templates and the path and query parameters of `document` that client-core does not
 * serialize (its params.ts): a template other than `{name}` (label, matrix, explode), a parameter
 * that is not a string or a number, or one with its own style or explode. Empty for the four
 * interfaces and the sandbox's control API; a new one fails their tests first.
 */
export function unserializedParameters(document: Json): string[] {
  const others: string[] = [];
  for (const { path, operation } of operationsOf(document)) {
    for (const template of path.match(/\{[^{}]*\}/g) ?? []) if (!/^\{[A-Za-z_][\w-]*\}$/.test(template)) others.push(`${path}: ${template}`);
    for (const ref of [...(document.paths[path].parameters ?? []), ...(operation.parameters ?? [])]) {
      const parameter = deref(document, ref);
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const type = deref(document, parameter.schema)?.type;
      if (!['string', 'number', 'integer'].includes(type) || parameter.style !== undefined || parameter.explode !== undefined) {
        others.push(`${path}: ${parameter.in} ${parameter.name} (type ${type}, style ${parameter.style}, explode ${parameter.explode})`);
      }
    }
  }
  return others;
}

export function describeWire<C>(suite: WireSuite<C>): void {
  const document = loadBundle(suite.packageDir, suite.id);
  const basePath = basePathOf(document);
  const operations = operationsOf(document);
  let server: RecordingServer;
  let client: C;

  beforeAll(async () => {
    server = await startRecordingServer();
    client = suite.createClient(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it(`every operation of ${suite.id} has a wire case`, () => {
    expect(new Set(suite.cases.map((c) => c.operationId))).toEqual(new Set(operations.map((o) => o.operationId)));
  });

  it(`every path and query parameter of ${suite.id} is a string or a number, every path template simple`, () => {
    expect(unserializedParameters(document)).toEqual([]);
  });

  for (const { operationId, method, path, operation } of operations) {
    const wireCase = suite.cases.find((c) => c.operationId === operationId);
    if (!wireCase) continue;
    const expectedPath =
      basePath + path.replace(/\{([^}]+)\}/g, (_m, name: string) => wireCase.pathParams?.[name] ?? `{${name}}`);

    describe(`${operationId}: ${method} ${basePath}${path}`, () => {
      for (const [code, responseRef] of Object.entries<Json>(operation.responses)) {
        const response = deref(document, responseRef);
        const media = response.content?.['application/json'];
        const headers = Object.keys(response.headers ?? {});
        const statuses = code === 'default' ? DEFAULT_STATUSES : [Number(code)];
        for (const status of statuses) {
          const ok = status >= 200 && status < 300;
          it(`${status}${code === 'default' ? ' (default)' : ''}: request as documented, ${ok ? 'data' : 'error'} parsed`, async () => {
            const replyHeaders: Record<string, string> = {};
            for (const name of headers) replyHeaders[name] = `${server.url}${basePath}/documented/${name}`;
            let expected: unknown;
            if (media) {
              // The first named example where a body has several (two shapes, or illustrative values).
              expected = 'example' in media ? media.example : Object.values<Json>(media.examples ?? {})[0]?.value;
              replyHeaders['Content-Type'] = 'application/json';
              server.reply({ status, headers: replyHeaders, body: JSON.stringify(expected) });
            } else if (ok && wireCase.undocumentedBody) {
              expected = wireCase.undocumentedBody.data;
              replyHeaders['Content-Type'] = wireCase.undocumentedBody.contentType;
              server.reply({ status, headers: replyHeaders, body: wireCase.undocumentedBody.reply });
            } else {
              expected = undefined;
              server.reply({ status, headers: replyHeaders });
            }
            const before = server.requests.length;
            const result = await wireCase.send(client);

            // What went over the wire.
            expect(server.requests.length).toBe(before + 1);
            const request = server.requests[before]!;
            expect(request.method).toBe(method);
            expect(request.path).toBe(expectedPath);
            expect(Object.fromEntries(request.query)).toEqual(wireCase.query ?? {});
            expect(request.headers.authorization).toBe(suite.authorization);
            expect(request.headers.accept).toBe(wireCase.accept ?? 'application/json');
            if (wireCase.body === undefined) {
              expect(request.headers['content-type']).toBeUndefined();
              expect(request.body).toBe('');
            } else {
              expect(request.headers['content-type']).toBe(suite.bodyMediaType ?? 'application/json');
              expect(JSON.parse(request.body)).toEqual(wireCase.body);
            }

            // What came back.
            expect(result.response.status).toBe(status);
            if (ok) {
              expect(result.error).toBeUndefined();
              expect(result.data).toEqual(expected);
            } else {
              expect(result.data).toBeUndefined();
              expect(result.error).toEqual(expected);
            }
            for (const name of headers) {
              expect(result.response.headers.get(name)).toBe(replyHeaders[name]);
            }
          });
        }
      }
    });
  }
}
