import { type CommonClientOptions, type StrictClient, createCoreClient } from '@messaging-contracts/client-core';
import type { paths } from '@messaging-contracts/gateway-v1-types';
import { BASE_PATH, VENDOR_MEDIA_TYPE, VENDOR_TOKEN_PLACEHOLDER } from './contract.js';

export type GatewayMediaType =
  | 'json'
  | 'application/json'
  | `application/vnd.${string}.gateway.v1+json`
  // Case variants and parameters (`; charset=utf-8`), checked when the client is created.
  | `${string}/${string}`;

export interface GatewayClientOptions extends CommonClientOptions {
  /** HTTP Basic credentials (section 5). */
  username: string;
  password: string;
  /**
   * Media type of request bodies: `json` (default) or the vendor type with your vendor's token,
   * `application/vnd.<vendor>.gateway.v1+json` (section 4.1), sent as given; type and subtype in
   * any case, parameters allowed. Responses are always JSON.
   */
  mediaType?: GatewayMediaType;
}

/** An openapi-fetch client of interface A (`client.POST('/messages', { body })`, ...) with exact bodies and parameters. */
export type GatewayClient = StrictClient<paths>;

// RFC 9110 (section 8.3.1): parameters after the type, `; name=value`, the value a token or a
// quoted-string.
const PARAMETERS = /(?:[ \t]*;[ \t]*[\w!#$%&'*+.^`|~-]+=(?:[\w!#$%&'*+.^`|~-]+|"(?:[\t !#-[\]-~]|\\[\t -~])*"))*/;
// The contract keys the vendor type with a placeholder token (x-vendor-token), never a type to send.
const MEDIA_TYPE = new RegExp(
  `^(?!application/vnd\\.${VENDOR_TOKEN_PLACEHOLDER}\\.)(?:application/json|${VENDOR_MEDIA_TYPE.source.slice(1, -1)})${PARAMETERS.source}$`,
  'i',
);

type Call = (url: string, init?: { body?: unknown; headers?: HeadersInit | Record<string, unknown> }) => unknown;

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const { username, password, mediaType = 'json', ...common } = options;
  if (mediaType !== 'json' && !MEDIA_TYPE.test(mediaType)) {
    throw new TypeError("mediaType must be 'json' or application/vnd.<vendor>.gateway.v1+json with your vendor's token (RFC 6838), optionally with parameters");
  }
  const client = createCoreClient<paths>({ ...common, basePath: BASE_PATH, auth: { type: 'basic', username, password } });
  if (mediaType === 'json' || mediaType === 'application/json') return client;
  // openapi-fetch sets `Content-Type: application/json` on every request with a body and none on
  // the others: a call with a body and no Content-Type of its own gets the configured one instead
  // (a Content-Type the caller chose for one call, application/json included, is kept).
  const methods = client as unknown as Record<string, Call>;
  for (const method of Object.keys(methods)) {
    const call = methods[method]!;
    if (method !== method.toUpperCase()) continue;
    methods[method] = (url, init) => {
      if (init?.body === undefined) return call(url, init);
      const given = init.headers;
      if (given instanceof Headers || Array.isArray(given)) {
        const headers = new Headers(given);
        if (!headers.has('content-type')) headers.set('content-type', mediaType);
        return call(url, { ...init, headers });
      }
      const chosen = Object.keys(given ?? {}).some((name) => name.toLowerCase() === 'content-type');
      return call(url, chosen ? init : { ...init, headers: { ...given, 'Content-Type': mediaType } });
    };
  }
  return client;
}
