// Typed validators of the three callback bodies of section 6, over the shared validators of
// @messaging-contracts/validators (compiled from the bundles' callback schemas).
import type {
  ReplyCallback as SmsV2ReplyCallback,
  StatusCallback as SmsV2StatusCallback,
} from '@messaging-contracts/sms-v2-types';
import type { StatusCallback as ImV1StatusCallback } from '@messaging-contracts/im-v1-types';
import { callbacks as imV1Callbacks } from '@messaging-contracts/validators/im-v1';
import { callbacks as smsV2Callbacks } from '@messaging-contracts/validators/sms-v2';
import type { Validator as BodyValidator, Violation } from '@messaging-contracts/validators';

export type { ImV1StatusCallback, SmsV2ReplyCallback, SmsV2StatusCallback };

/** The typed body, or why it is not one. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; violations: Violation[] };

/** Checks a parsed JSON value against one callback body schema. Never throws; never copies the body. */
export type Validator<T> = (body: unknown) => ValidationResult<T>;

function bodyOf(table: typeof smsV2Callbacks, operationId: string): BodyValidator {
  const body = table[operationId]?.body;
  if (!body) throw new Error(`@messaging-contracts/validators has no callback body ${operationId}`);
  return body;
}

const smsV2Status = bodyOf(smsV2Callbacks, 'receiveStatusCallback');
const smsV2Reply = bodyOf(smsV2Callbacks, 'receiveReplyCallback');
const imV1Status = bodyOf(imV1Callbacks, 'receiveStatusCallback');

// A failing validator returns a fresh array (only the valid result is shared and frozen), so
// handing it on as mutable is safe.
const invalid = (violations: readonly Violation[]) => ({ ok: false as const, violations: violations as Violation[] });

// Three spelled-out functions rather than one factory: each call site then sees a single
// validator, which V8 can inline (a shared closure would see three).

/** B status callback body (section 2.2): `id`, `status`, `detail`, all optional. */
export const validateSmsV2StatusCallback: Validator<SmsV2StatusCallback> = (body) => {
  const violations = smsV2Status(body);
  return violations.length === 0 ? { ok: true, value: body as SmsV2StatusCallback } : invalid(violations);
};

/** B reply callback body (section 2.2): `id`, `source`, `destination`, `content`, `operator`, all optional. */
export const validateSmsV2ReplyCallback: Validator<SmsV2ReplyCallback> = (body) => {
  const violations = smsV2Reply(body);
  return violations.length === 0 ? { ok: true, value: body as SmsV2ReplyCallback } : invalid(violations);
};

/** C status callback body (section 2.3): `id` (at most 36), `detail` (at most 255), `status`. */
export const validateImV1StatusCallback: Validator<ImV1StatusCallback> = (body) => {
  const violations = imV1Status(body);
  return violations.length === 0 ? { ok: true, value: body as ImV1StatusCallback } : invalid(violations);
};
