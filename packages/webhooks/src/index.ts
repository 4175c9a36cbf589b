export {
  validateImV1StatusCallback,
  validateSmsV2ReplyCallback,
  validateSmsV2StatusCallback,
  type ImV1StatusCallback,
  type SmsV2ReplyCallback,
  type SmsV2StatusCallback,
  type ValidationResult,
  type Validator,
} from './validators.js';
export type { Violation } from './violations.js';
export { classifySmsV2Callback, replyOnlyFields, statusOnlyFields, type SmsV2Classification } from './classify.js';
export {
  createImV1StatusReceiver,
  createSmsV2CallbackReceiver,
  createSmsV2ReplyReceiver,
  createSmsV2StatusReceiver,
  type CallbackHandler,
  type CallbackReceiver,
  type ImV1StatusReceiverOptions,
  type SmsV2CallbackReceiverOptions,
  type SmsV2ReplyReceiverOptions,
  type SmsV2StatusReceiverOptions,
} from './receivers.js';
export {
  type Authenticate,
  type CallbackRequest,
  defaultBodyTimeoutMs,
  defaultHandlerTimeoutMs,
  defaultMaxBodyBytes,
  type CommonReceiverOptions,
  type ReceiverErrorEvent,
} from './core.js';
export { addressAllowlist, basicCredentials, secretPathSegment } from './authenticate.js';
export type { ImV1APIError, RejectionReason, SmsV2ErrorBody } from './error-bodies.js';
export type { NodeHandler } from './node.js';
export type { DualHandler } from './callable.js';
export { createCallbackRouter, type CallbackRouter, type CallbackRouterOptions, type CallbackRoutes } from './router.js';
export type { FetchHandler } from './fetch.js';
export {
  createMemoryDedupStore,
  deduplicate,
  DuplicateInFlightError,
  type DedupAdd,
  messageIdAndStatus,
  type DedupStore,
  type DeduplicateOptions,
  type MemoryDedupStore,
  type MemoryDedupStoreOptions,
} from './dedupe.js';
