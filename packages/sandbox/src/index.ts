export { startSandbox, DEFAULT_HOST, DEFAULT_MAX_CONNECTIONS_BEYOND_LOOPBACK, DEFAULT_PORT, type HttpsSandbox, type Sandbox, type SandboxControl, type SandboxOptions, type SandboxSession, type SetStatusOptions, type ReplyInput, MEMORY_DEFAULTS, type MemoryOptions } from './sandbox.js';
export { SESSION_DEFAULTS, type SessionOptions } from './sessions.js';
export { API_IDS, type ApiId, type Json, basePath, bundle, deref } from './contract.js';
export type { Credentials, CredentialsOption, BasicCredentials, ApiKeyCredentials } from './credentials.js';
export { CREDENTIAL_ERROR_CODE, SandboxCredentialError } from './credentials.js';
export { CALLBACK_DEFAULTS, type CallbackKind, type CallbackOptions, type CallbackUrls, type Delivery, type DeliveryAttempt } from './callbacks.js';
export { MAX_LATENCY_MS, type FaultSpec } from './faults.js';
export type { MessageState, OperationKey } from './control-types.js';
export { DEFAULT_REQUEST_LOG_SIZE, REDACTED, type RecordedRequest } from './recorder.js';
export { DEFAULT_STORE_CAP, type StoreCaps } from './state.js';
export { DEFAULT_MAX_BODY_BYTES } from './http-io.js';
export { CONTROL_PREFIX } from './control.js';
export { DEFAULT_CLOCK_START, DEFAULT_CLOCK_STEP_MS } from './ids.js';
export { MAX_FIXTURES_BYTES, readFixtures, type Fixtures } from './fixtures.js';
export { integerFlags, type IntegerFlag } from './integer-flag.js';
export { isStrayArgument, strayArgumentMessage } from './stray-argument.js';
export { describeFetchFailure, fetchFailureCode } from './fetch-failure.js';
export { isLoopbackDestination } from './loopback.js';
/** The media types a request body may have, as the sandbox matches them (A's vendor type with any token in place of its placeholder). */
export { mediaTypePattern } from './routes.js';
/** The redaction of credentials from recorded text, shared with the verifier's reports (one rule, client-core's: 8 characters or more wherever it occurs, shorter as a value of its own). */
export { SecretRedactor } from './redaction.js';
