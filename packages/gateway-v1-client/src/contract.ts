// What this client takes from the contract (specs/dist/gateway-v1.json); contract.test.ts checks
// each value against the bundle, so a spec change that moves one fails the tests.

/** The server URL's path after `{base_url}`. */
export const BASE_PATH = '/rest/gateway';

/**
 * The vendor media type requests may use instead of `application/json` (section 4.1), with the
 * vendor token the document hides: RFC 6838 restricted-name characters between `vnd.` and
 * `.gateway.v1+json`.
 */
export const VENDOR_MEDIA_TYPE = /^application\/vnd\.[A-Za-z0-9!#$&^_.+-]+\.gateway\.v1\+json$/;

/**
 * The token the contract keys the vendor media type with (`x-vendor-token.placeholder`): the
 * document hides the real one, so `application/vnd.vendor.gateway.v1+json` is not a type to send.
 */
export const VENDOR_TOKEN_PLACEHOLDER = 'vendor';
