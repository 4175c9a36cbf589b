// What this client takes from the contract (specs/dist/sms-v2.json); contract.test.ts checks each
// value against the bundle, so a spec change that moves one fails the tests.

/** The server URL's path after `{base_url}`. */
export const BASE_PATH = '/rest/sms/v2';

/** The header of the `apiKey` security scheme (section 5: `Authorization: <API_KEY>`). */
export const API_KEY_HEADER = 'Authorization';
