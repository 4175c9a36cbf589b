// What this client takes from the contract (specs/dist/campaign-manager-v1.json); contract.test.ts
// checks each value against the bundle, so a spec change that moves one fails the tests.

/** The server URL's path after `{base_url}`. */
export const BASE_PATH = '/rest/campaign_manager/v1';

/** The path parameter that starts every path (section 4.4); the client fills it from its options. */
export const APPLICATION_NAME = 'application_name';
