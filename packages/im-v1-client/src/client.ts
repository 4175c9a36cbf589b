import {
  type CommonClientOptions,
  type OfInterface,
  coreClient,
  type HeaderAuth,
  headerAuth,
  type RetryOptions,
  retryPolicy,
  type StrictClient,
} from '@messaging-contracts/client-core';
import type { paths } from '@messaging-contracts/im-v1-types';
import { API_KEY_HEADER, BASE_PATH, RETRY_AFTER } from './contract.js';

export interface ImClientOptions extends CommonClientOptions {
  /** The API key, sent as the `authorization` header value (section 5). */
  apiKey: string;
  /**
   * Retry on 429 (sections 7 and 8): when the response names a wait in `RetryAfter` (or the
   * standard `Retry-After`), wait that many seconds, clamped to the documented 10 to 1000, and
   * send the request again; at most `max` times (default 2), never past `timeoutMs`. A 429 that
   * names no wait is returned at once. `false` or `{ max: 0 }` returns every 429 at once.
   */
  retry?: RetryOptions | false;
}

/** An openapi-fetch client of interface C (`client.POST('/message', { body })`) with exact bodies. */
export type ImClient = StrictClient<paths> & OfInterface<'im-v1'>;

export function createImClient(options: ImClientOptions): ImClient {
  const { apiKey, retry, ...common } = options;
  return coreClient<paths, HeaderAuth>(
    {
      ...common,
      basePath: BASE_PATH,
      auth: { type: 'header', name: API_KEY_HEADER, value: apiKey },
      retry: retryPolicy(retry, RETRY_AFTER),
    },
    headerAuth,
  );
}
