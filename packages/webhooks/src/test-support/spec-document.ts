// Values copied from the spec document (../shared/messaging-interfaces.md), not from the bundles:
// the tests hold the bundles and the package to what the document says.

/** Section 2.2 and 3: B's twelve message states. */
export const smsV2Statuses = [
  'accepted',
  'queued',
  'submitted',
  'sent',
  'received',
  'blocked',
  'deficient',
  'frozen',
  'rejected',
  'failed',
  'dead',
  'expired',
] as const;

/** Section 2.3 and 3: C's ten message states. */
export const imV1Statuses = [
  'accepted',
  'submitted',
  'sent',
  'received',
  'read',
  'frozen',
  'rejected',
  'failed',
  'dead',
  'expired',
] as const;

/** Section 2.3 and 8: C's status callback `detail` and `id` limits. */
export const imV1DetailMaxLength = 255;
export const imV1IdMaxLength = 36;

/** Section 2.3: C's LongString and ShortString pattern. */
export const imV1TextPattern = /^[-_ a-zA-Z0-9]+$/;

export const uuid = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';
