// The opt-in throw-on-error mode of interface C's client: `throwOnError(createXClient(...))`.
// Its own module: a bundle that never calls throwOnError contains none of it.
import { type ErrorBodyOf, type OfInterface, ResponseError, type ThrowingClient, throwOnErrorWith } from '@messaging-contracts/client-core';
import type { paths } from '@messaging-contracts/im-v1-types';
import type { ImClient } from './client.js';

/** Every documented error body of interface C: APIError, or the samples' `message`, `statusCode`, `error` (section 7). */
export type ImErrorBody = ErrorBodyOf<paths>;

/** An answer of interface C outside 2XX, in throw-on-error mode: `status`, `body` (typed), `operation`, `response`. */
export class ImResponseError extends ResponseError<ImErrorBody> {
  override readonly name = 'ImResponseError';
}

/** Interface C's client in throw-on-error mode: each call resolves to its success body. */
export type ImThrowingClient = ThrowingClient<paths> & OfInterface<'im-v1'>;

/**
 * The same client, each call resolving to the documented success body (no `data!`) and throwing
 * `ImResponseError` for any other status; network failures stay ClientNetworkError.
 */
export const throwOnError: (client: ImClient) => ImThrowingClient = /* @__PURE__ */ throwOnErrorWith(ImResponseError);
