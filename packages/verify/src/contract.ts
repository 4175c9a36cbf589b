// What the verifier knows about the interfaces, read from the published bundles
// (@messaging-contracts/openapi/<id>.json) once: operations, documented statuses, request bodies and
// their examples, response headers, and each interface's authentication scheme. Nothing here is
// restated by hand.
import { API_IDS, type ApiId, type Json, basePath, bundle, deref, mediaTypePattern } from '@messaging-contracts/sandbox';
import * as campaignManagerV1 from '@messaging-contracts/validators/campaign-manager-v1';
import * as gatewayV1 from '@messaging-contracts/validators/gateway-v1';
import * as imV1 from '@messaging-contracts/validators/im-v1';
import * as smsV2 from '@messaging-contracts/validators/sms-v2';
import type { OperationValidators } from '@messaging-contracts/validators';

// The bundles' reader (load once, follow local `$ref`s, an interface's base path) is the sandbox's:
// one reading of the published documents for both tools.
export { API_IDS, type ApiId, type Json, basePath, bundle, deref };

export interface Auth {
  kind: 'basic' | 'apiKey';
  /** The header carrying the credential (`Authorization`, or C's `authorization`). */
  header: string;
}

/** Section 5, as the bundle's one security scheme states it. */
export function authOf(api: ApiId): Auth {
  const schemes = Object.values(bundle(api).components.securitySchemes ?? {}) as Json[];
  const scheme = schemes[0];
  if (!scheme) throw new Error(`${api}: the bundle has no security scheme`);
  if (scheme.type === 'http' && scheme.scheme === 'basic') return { kind: 'basic', header: 'Authorization' };
  if (scheme.type === 'apiKey' && scheme.in === 'header') return { kind: 'apiKey', header: scheme.name };
  throw new Error(`${api}: security scheme ${scheme.type} is not supported`);
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
  example?: unknown;
}

export interface ResponseSpec {
  /** '200', '4XX' or 'default', as in the bundle. */
  key: string;
  mediaTypes: string[];
  headers: Record<string, { required: boolean; schema: Json }>;
  /** The JSON body schema, dereferenced at its root. */
  schema?: Json;
  /**
   * The body's field names: its properties and those of each `anyOf`/`oneOf` alternative (C's
   * error body, section 7: APIError or the samples' message, statusCode, error); none for a
   * schema that names no property.
   */
  fields?: string[];
  /**
   * The status a `default` response is described as, where its description says so (D's "The spec
   * document describes this default response as 500", section 7): that status is then the
   * documented failure answer, as a 4xx is.
   */
  describedAs?: number;
}

/** The status a `default` response's description gives it ("describes this default response as 500"). */
function describedStatusOf(key: string, response: Json): number | undefined {
  const match = key === 'default' && typeof response.description === 'string' ? /describes this default response as ([1-5]\d\d)\b/.exec(response.description) : null;
  return match ? Number(match[1]) : undefined;
}

/** Property names of a schema and of its `anyOf`/`oneOf` alternatives, one level deep. */
function fieldsOf(document: Json, schema: Json | undefined): string[] | undefined {
  if (!schema) return undefined;
  const alternatives = [schema, ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((s: Json) => deref(document, s))];
  const names = alternatives.flatMap((s: Json | undefined) => Object.keys(s?.properties ?? {}));
  return names.length > 0 ? [...new Set(names)] : undefined;
}

export interface Operation {
  api: ApiId;
  operationId: string;
  /** `<id>.<operationId>`, the sandbox's and the report's name of an operation. */
  name: string;
  method: string;
  /** The path template after the base path, as in the bundle. */
  path: string;
  parameters: Parameter[];
  /** The JSON request body schema (dereferenced at its root), when there is one. */
  bodySchema?: Json;
  /** Its component name (`Message`), when the body schema is a `$ref`. */
  bodySchemaName?: string;
  bodyRequired: boolean;
  bodyMediaType?: string;
  /**
   * A's vendor media type (section 4.1), which the bundle keys with a placeholder vendor token
   * (`x-vendor-token`): the key, the placeholder, the document's spelling, the types it stands for
   * (the sandbox's reading: any token in place of the placeholder) and its own request examples.
   */
  vendorMediaType?: VendorMediaType;
  /** Documented request examples (`example`, then every `examples` value). */
  examples: unknown[];
  responses: ResponseSpec[];
  /** Whether the operation may be called without credentials (an empty security requirement). */
  anonymous: boolean;
  validators: OperationValidators;
}

export interface VendorMediaType {
  key: string;
  placeholder: string;
  documentedAs: string;
  pattern: RegExp;
  examples: unknown[];
}

const validatorModules: Record<ApiId, { operations: Record<string, OperationValidators>; callbacks: Record<string, OperationValidators> }> = {
  'gateway-v1': gatewayV1,
  'sms-v2': smsV2,
  'im-v1': imV1,
  'campaign-manager-v1': campaignManagerV1,
};

