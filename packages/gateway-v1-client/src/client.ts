import { type BasicAuth, basicAuth, type CommonClientOptions, type OfInterface, coreClient, integerPathSerializer, type StrictClient, unsafeIntegers } from '@messaging-contracts/client-core';
import { BASE_PATH, VENDOR_TAIL, VENDOR_TOKEN_PLACEHOLDER } from './contract.js';
import type { GatewayPaths } from './paths.js';

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

/**
 * An openapi-fetch client of interface A (`client.POST('/messages', { body })`, ...) with exact
 * bodies and parameters; `messageid` takes a bigint too (an id beyond 2^53 - 1: README, "Ids beyond 2^53 − 1").
 */
export type GatewayClient = StrictClient<GatewayPaths> & OfInterface<'gateway-v1'>;

// RFC 9110 (section 8.3.1): parameters after the type, `; name=value`, the value a token or a
// quoted-string. The contract keys the vendor type with a placeholder token (x-vendor-token), never a type to send.
const TOKEN = "[\\w!#$%&'*+.^`|~-]+";
const MEDIA_TYPE = new RegExp(
  `^application/(?:json|vnd\\.(?!${VENDOR_TOKEN_PLACEHOLDER}\\.)${VENDOR_TAIL})(?:[ \t]*;[ \t]*${TOKEN}=(?:${TOKEN}|"(?:[\t !#-[\\]-~]|\\\\[\t -~])*"))*$`,
  'i',
);

// Sections 2.1 and 4.1: message ids are int64, beyond what a number holds exactly.
const INTEGERS = /* @__PURE__ */ unsafeIntegers("A's ids are int64 (sections 2.1, 4.1)");

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const { username, password, mediaType = 'json', ...common } = options;
  if (mediaType !== 'json' && !MEDIA_TYPE.test(mediaType)) {
    throw new TypeError("mediaType must be 'json' or application/vnd.<your vendor's token>.gateway.v1+json (RFC 6838; 'vendor' is the contract's placeholder), optionally with parameters");
  }
  // As openapi-fetch's application/json, the configured type goes on every request with a body and
  // gives way to a Content-Type the caller chose for one call (application/json included).
  return coreClient<GatewayPaths, BasicAuth>(
    {
      ...common,
      basePath: BASE_PATH,
      auth: { type: 'basic', username, password },
      integers: INTEGERS,
      pathSerializer: integerPathSerializer,
      ...(mediaType !== 'json' && { bodyType: mediaType }),
    },
    basicAuth,
  );
}
