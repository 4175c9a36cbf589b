// The opt-in throw-on-error mode of interface D's client: `throwOnError(createXClient(...))`.
// Its own module: a bundle that never calls throwOnError contains none of it.
import { type ErrorBodyOf, type OfInterface, ResponseError, type ThrowingClient, throwOnErrorWith } from '@messaging-contracts/client-core';
import type { CampaignManagerPaths } from './paths.js';
import type { CampaignManagerClient } from './client.js';

/** Every documented error body of interface D: DefaultError, or a plain string for DELETE /lists/{list_id} and POST /delete_multiple_lists. */
export type CampaignManagerErrorBody = ErrorBodyOf<CampaignManagerPaths>;

/** An answer of interface D outside 2XX, in throw-on-error mode: `status`, `body` (typed), `operation`, `response`. */
export class CampaignManagerResponseError extends ResponseError<CampaignManagerErrorBody> {
  override readonly name = 'CampaignManagerResponseError';
}

/** Interface D's client in throw-on-error mode: each call resolves to its success body. */
export type CampaignManagerThrowingClient = ThrowingClient<CampaignManagerPaths> & OfInterface<'campaign-manager-v1'>;

/**
 * The same client, each call resolving to the documented success body (no `data!`) and throwing
 * `CampaignManagerResponseError` for any other status; network failures stay ClientNetworkError.
 */
export const throwOnError: (client: CampaignManagerClient) => CampaignManagerThrowingClient = /* @__PURE__ */ throwOnErrorWith(CampaignManagerResponseError);
