// Builds the HTTP request of one operation: the URL from the base URL, the interface's base path
// and the parameters (documented examples where the caller gives none), the JSON body and its
// media type, and which credentials to use.
import { authOf, basePath, type Operation } from './contract.js';
import type { CredentialUse, OutgoingRequest } from './transport.js';

export interface RequestInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The body's media type, where not the operation's JSON one (A's vendor type, `--gateway-media-type`). */
  mediaType?: string;
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
  // The success's documented media types (B's description too: JSON with no schema, as every body
  // of the service is JSON, section 4.2 and the document's opening); an answer without a body
  // (D's 204) accepts what its failures document.
  const typesOf = (keys: RegExp) => [...new Set(operation.responses.filter((r) => keys.test(r.key)).flatMap((r) => r.mediaTypes))];
  const successTypes = typesOf(/^2/);
  const otherTypes = typesOf(/./);
  const accept = successTypes.length > 0 ? successTypes : otherTypes.length > 0 ? otherTypes : ['*/*'];
  const headers: Record<string, string> = { accept: accept.join(', ') };
  const hasBody = input.body !== undefined;
  if (hasBody) headers['content-type'] = input.mediaType ?? operation.bodyMediaType ?? 'application/json';
  return {
    operation: operation.name,
    api: operation.api,
    method: operation.method,
    url: `${defaults.baseUrl.replace(/\/$/, '')}${basePath(operation.api)}${path}${search}`,
    headers,
    ...(!operation.anonymous && { auth: authOf(operation.api) }),
    credentials: input.credentials ?? 'valid',
    ...(hasBody && { body: JSON.stringify(input.body) }),
    // Only where the operation documents 429 (C, section 8) is one waited out and sent again.
    ...(operation.responses.some((r) => r.key === '429') && { retryOn429: true }),
  };
}
