// Typed validators over the generated standalone code (src/generated/, compiled from the bundles'
// callback schemas by scripts/generate-validators.ts).
import type {
  ReplyCallback as SmsV2ReplyCallback,
  StatusCallback as SmsV2StatusCallback,
} from '@messaging-contracts/sms-v2-types';
import type { StatusCallback as ImV1StatusCallback } from '@messaging-contracts/im-v1-types';
import imV1StatusRaw from './generated/im-v1-status-callback.js';
import smsV2ReplyRaw from './generated/sms-v2-reply-callback.js';
import smsV2StatusRaw from './generated/sms-v2-status-callback.js';
import { type RawValidator, type RootContext, type Violation, violationReader } from './violations.js';

export type { ImV1StatusCallback, SmsV2ReplyCallback, SmsV2StatusCallback };

/** The typed body, or why it is not one. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; violations: Violation[] };

/** Checks a parsed JSON value against one callback body schema. Never throws; never copies the body. */
export type Validator<T> = (body: unknown) => ValidationResult<T>;

const smsV2Status = smsV2StatusRaw as RawValidator;
const smsV2Reply = smsV2ReplyRaw as RawValidator;
const imV1Status = imV1StatusRaw as RawValidator;
const smsV2StatusViolations = violationReader(smsV2Status);
const smsV2ReplyViolations = violationReader(smsV2Reply);
const imV1StatusViolations = violationReader(imV1Status);

// The generated signature, `(data, {instancePath = "", ..., dynamicAnchors = {}} = {})`, builds two
// objects per call when called with one argument. Passing one frozen context skips that; the
// generator refuses schemas whose code would write into it ($dynamicAnchor).
const root: RootContext = Object.freeze({ instancePath: '', dynamicAnchors: Object.freeze({}) });

// Three spelled-out functions rather than one factory: each call site then sees a single
// generated validator, which V8 can inline (a shared closure would see three).

/** B status callback body (section 2.2): `id`, `status`, `detail`, all optional. */
export const validateSmsV2StatusCallback: Validator<SmsV2StatusCallback> = (body) =>
  smsV2Status(body, root) ? { ok: true, value: body as SmsV2StatusCallback } : { ok: false, violations: smsV2StatusViolations() };

/** B reply callback body (section 2.2): `id`, `source`, `destination`, `content`, `operator`, all optional. */
export const validateSmsV2ReplyCallback: Validator<SmsV2ReplyCallback> = (body) =>
  smsV2Reply(body, root) ? { ok: true, value: body as SmsV2ReplyCallback } : { ok: false, violations: smsV2ReplyViolations() };

/** C status callback body (section 2.3): `id` (at most 36), `detail` (at most 255), `status`. */
export const validateImV1StatusCallback: Validator<ImV1StatusCallback> = (body) =>
  imV1Status(body, root) ? { ok: true, value: body as ImV1StatusCallback } : { ok: false, violations: imV1StatusViolations() };
