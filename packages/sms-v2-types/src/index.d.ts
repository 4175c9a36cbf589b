// Short names for the generated types of interface B (SMS v2). The generated file is the contract;
// this file only names its parts. SingleMessage has a readOnly `id`, so it is named twice: the
// plain name is the shape the service describes (readOnly `id` typed), `SingleMessageInput` the
// body a request carries (`id` excluded), as openapi-fetch types them.
import type { Readable, Writable, components, operations, paths, webhooks } from './generated/schema.js';

export type { components, operations, paths, webhooks };
// For a fetch wrapper of one's own (README, "Without openapi-fetch"): the types that remove the
// readOnly markers `paths` carries, and the bodies by path, method and status with them removed.
export type { $Read, $Write, MethodOf, Readable, RequestBody, ResponseBody, StatusOf, Writable } from './generated/schema.js';

type Schemas = components['schemas'];

/** A single SMS (section 2.2), as described, readOnly `id` included. */
export type SingleMessage = Readable<Schemas['SingleMessage']>;
/** The body of `POST /messages`: a SingleMessage without its readOnly `id`. */
export type SingleMessageInput = Writable<Schemas['SingleMessage']>;
/** The message states (sections 2.2 and 3). */
export type MessageStatus = Schemas['MessageStatus'];
/** Body of the status callback; the 202 reply of `POST /messages` is shaped as it (section 2.2). */
export type StatusCallback = Schemas['StatusCallback'];
/** The 202 reply of `POST /messages`: a StatusCallback whose `status`, when present, is `accepted` (sections 3 and 4.2). */
export type SendMessageReply = operations['sendMessage']['responses'][202]['content']['application/json'];
/** Body of the reply callback (section 2.2). */
export type ReplyCallback = Schemas['ReplyCallback'];
/** The 200 reply of `GET /messages` (section 2.2). */
export type MessageDetails = Schemas['MessageDetails'];
/** B's UUID string. */
export type Uuid = Schemas['Uuid'];
/** The error body of the 401, of the description endpoint's 404 and of the default responses (sections 2.2 and 7). */
export type ErrorBody = Schemas['ErrorBody'];

/** The status callback operation: the service POSTs a StatusCallback; the receiver answers 200. */
export type ReceiveStatusCallbackOperation = operations['receiveStatusCallback'];
/** The reply callback operation: the service sends a ReplyCallback (POST is the contract's choice; section 6 shows no method). */
export type ReceiveReplyCallbackOperation = operations['receiveReplyCallback'];
