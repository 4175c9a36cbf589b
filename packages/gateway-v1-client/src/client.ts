import { type CommonClientOptions, type StrictClient, createCoreClient } from '@messaging-contracts/client-core';
import type { paths } from '@messaging-contracts/gateway-v1-types';
import { BASE_PATH, VENDOR_MEDIA_TYPE, VENDOR_TOKEN_PLACEHOLDER } from './contract.js';

export type GatewayMediaType = 'json' | 'application/json' | `application/vnd.${string}.gateway.v1+json`;

export interface GatewayClientOptions extends CommonClientOptions {
  /** HTTP Basic credentials (section 5). */
  username: string;
  password: string;
  /**
   * Media type of request bodies: `json` (default) or the vendor type with your vendor's token,
   * `application/vnd.<vendor>.gateway.v1+json` (section 4.1). Responses are always JSON.
   */
  mediaType?: GatewayMediaType;
}

/** An openapi-fetch client of interface A (`client.POST('/messages', { body })`, ...) with exact bodies and parameters. */
export type GatewayClient = StrictClient<paths>;

// openapi-fetch sets `Content-Type: application/json` on every request with a body and none on
// the others; this Request constructor puts the vendor media type on exactly those requests (a
// Content-Type the caller chose for one call is kept).
function vendorRequest(mediaType: string): typeof Request {
  const NativeRequest = Request;
  return function VendorRequest(input: string, init: RequestInit & { headers: Headers }) {
    if (init.body != null && init.headers.get('Content-Type') === 'application/json') {
      init.headers.set('Content-Type', mediaType);
    }
    return new NativeRequest(input, init);
  } as unknown as typeof Request;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const { username, password, mediaType = 'json', ...common } = options;
  const json = mediaType === 'json' || mediaType === 'application/json';
  if (!json && !VENDOR_MEDIA_TYPE.test(mediaType)) {
    throw new TypeError("mediaType must be 'json' or application/vnd.<vendor>.gateway.v1+json");
  }
  if (mediaType.toLowerCase() === `application/vnd.${VENDOR_TOKEN_PLACEHOLDER}.gateway.v1+json`) {
    throw new TypeError(`mediaType ${mediaType} is the contract's placeholder: put your vendor's token in place of '${VENDOR_TOKEN_PLACEHOLDER}'`);
  }
  return createCoreClient<paths>({
    ...common,
    basePath: BASE_PATH,
    auth: { type: 'basic', username, password },
    ...(!json && { Request: vendorRequest(mediaType) }),
  });
}
