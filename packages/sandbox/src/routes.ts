// The route table, derived once at start from the four bundles: base path from servers[0].url,
// each path template compiled to segment matchers, and per operation its method, operationId,
// security, accepted media types and documented responses. Nothing here is written by hand.
import { API_IDS, type ApiId, type Json, basePath, bundle, deref } from './contract.js';
import type { OperationKey } from './control-types.js';

export type AuthScheme = { kind: 'basic' } | { kind: 'header'; name: string };

export interface Route {
  api: ApiId;
  /** `<api>.<operationId>`: operation ids repeat across interfaces (sendMessage in A, B and C). */
  key: OperationKey;
  operationId: string;
  method: string;
  template: string;
  segments: readonly (string | { param: string })[];
  /** Credentials needed: false when the operation also allows an anonymous request (`security: [{}]`). */
  authRequired: boolean;
  /** Media types the request body may have (A's vendor type as a pattern), or null without a body. */
  bodyMediaTypes: readonly RegExp[] | null;
  bodyRequired: boolean;
  /** The responses as documented, each `$ref` followed, keyed by status ('201', '400', 'default'). */
  responses: Readonly<Record<string, Json>>;
  /** The documented success status (the operation's 2xx key). */
  successStatus: number;
}

export interface ApiRoutes {
  api: ApiId;
  basePath: string;
  auth: AuthScheme;
  /** Routes grouped by template; templates with more literal segments first, so they win. */
  templates: readonly { segments: Route['segments']; methods: ReadonlyMap<string, Route>; allow: readonly string[]; literals: number }[];
  routes: readonly Route[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * The media types a request body may have. A's vendor type (section 4.1) is keyed with a
 * placeholder token that `x-vendor-token.placeholder` names, because the document hides the real
 * one: that token matches any RFC 6838 restricted-name token. Parameters (`; charset=utf-8`) are
 * stripped before matching. Exported for the verifier, which holds its `--gateway-media-type` to it.
 */
export function mediaTypePattern(key: string, media: Json): RegExp {
  const placeholder = media?.['x-vendor-token']?.placeholder;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const source =
    typeof placeholder === 'string' && placeholder !== ''
      ? key.toLowerCase().split(`.${placeholder.toLowerCase()}.`).map(escape).join('\\.[a-z0-9][a-z0-9!#$&^_.+-]*\\.')
      : escape(key.toLowerCase());
  return new RegExp(`^${source}$`);
}

function authScheme(document: Json): AuthScheme {
  const schemes = Object.values(document.components?.securitySchemes ?? {}) as Json[];
  const scheme = schemes[0];
  if (schemes.length !== 1 || !scheme) throw new Error('each interface documents exactly one security scheme');
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') return { kind: 'basic' };
  if (scheme.type === 'apiKey' && scheme.in === 'header') return { kind: 'header', name: String(scheme.name).toLowerCase() };
  throw new Error(`unsupported security scheme ${JSON.stringify(scheme)}`);
}

function compile(api: ApiId): ApiRoutes {
  const document = bundle(api);
  const routes: Route[] = [];
  const templates: { segments: Route['segments']; methods: Map<string, Route>; allow: string[]; literals: number }[] = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    const segments = template
      .split('/')
      .slice(1)
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? { param: segment.slice(1, -1) } : segment));
    const methods = new Map<string, Route>();
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const security: Json[] = operation.security ?? document.security ?? [];
      const requestBody = deref(document, operation.requestBody);
      const responses: Record<string, Json> = {};
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        responses[status] = deref(document, response as Json)!;
      }
      const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status));
      if (!success) throw new Error(`${api} ${operation.operationId}: no 2xx response`);
      const route: Route = {
        api,
        // The control API's OperationKey enum is written from the same bundles at build (test/control-api.test.ts).
        key: `${api}.${operation.operationId}` as OperationKey,
        operationId: operation.operationId,
        method: method.toUpperCase(),
        template,
        segments,
        authRequired: security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0),
        bodyMediaTypes: requestBody
          ? Object.entries(requestBody.content ?? {}).map(([key, media]) => mediaTypePattern(key, media as Json))
          : null,
        bodyRequired: requestBody?.required === true,
        responses,
        successStatus: Number(success),
      };
      methods.set(route.method, route);
      routes.push(route);
    }
    templates.push({ segments, methods, allow: [...methods.keys()], literals: segments.filter((s) => typeof s === 'string').length });
  }
  templates.sort((a, b) => b.literals - a.literals);
  return { api, basePath: basePath(api), auth: authScheme(document), templates, routes };
}

export interface Match {
  api: ApiRoutes;
  /** The operation, or null when the path is known but not with this method. */
  route: Route | null;
  /** Methods the matched path allows (for a 405's Allow header), empty when the path is unknown. */
  allow: readonly string[];
  params: Record<string, string>;
}

export interface RouteTable {
  apis: readonly ApiRoutes[];
  byKey: ReadonlyMap<string, Route>;
  /** The interface whose base path `path` is under, or undefined. */
  apiFor(path: string): ApiRoutes | undefined;
  /** Matches a path under `api`'s base path; undefined when no template fits. */
  match(api: ApiRoutes, method: string, path: string): Match | undefined;
}

/**
 * The route of an operation key (`im-v1.sendMessage`); throws naming `field` and every known key, so
 * a misspelt key is an error wherever one is given (a fault, a latency, a request-log filter), never
 * a filter that silently matches nothing.
 */
export function routeOfKey(table: RouteTable, key: unknown, field = 'operation'): Route {
  const route = typeof key === 'string' ? table.byKey.get(key) : undefined;
  if (!route) throw new TypeError(`${field} must be one of ${[...table.byKey.keys()].join(', ')}`);
  return route;
}

/** A path segment percent-decoded; '' (no match) when it is not valid percent-encoded UTF-8. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}

export function createRouteTable(): RouteTable {
  const apis = API_IDS.map(compile);
  const byKey = new Map(apis.flatMap((api) => api.routes.map((route) => [route.key, route] as const)));
  return {
    apis,
    byKey,
    apiFor(path) {
      for (const api of apis) {
        if (path.startsWith(api.basePath) && (path.length === api.basePath.length || path[api.basePath.length] === '/')) {
          return api;
        }
      }
      return undefined;
    },
    match(api, method, path) {
      // `path` is under the base path (apiFor): what follows it is empty or starts with '/'.
      const parts = path.length === api.basePath.length ? [] : path.slice(api.basePath.length + 1).split('/');
      for (const template of api.templates) {
        const segments = template.segments;
        if (segments.length !== parts.length) continue;
        let params: Record<string, string> | undefined = {};
        for (let i = 0; i < parts.length; i++) {
          const segment = segments[i]!;
          const part = parts[i]!;
          if (typeof segment === 'string') {
            if (segment !== part) {
              params = undefined;
              break;
            }
          } else {
            // Without a '%' there is nothing to decode (most requests): no call, no try.
            const value = part.indexOf('%') < 0 ? part : decoded(part);
            if (value === '') {
              params = undefined;
              break;
            }
            params[segment.param] = value;
          }
        }
        if (!params) continue;
        return { api, route: template.methods.get(method) ?? null, allow: template.allow, params };
      }
      return undefined;
    },
  };
}
