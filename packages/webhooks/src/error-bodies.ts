// Every non-200 answer carries the interface's own error shape: B's ErrorBody
// `{ message, statusCode, error }` (sections 2.2 and 7), C's APIError `{ code, message, errors }`
// (sections 2.3 and 7). For B's receivers that is this package's choice: section 4.2 gives them
// no answer but 200. Nothing from the request is echoed, and C's text fields keep to the
// LongString/ShortString pattern `^[-_ a-zA-Z0-9]+$`.
import type { components as SmsV2Components } from '@messaging-contracts/sms-v2-types';
import type { APIError } from '@messaging-contracts/im-v1-types';
import { isSafeText, pointerTokens, toSafeText, type Violation } from './violations.js';

export type SmsV2ErrorBody = SmsV2Components['schemas']['ErrorBody'];
export type ImV1APIError = APIError;

/** Why a callback was refused; also what `onError` is told. */
export type RejectionReason =
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'unsupported_encoding'
  | 'unsupported_transfer_coding'
  | 'body_too_large'
  | 'body_unreadable'
  | 'body_consumed'
  | 'body_timeout'
  | 'empty_body'
  | 'malformed_json'
  | 'body_too_deep'
  | 'duplicate_key'
  | 'invalid_body'
  | 'ambiguous_body'
  | 'handler_failed'
  | 'handler_timeout'
  | 'unauthenticated'
  | 'authenticate_failed';

/** HTTP status and message of each refusal; messages fit C's LongString so both shapes can use them. */
export const rejections: Readonly<Record<RejectionReason, { status: number; message: string }>> = {
  method_not_allowed: { status: 405, message: 'Only POST is allowed' },
  unsupported_media_type: { status: 415, message: 'Content-Type must be JSON' },
  unsupported_encoding: { status: 415, message: 'Content-Encoding must be identity' },
  // A transfer coding besides `chunked` (RFC 9112 section 6.1 suggests 501, which C's APIError code,
  // 200 to 500 by section 2.3, cannot carry): refused as a content coding is, 415.
  unsupported_transfer_coding: { status: 415, message: 'Transfer-Encoding must be chunked' },
  body_too_large: { status: 413, message: 'Body is too large' },
  body_unreadable: { status: 400, message: 'Body could not be read' },
  // Something in front of the receiver (a framework's body parser) read the body and kept it
  // elsewhere: a fault of the receiving side, so 500 and nothing acknowledged, never the sender's 400.
  body_consumed: { status: 500, message: 'Body was read before the receiver' },
  // The body did not arrive within bodyTimeoutMs (RFC 9110 section 15.5.9).
  body_timeout: { status: 408, message: 'Body was not received in time' },
  empty_body: { status: 400, message: 'Body is empty' },
  malformed_json: { status: 400, message: 'Body is not valid JSON' },
  // Arrays and objects nested deeper than MAX_JSON_DEPTH (64): no callback of section 6 nests past 2.
  body_too_deep: { status: 400, message: 'Body is nested too deeply' },
  // An object repeats a key (RFC 8259 section 4: its meaning is unpredictable); the violation names it.
  duplicate_key: { status: 400, message: 'Body repeats a key' },
  invalid_body: { status: 400, message: 'Invalid callback body' },
  ambiguous_body: { status: 400, message: 'Callback kind is ambiguous' },
  handler_failed: { status: 500, message: 'Internal server error' },
  // The sender sees a handler failure; onError is told it was the time limit.
  handler_timeout: { status: 500, message: 'Internal server error' },
  // Your `authenticate` hook said no (C documents 401 for its callback, section 4.3).
  unauthenticated: { status: 401, message: 'Authentication failed' },
  // Your `authenticate` hook threw or outlived handlerTimeoutMs: nothing is acknowledged.
  authenticate_failed: { status: 500, message: 'Internal server error' },
};

const reasonPhrases: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/** Serialises one refusal in an interface's error shape. */
export type ErrorShape = (reason: RejectionReason, violations?: readonly Violation[], detail?: string) => string;

/** B's message is free text, so it can say which values broke which rule (at most 10 of them). */
export const smsV2ErrorShape: ErrorShape = (reason, violations, detail) => {
  const { status, message } = rejections[reason];
  let text = message;
  if (detail) text += `: ${detail}`;
  else if (violations && violations.length > 0) {
    text += `: ${violations
      .slice(0, 10)
      .map((v) => `${v.pointer || 'body'} ${v.message}`)
      .join('; ')}`;
  }
  const body: SmsV2ErrorBody = { message: text, statusCode: status, error: reasonPhrases[status] ?? 'Error' };
  return JSON.stringify(body);
};

// APIError.errors holds at most 100 items (section 8).
const maxErrors = 100;

/**
 * C's `field` is a ShortString: the pointer's tokens joined with `-` (`detail`, `status`), left out
 * for the body itself or when a token falls outside the pattern.
 */
function fieldOf(pointer: string): string | undefined {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return undefined;
  const field = tokens.join('-');
  return field.length <= 256 && isSafeText(field) ? field : undefined;
}

export const imV1ErrorShape: ErrorShape = (reason, violations) => {
  const { status, message } = rejections[reason];
  const body: ImV1APIError = {
    code: status,
    message,
    errors: (violations ?? []).slice(0, maxErrors).map((v) => {
      const field = fieldOf(v.pointer);
      // A violation's message may name a pattern or enum values; C's description is a LongString.
      return field === undefined
        ? { code: status, description: toSafeText(`body ${v.message}`) }
        : { field, code: status, description: toSafeText(v.message) };
    }),
  };
  return JSON.stringify(body);
};