export function callbackValidators(api: ApiId): Record<string, OperationValidators> {
  return validatorModules[api].callbacks;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function jsonMediaType(content: Json | undefined): string | undefined {
  return Object.keys(content ?? {}).find((type) => type === 'application/json' || /\+json$/.test(type));
}

/** A media type's request examples (`example`, then every `examples` value). */
function examplesOfMedia(document: Json, media: Json | undefined): unknown[] {
  return [
    ...(media && 'example' in media ? [media.example] : []),
    ...Object.values((media?.examples ?? {}) as Json).map((e) => deref(document, e as Json)?.value),
  ].filter((e) => e !== undefined);
}

/** The request body's media type keyed with a placeholder token (`x-vendor-token`), if it has one. */
function vendorMediaTypeOf(document: Json, content: Json | undefined): VendorMediaType | undefined {
  for (const [key, media] of Object.entries((content ?? {}) as Json)) {
    const token = (media as Json)?.['x-vendor-token'];
    if (typeof token?.placeholder !== 'string' || token.placeholder === '') continue;
    return { key, placeholder: token.placeholder, documentedAs: String(token.documentedAs ?? key), pattern: mediaTypePattern(key, media as Json), examples: examplesOfMedia(document, media as Json) };
  }
  return undefined;
}

const cache = new Map<ApiId, Operation[]>();

/** Every operation of an interface, in the bundle's order. */
export function operationsOf(api: ApiId): Operation[] {
  const known = cache.get(api);
  if (known) return known;
  const document = bundle(api);
  const out: Operation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = deref(document, rawItem as Json)!;
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((raw: Json): Parameter => {
        const p = deref(document, raw)!;
        return { name: p.name, in: p.in, required: Boolean(p.required), schema: deref(document, p.schema) ?? {}, example: p.example ?? p.schema?.example };
      });
      const requestBody = deref(document, operation.requestBody);
      const mediaType = jsonMediaType(requestBody?.content);
      const media = mediaType ? requestBody!.content[mediaType] : undefined;
      const examples = examplesOfMedia(document, media);
      const vendorMediaType = vendorMediaTypeOf(document, requestBody?.content);
      const responses = Object.entries(operation.responses ?? {}).map(([key, raw]): ResponseSpec => {
        const response = deref(document, raw as Json)!;
        const headers = Object.fromEntries(
          Object.entries(response.headers ?? {}).map(([name, h]) => {
            const header = deref(document, h as Json)!;
            return [name, { required: Boolean(header.required), schema: deref(document, header.schema) ?? {} }];
          }),
        );
        const json = jsonMediaType(response.content);
        const schema = json ? deref(document, response.content[json].schema) : undefined;
        const fields = fieldsOf(document, schema);
        const describedAs = describedStatusOf(key, response);
        return {
          key,
          mediaTypes: Object.keys(response.content ?? {}),
          headers,
          ...(schema && { schema }),
          ...(fields && { fields }),
          ...(describedAs !== undefined && { describedAs }),
        };
      });
      const security = (operation.security ?? document.security ?? []) as Json[];
      const validators = validatorModules[api].operations[operation.operationId];
      if (!validators) throw new Error(`${api}: no validators for ${operation.operationId}`);
      out.push({
        api,
        operationId: operation.operationId,
        name: `${api}.${operation.operationId}`,
        method: method.toUpperCase(),
        path,
        parameters,
        ...(media && { bodySchema: deref(document, media.schema), bodyMediaType: mediaType }),
        ...(typeof media?.schema?.$ref === 'string' && { bodySchemaName: media.schema.$ref.split('/').pop() }),
        bodyRequired: Boolean(requestBody?.required),
        ...(vendorMediaType && { vendorMediaType }),
        examples,
        responses,
        anonymous: security.some((requirement) => Object.keys(requirement).length === 0),
        validators,
      });
    }
  }
  cache.set(api, out);
  return out;
}

// Per interface, built once: the bundles do not change while the process runs.
const namedHeadersCache = new Map<ApiId, Record<string, Json>>();

/**
 * The interface's named response headers that no response places (`components.headers` that no
 * `$ref` elsewhere in the bundle names: C's RetryAfter, Content-Security-Policy,
 * Strict-Transport-Security, section 8: "Which responses carry ... not shown"), whichever responses
 * carry them. A placed one is held where it is placed only: C's X-RateLimit-Limit, 0 to 100, is the
 * receiver's header on its 200 to the status callback ("C callback 200 reply"), not the service's.
 */
export function namedHeaders(api: ApiId): Record<string, Json> {
  const cached = namedHeadersCache.get(api);
  if (cached) return cached;
  const document = bundle(api);
  const { headers = {}, ...others } = (document.components ?? {}) as Json;
  const elsewhere = JSON.stringify({ ...document, components: others });
  const named = Object.fromEntries(
    Object.entries(headers as Json)
      .filter(([name]) => !elsewhere.includes(JSON.stringify(`#/components/headers/${name}`)))
      .map(([name, h]) => [name, deref(document, deref(document, h as Json)?.schema) ?? {}]),
  );
  namedHeadersCache.set(api, named);
  return named;
}

export function findOperation(api: ApiId, operationId: string): Operation {
  const found = operationsOf(api).find((op) => op.operationId === operationId);
  if (!found) throw new Error(`${api}: no operation ${operationId}`);
  return found;
}

/** The documented response for a status: exact key, then `4XX`-style range, then `default`. */
export function responseFor(operation: Operation, status: number): ResponseSpec | undefined {
  const responses = operation.responses;
  return (
    responses.find((r) => r.key === String(status)) ??
    responses.find((r) => r.key.toUpperCase() === `${String(status)[0]}XX`) ??
    responses.find((r) => r.key === 'default')
  );
}
