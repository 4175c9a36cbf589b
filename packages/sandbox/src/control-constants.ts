// What the control API's server and its typed client share (control-api/openapi.yaml names both;
// test/control-api.test.ts holds them to it).

/** The server URL's path after `{origin}`. */
export const CONTROL_BASE_PATH = '/__sandbox';
/** The header of the `controlToken` security scheme. */
export const CONTROL_TOKEN_HEADER = 'x-sandbox-control-token';
