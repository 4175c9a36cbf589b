// The opt-in throw-on-error mode of interface B's client: `throwOnError(createXClient(...))`.
// Its own module: a bundle that never calls throwOnError contains none of it.
import { type ErrorBodyOf, type OfInterface, ResponseError, type ThrowingClient, throwOnErrorWith } from '@messaging-contracts/client-core';
import type { SmsPaths } from './paths.js';
import type { SmsClient } from './client.js';

/** Every documented error body of interface B: ErrorBody. */
export type SmsErrorBody = ErrorBodyOf<SmsPaths>;

/** An answer of interface B outside 2XX, in throw-on-error mode: `status`, `body` (typed), `operation`, `response`. */
export class SmsResponseError extends ResponseError<SmsErrorBody> {
  override readonly name = 'SmsResponseError';
}

/** Interface B's client in throw-on-error mode: each call resolves to its success body. */
export type SmsThrowingClient = ThrowingClient<SmsPaths> & OfInterface<'sms-v2'>;

/**
 * The same client, each call resolving to the documented success body (no `data!`) and throwing
 * `SmsResponseError` for any other status; network failures stay ClientNetworkError.
 */
export const throwOnError: (client: SmsClient) => SmsThrowingClient = /* @__PURE__ */ throwOnErrorWith(SmsResponseError);
