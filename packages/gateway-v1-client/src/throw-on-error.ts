// The opt-in throw-on-error mode of interface A's client: `throwOnError(createXClient(...))`.
// Its own module: a bundle that never calls throwOnError contains none of it.
import { type ErrorBodyOf, type OfInterface, ResponseError, type ThrowingClient, throwOnErrorWith } from '@messaging-contracts/client-core';
import type { paths } from '@messaging-contracts/gateway-v1-types';
import type { GatewayClient } from './client.js';
import type { GatewayPaths } from './paths.js';

/** Every documented error body of interface A: DefaultError. */
export type GatewayErrorBody = ErrorBodyOf<paths>;

/** An answer of interface A outside 2XX, in throw-on-error mode: `status`, `body` (typed), `operation`, `response`. */
export class GatewayResponseError extends ResponseError<GatewayErrorBody> {
  override readonly name = 'GatewayResponseError';
}

/** Interface A's client in throw-on-error mode: each call resolves to its success body. */
export type GatewayThrowingClient = ThrowingClient<GatewayPaths> & OfInterface<'gateway-v1'>;

/**
 * The same client, each call resolving to the documented success body (no `data!`) and throwing
 * `GatewayResponseError` for any other status; network failures stay ClientNetworkError.
 */
export const throwOnError: (client: GatewayClient) => GatewayThrowingClient = /* @__PURE__ */ throwOnErrorWith(GatewayResponseError);
