// Section 6 says B pushes status callbacks and reply callbacks but not whether they share an
// address, and both bodies have only optional fields (section 2.2). A body is classified by the
// fields only one of the two schemas defines; it is never guessed.
import {
  type SmsV2ReplyCallback,
  type SmsV2StatusCallback,
  validateSmsV2ReplyCallback,
  validateSmsV2StatusCallback,
} from './validators.js';
import type { Violation } from './violations.js';

/** Fields only B's StatusCallback has. */
export const statusOnlyFields = ['status', 'detail'] as const;
/** Fields only B's ReplyCallback has. */
export const replyOnlyFields = ['source', 'destination', 'content', 'operator'] as const;

export type SmsV2Classification =
  | { kind: 'status'; value: SmsV2StatusCallback }
  | { kind: 'reply'; value: SmsV2ReplyCallback }
  /** Has fields of both kinds, or of neither (`{}`, `{ id }`, only unknown fields). */
  | { kind: 'ambiguous'; reason: 'both' | 'neither' }
  /** Not an object, or a field of the chosen kind breaks its schema. */
  | { kind: 'invalid'; violations: Violation[] };

const has = (body: object, key: string) => Object.prototype.hasOwnProperty.call(body, key);

/**
 * Classifies a parsed B callback body received at an address shared by status and reply callbacks.
 *
 * - `status` when it has `status` or `detail` and none of `source`, `destination`, `content`, `operator`;
 * - `reply` when it has one of `source`, `destination`, `content`, `operator` and neither `status` nor `detail`;
 * - `ambiguous` otherwise: both kinds of field, or neither (`{}` or `{ "id": ... }` fit both schemas);
 * - `invalid` when the body is not an object or breaks the schema of its kind.
 *
 * A field counts as present when the key is there, whatever its value (`"status": null` makes a
 * status body, which then fails validation). `id` and unknown fields decide nothing.
 */
export function classifySmsV2Callback(body: unknown): SmsV2Classification {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { kind: 'invalid', violations: [{ pointer: '', property: '', rule: 'type', message: 'must be an object' }] };
  }
  const status = statusOnlyFields.some((key) => has(body, key));
  const reply = replyOnlyFields.some((key) => has(body, key));
  if (status === reply) return { kind: 'ambiguous', reason: status ? 'both' : 'neither' };
  if (status) {
    const result = validateSmsV2StatusCallback(body);
    return result.ok ? { kind: 'status', value: result.value } : { kind: 'invalid', violations: result.violations };
  }
  const result = validateSmsV2ReplyCallback(body);
  return result.ok ? { kind: 'reply', value: result.value } : { kind: 'invalid', violations: result.violations };
}
