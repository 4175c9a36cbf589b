// What this client takes from the contract (specs/dist/gateway-v1.json); contract.test.ts checks
// each value against the bundle, so a spec change that moves one fails the tests.

/** The server URL's path after `{base_url}`. */
export const BASE_PATH = '/rest/gateway';

/** VENDOR_MEDIA_TYPE after `application/vnd.`: the vendor token, then the rest of the subtype. */
export const VENDOR_TAIL = '[a-z0-9][a-z0-9!#$&^_.+-]{0,106}\\.gateway\\.v1\\+json';

/**
 * The vendor media type requests may use instead of `application/json` (section 4.1), with the
 * vendor token the document hides, without parameters. RFC 6838 (section 4.2): type and subtype
 * are case-insensitive restricted-names, each starting with a letter or digit and at most 127
 * characters long; the vendor token is held to the same first character.
 */
export const VENDOR_MEDIA_TYPE = /* @__PURE__ */ RegExp(`^application/vnd\\.${VENDOR_TAIL}$`, 'i');

/**
 * The token the contract keys the vendor media type with (`x-vendor-token.placeholder`): the
 * document hides the real one, so `application/vnd.vendor.gateway.v1+json` is not a type to send.
 */
export const VENDOR_TOKEN_PLACEHOLDER = 'vendor';
