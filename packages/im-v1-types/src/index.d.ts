// Short names for the generated types of interface C (fallback messaging, im v1). The generated
// file is the contract; this file only names its parts. No schema of C has readOnly fields.
import type { components, operations, paths, webhooks } from './generated/schema.js';

export type { components, operations, paths, webhooks };
// For a fetch wrapper of one's own (README, "Without openapi-fetch"): the types that remove the
// readOnly markers `paths` carries, and the bodies by path, method and status with them removed.
export type { $Read, $Write, MethodOf, Readable, RequestBody, ResponseBody, StatusOf, Writable } from './generated/schema.js';

type Schemas = components['schemas'];
type Headers = components['headers'];

/** Body of `POST /message` (section 2.3). */
export type MessagePostRequest = Schemas['MessagePostRequest'];
/** The 202 reply of `POST /message`: `{ id }` (section 4.3). */
export type MessagePostResponse = operations['sendMessage']['responses'][202]['content']['application/json'];
/** Where the message goes: an object with at least one property present; `contact_id`, `mobile` and `email` are each optional (section 2.3). */
export type Destination = Schemas['Destination'];
/** The message: at least two properties present, `type` required, beside it `text`, `media` or `template` (section 2.3; whether a `type` requires its like-named field is not shown). */
export type Message = Schemas['Message'];
export type TextMessage = Schemas['TextMessage'];
export type MediaMessage = Schemas['MediaMessage'];
export type TemplateMessage = Schemas['TemplateMessage'];
export type TemplateParameter = Schemas['TemplateParameter'];
/** One delivery attempt of the ordered fallback (section 2.3). */
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
/** A delivery attempt wrapped in one key naming it, such as a first or last attempt, as the request samples show (section 2.3; the key's name is not shown, any is typed). */
export type WrappedDeliveryAttempt = Schemas['WrappedDeliveryAttempt'];
/** One element of `delivery_attempts`: a `DeliveryAttempt`, or one wrapped in one key (section 2.3). */
export type DeliveryAttemptElement = Schemas['DeliveryAttemptElement'];
/** The delivery channels (section 2.3). */
export type Channel = Schemas['Channel'];
/** Defined by the interface, used by no endpoint (section 2.3). */
export type Source = Schemas['Source'];
export type ChannelSource = Schemas['ChannelSource'];
/** Body of the status callback (sections 2.3 and 6). */
export type StatusCallback = Schemas['StatusCallback'];
/** The message states (sections 2.3 and 3). */
export type MessageStatus = Schemas['MessageStatus'];
/** APIError (section 2.3): `code`, `message`, `errors`; the body of the callback receiver's 401, 429 and 500 (section 4.3). */
export type APIError = Schemas['APIError'];
/** The error body the samples show instead of APIError (section 7): `message`, `statusCode`, `error`, types not shown. */
export type ErrorSample = Schemas['ErrorSample'];
/** The error body of every documented failure of `POST /message` (section 7): an APIError or the samples' shape. */
export type APIErrorOrSample = Schemas['APIErrorOrSample'];
/** One entry of `APIError.errors`. Named as the spec document names it; it is not the global `Error`. */
export type Error = Schemas['Error'];
export type Uuid = Schemas['Uuid'];
export type E164 = Schemas['E164'];
export type Email = Schemas['Email'];
export type MimeType = Schemas['MimeType'];
export type Url = Schemas['Url'];
export type LongString = Schemas['LongString'];
export type ShortString = Schemas['ShortString'];

/** Response headers of section 8. */
export type XRateLimitLimit = Headers['X-RateLimit-Limit'];
export type RetryAfter = Headers['RetryAfter'];
export type ContentSecurityPolicy = Headers['Content-Security-Policy'];
export type StrictTransportSecurity = Headers['Strict-Transport-Security'];

/** The status callback operation: the service POSTs a StatusCallback; the receiver answers 200 (with X-RateLimit-Limit), or 401, 429, 500 with APIError. */
export type ReceiveStatusCallbackOperation = operations['receiveStatusCallback'];
