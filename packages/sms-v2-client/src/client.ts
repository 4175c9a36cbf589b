import { type CommonClientOptions, type StrictClient, createCoreClient } from '@messaging-contracts/client-core';
import { API_KEY_HEADER, BASE_PATH } from './contract.js';
import type { SmsPaths } from './paths.js';

export interface SmsClientOptions extends CommonClientOptions {
  /**
   * The credential sent as the `Authorization` header value, as is (section 5: the exact scheme
   * of the value is not shown in the spec document).
   */
  apiKey: string;
}

/**
 * An openapi-fetch client of interface B (`client.POST('/messages', { body })`, ...) with exact
 * bodies and parameters. `GET /openapi.yaml` has no documented body schema or media type: it is
 * sent with `Accept: application/yaml, *\/*` and its `data` is the body's text (pass another
 * `Accept` or `parseAs` to change that).
 */
export type SmsClient = StrictClient<SmsPaths>;

export function createSmsClient(options: SmsClientOptions): SmsClient {
  const { apiKey, ...common } = options;
  const client = createCoreClient<SmsPaths>({
    ...common,
    basePath: BASE_PATH,
    auth: { type: 'header', name: API_KEY_HEADER, value: apiKey },
  });
  type Init = { parseAs?: string; headers?: HeadersInit };
  const get = client.GET as (url: string, init?: Init) => Promise<never>;
  client.GET = ((url: string, init?: Init) => {
    if (url !== '/openapi.yaml') return get(url, init);
    // Section 4.2 documents no media type for the description: YAML first, anything accepted.
    const headers = new Headers(init?.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/yaml, */*');
    return get(url, { ...init, parseAs: init?.parseAs ?? 'text', headers });
  }) as SmsClient['GET'];
  return client;
}
