// Builds the HTTP request of one operation: the URL from the base URL, the interface's base path
// and the parameters (documented examples where the caller gives none), the JSON body and its
// media type, and which credentials to use.
import { authOf, basePath, type Operation } from './contract.js';
import type { CredentialUse, OutgoingRequest } from './transport.js';

export interface RequestInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  credentials?: CredentialUse;
}

export interface RequestDefaults {
  baseUrl: string;
  /** Values for path and query parameters the caller does not give (D's `application_name`). */
  parameters: Record<string, unknown>;
}

export function buildRequest(defaults: RequestDefaults, operation: Operation, input: RequestInput): OutgoingRequest {
  const value = (name: string, given: Record<string, unknown> | undefined, example: unknown) =>
    given && name in given ? given[name] : name in defaults.parameters ? defaults.parameters[name] : example;
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      const v = String(value(parameter.name, input.path, parameter.example));
      // A dry run's placeholder for a value a workflow step would produce stays readable.
      path = path.replace(`{${parameter.name}}`, /^\{\$[\w.]+\}$/.test(v) ? v : encodeURIComponent(v));
    } else if (parameter.in === 'query') {
      const v = value(parameter.name, input.query, parameter.required ? parameter.example : undefined);
      if (v !== undefined) query.set(parameter.name, String(v));
    }
  }
  const search = query.size > 0 ? `?${query.toString().replace(/%7B%24([\w.]+)%7D/g, '{$$$1}')}` : '';
  // JSON where the operation's success documents a JSON body (or, with no success body, where an
  // error does); B's GET /openapi.yaml documents its 200 body with no media type (`*/*`, section
  // 4.2), so it is asked for as `*/*`, although its 401 and 404 are JSON.
  const successes = operation.responses.filter((r) => /^2\d\d$/.test(r.key));
  const answering = successes.some((r) => r.mediaTypes.length > 0) ? successes : operation.responses;
  const json = answering.some((r) => r.mediaTypes.some((t) => t === 'application/json' || t.endsWith('+json')));
  const headers: Record<string, string> = { accept: json ? 'application/json' : '*/*' };
  const hasBody = input.body !== undefined;
  if (hasBody) headers['content-type'] = operation.bodyMediaType ?? 'application/json';
  return {
    operation: operation.name,
    api: operation.api,
    method: operation.method,
    url: `${defaults.baseUrl.replace(/\/$/, '')}${basePath(operation.api)}${path}${search}`,
    headers,
    ...(!operation.anonymous && { auth: authOf(operation.api) }),
    credentials: input.credentials ?? 'valid',
    ...(hasBody && { body: JSON.stringify(input.body) }),
  };
}
