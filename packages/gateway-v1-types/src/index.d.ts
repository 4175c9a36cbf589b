// Short names for the generated types of interface A (gateway v1). The generated file is the
// contract; this file only names its parts. Schemas with readOnly fields are named twice: the
// plain name is the shape the service returns (readOnly fields present, typed), `<Name>Input` the
// shape a request carries (readOnly fields excluded), as openapi-fetch types them.
import type { Readable, Writable, components, operations, paths, webhooks } from './generated/schema.js';

export type { components, operations, paths, webhooks };
// For a fetch wrapper of one's own (README, "Without openapi-fetch"): the types that remove the
// readOnly markers `paths` carries, and the bodies by path, method and status with them removed.
export type { $Read, $Write, MethodOf, Readable, RequestBody, ResponseBody, StatusOf, Writable } from './generated/schema.js';

type Schemas = components['schemas'];

/** A single SMS to one handset, as the service returns it (section 2.1). */
export type Message = Readable<Schemas['Message']>;
/** The body of `POST /messages`: a Message without its readOnly `id`. */
export type MessageInput = Writable<Schemas['Message']>;
/** One SMS to many handsets, as the service describes it (section 2.1). */
export type MessageBroadcast = Readable<Schemas['MessageBroadcast']>;
/** The body of `POST /messages/broadcast`: a MessageBroadcast without its readOnly `id`. */
export type MessageBroadcastInput = Writable<Schemas['MessageBroadcast']>;
/** The 201 reply of `POST /messages`: the ids of the created messages. */
export type RestResponse = Schemas['RestResponse'];
/** The 201 reply of `POST /messages/broadcast`: one entry per destination. */
export type BroadcastRestResponse = Schemas['BroadcastRestResponse'];
/** One entry of a BroadcastRestResponse. */
export type BroadcastRestResponseItem = Schemas['BroadcastRestResponse'][number];
/** The error body of every failure (section 7). */
export type DefaultError = Schemas['DefaultError'];
