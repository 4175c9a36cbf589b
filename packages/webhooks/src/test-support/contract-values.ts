// Contract values the tests exercise the receivers with, read from the bundles: a legitimate change
// of the spec document (a state added, a limit moved) fails no test of the mechanism. The document's
// values themselves are pinned once, by `pnpm audit-document` (ARCHITECTURE.md).
import { schemaValue } from '@messaging-contracts/test-kit/schema-value';
import { loadBundle } from '@messaging-contracts/validators/generator';

const smsV2 = loadBundle('sms-v2');
const imV1 = loadBundle('im-v1');

/** Sections 2.2 and 3: B's message states. */
export const smsV2Statuses: readonly string[] = schemaValue(smsV2, 'MessageStatus', undefined, 'enum');

/** Sections 2.3 and 3: C's message states. */
export const imV1Statuses: readonly string[] = schemaValue(imV1, 'MessageStatus', undefined, 'enum');

/** Sections 2.3 and 8: C's status callback `detail` and `id` limits. */
export const imV1DetailMaxLength: number = schemaValue(imV1, 'StatusCallback', 'detail', 'maxLength');
export const imV1IdMaxLength: number = schemaValue(imV1, 'StatusCallback', 'id', 'maxLength');

/** Section 2.3: C's LongString pattern (ShortString's is the same). */
export const imV1TextPattern = new RegExp(schemaValue(imV1, 'LongString', undefined, 'pattern'), 'u');

export const uuid = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';
