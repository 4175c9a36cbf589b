// One receiver per callback of section 6, each usable as a Node handler and as a fetch handler.
import { classifySmsV2Callback, replyOnlyFields, statusOnlyFields } from './classify.js';
import { type CommonReceiverOptions, checkFunction, type Core, createCore, type Verdict } from './core.js';
import { imV1ErrorShape, smsV2ErrorShape } from './error-bodies.js';
import { type DualHandler, dualHandler } from './callable.js';
import { toFetchHandler } from './fetch.js';
import { toNodeHandler } from './node.js';
import {
  type ImV1StatusCallback,
  type SmsV2ReplyCallback,
  type SmsV2StatusCallback,
  type Validator,
  validateImV1StatusCallback,
  validateSmsV2ReplyCallback,
  validateSmsV2StatusCallback,
} from './validators.js';

/** Your code for one valid callback body. The sender gets 200 once it resolves, 500 if it throws. */
export type CallbackHandler<T> = (body: T) => void | Promise<void>;

/**
 * The same receiver in both server APIs: `.node`, `.fetch`, or the receiver itself called either
 * way (so `createServer(receiver)` works as `createServer(receiver.node)` does).
 */
export type CallbackReceiver = DualHandler;

const receiver = (core: Core): CallbackReceiver => dualHandler('receiver', toNodeHandler(core), toFetchHandler(core));

function single<T>(validate: Validator<T>, handler: CallbackHandler<T>): (value: unknown) => Verdict {
  return (value) => {
    const result = validate(value);
    return result.ok
      ? { ok: true, value: result.value, handler }
      : { ok: false, reason: 'invalid_body', violations: result.violations };
  };
}

export interface SmsV2StatusReceiverOptions extends CommonReceiverOptions {
  onStatus: CallbackHandler<SmsV2StatusCallback>;
}

/** B's status callback (sections 2.2, 4.2, 6). Errors in B's ErrorBody shape. */
export function createSmsV2StatusReceiver(options: SmsV2StatusReceiverOptions): CallbackReceiver {
  checkFunction('onStatus', options?.onStatus);
  return receiver(
    createCore({
      options,
      // Section 4.2: "Header `Content-Type: application/json` is sent."
      contentTypeStated: true,
      errorShape: smsV2ErrorShape,
      successHeaders: {},
      interpret: single(validateSmsV2StatusCallback, options.onStatus),
    }),
  );
}

export interface SmsV2ReplyReceiverOptions extends CommonReceiverOptions {
  onReply: CallbackHandler<SmsV2ReplyCallback>;
}

/**
 * B's reply callback (sections 2.2, 6). The document shows no answer for it; this receiver answers
 * like the status callback: 200 when processed, ErrorBody otherwise.
 */
export function createSmsV2ReplyReceiver(options: SmsV2ReplyReceiverOptions): CallbackReceiver {
  checkFunction('onReply', options?.onReply);
  return receiver(
    createCore({
      options,
      // Not stated for the reply callback (section 6: its trigger and target are not shown).
      contentTypeStated: false,
      errorShape: smsV2ErrorShape,
      successHeaders: {},
      interpret: single(validateSmsV2ReplyCallback, options.onReply),
    }),
  );
}

export interface SmsV2CallbackReceiverOptions extends CommonReceiverOptions {
  onStatus: CallbackHandler<SmsV2StatusCallback>;
  onReply: CallbackHandler<SmsV2ReplyCallback>;
}

const ambiguityDetail = {
  both: `a body has status fields (${statusOnlyFields.join(', ')}) or reply fields (${replyOnlyFields.join(', ')}), not both`,
  neither: `a body needs a status field (${statusOnlyFields.join(', ')}) or a reply field (${replyOnlyFields.join(', ')})`,
} as const;

/**
 * B's status and reply callbacks at one address, told apart by `classifySmsV2Callback`. Bodies
 * that fit both schemas (`{}`, `{ "id": ... }`) or mix their fields are refused with 400, never guessed.
 */
export function createSmsV2CallbackReceiver(options: SmsV2CallbackReceiverOptions): CallbackReceiver {
  checkFunction('onStatus', options?.onStatus);
  checkFunction('onReply', options.onReply);
  const { onStatus, onReply } = options;
  return receiver(
    createCore({
      options,
      // A status callback states the header, a reply does not; which one came is known only from the body.
      contentTypeStated: false,
      errorShape: smsV2ErrorShape,
      successHeaders: {},
      interpret: (value) => {
        const kind = classifySmsV2Callback(value);
        switch (kind.kind) {
          case 'status':
            return { ok: true, value: kind.value, handler: onStatus };
          case 'reply':
            return { ok: true, value: kind.value, handler: onReply };
          case 'ambiguous':
            return { ok: false, reason: 'ambiguous_body', detail: ambiguityDetail[kind.reason] };
          case 'invalid':
            return { ok: false, reason: 'invalid_body', violations: kind.violations };
        }
      },
    }),
  );
}

export interface ImV1StatusReceiverOptions extends CommonReceiverOptions {
  onStatus: CallbackHandler<ImV1StatusCallback>;
  /**
   * Requests per second this receiver accepts, sent as `X-RateLimit-Limit` on every 200
   * (sections 4.3 and 8): an integer from 0 to 100. Required: it is a promise to the sender, so it
   * has no default.
   */
  rateLimit: number;
}

export function checkRateLimit(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) {
    throw new RangeError(
      `rateLimit must be an integer from 0 to 100 (the X-RateLimit-Limit header, section 8); got ${String(value)}`,
    );
  }
  return value;
}

/** C's status callback (sections 2.3, 4.3, 6). Errors in C's APIError shape. */
export function createImV1StatusReceiver(options: ImV1StatusReceiverOptions): CallbackReceiver {
  checkFunction('onStatus', options?.onStatus);
  const rateLimit = checkRateLimit(options.rateLimit);
  return receiver(
    createCore({
      options,
      // Not stated for C's callback (section 4.3).
      contentTypeStated: false,
      errorShape: imV1ErrorShape,
      successHeaders: { 'x-ratelimit-limit': String(rateLimit) },
      interpret: single(validateImV1StatusCallback, options.onStatus),
    }),
  );
}
