// What this client takes from the contract (specs/dist/im-v1.json); contract.test.ts checks each
// value against the bundle, so a spec change that moves one fails the tests.
import type { RetryAfterRule } from '@messaging-contracts/client-core';

/** The server URL's path after `{base_url}`. */
export const BASE_PATH = '/rest/im/v1';

/** The header of the `apiKey` security scheme (section 5: an API key in the header `authorization`). */
export const API_KEY_HEADER = 'authorization';

/** The RetryAfter header of section 8: integer seconds, 10 to 1000. */
export const RETRY_AFTER: RetryAfterRule = { header: 'RetryAfter', minSeconds: 10, maxSeconds: 1000 };
