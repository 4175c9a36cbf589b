import { type CommonClientOptions, type OfInterface, coreClient, type HeaderAuth, headerAuth, type StrictClient } from '@messaging-contracts/client-core';
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
 * bodies and parameters. `GET /openapi.yaml` is JSON of no documented schema (sections 4.2 and the
 * document's opening): asked for as `application/json`, its `data` is the parsed JSON (`unknown`).
 */
export type SmsClient = StrictClient<SmsPaths> & OfInterface<'sms-v2'>;

export function createSmsClient(options: SmsClientOptions): SmsClient {
  const { apiKey, ...common } = options;
  return coreClient<SmsPaths, HeaderAuth>(
    {
      ...common,
      basePath: BASE_PATH,
      auth: { type: 'header', name: API_KEY_HEADER, value: apiKey },
    },
    headerAuth,
  );
}
