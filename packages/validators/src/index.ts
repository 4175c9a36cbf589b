// @messaging-contracts/validators: the shared types and helpers. The validators themselves are
// imported per interface (`@messaging-contracts/validators/sms-v2`, ...), so a bundle carries only
// the interfaces it uses; the client wrapper is `@messaging-contracts/validators/client`.
export type {
  DaysAheadRule,
  GeneratedOperation,
  OperationShape,
  OperationValidators,
  TypedOperations,
  TypedOperationValidators,
  ValidateOptions,
  Validator,
} from './runtime.js';
export { findOperation, findResponseValidator, findRoute, type OperationRoute, type ValidatorSet } from './lookup.js';
export { defaultMaxViolations, isSafeText, toSafeText, pointerTokens, propertyOf, toViolation, type RawError, type RawValidator, type Violation } from './violations.js';
// For another document's validators compiled by this package's generator (the sandbox's control API).
export { operationTable } from './runtime.js';
export { MAX_JSON_DEPTH, closingQuote, exceedsDepth, scanJsonText, type JsonTextScan } from './json-depth.js';
export { hasUtf8Charset, isChunkedOnly, isIdentityEncoding } from './json-transport.js';
