export {
  type Auth,
  type AuthHeader,
  authHeader,
  type BasicAuth,
  basicAuth,
  basicSecrets,
  CREDENTIAL_RULES,
  type CredentialRule,
  type HeaderAuth,
  headerAuth,
  secretForms,
} from './auth.js';
export { assertSafeBaseUrl, resolveBaseUrl } from './base-url.js';
export {
  type CommonClientOptions,
  type CoreClientOptions,
  coreClient,
  createCoreClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
} from './client.js';
export { ClientNetworkError, type NetworkErrorKind } from './errors.js';
export { DEFAULT_RETRIES, type RetryAfterRule, type RetryOptions, type RetryPolicy, retryPolicy } from './retry.js';
export type { BigintPathParameters, WithBigintPathParameters } from './bigint-path-parameters.js';
export type { Exact, OfInterface, StrictClient, StrictMethod } from './strict-client.js';
export { integerPathSerializer } from './params.js';
export { firstUnsafeInteger, type IntegerCheck, unsafeIntegers } from './unsafe-integers.js';
export {
  type ErrorBodyOf,
  ResponseError,
  type ThrowingClient,
  type ThrowingMethod,
  throwingClient,
  throwOnErrorWith,
} from './throw-on-error.js';
