// Compile-time only (`npm run typecheck`, TypeScript 5.9 and 7; vitest runs test/**/*.test.ts): each
// client package exports a `throwOnError`, and an auto-import easily picks the other interface's.
// Each line below must fail to compile; an unused @ts-expect-error fails the type-check.
import { createImClient, throwOnError as imThrowOnError } from '@messaging-contracts/im-v1-client';
import { createSmsClient, throwOnError as smsThrowOnError } from '@messaging-contracts/sms-v2-client';
import { withValidation } from '@messaging-contracts/validators/client';
import * as imV1 from '@messaging-contracts/validators/im-v1';
import * as smsV2 from '@messaging-contracts/validators/sms-v2';

const baseUrl = 'http://127.0.0.1:4010';
const im = createImClient({ baseUrl, apiKey: 'key' });
const sms = createSmsClient({ baseUrl, apiKey: 'key' });

// @ts-expect-error B's throwOnError takes B's client only (C's answers would be typed as B's)
smsThrowOnError(im);
// @ts-expect-error C's throwOnError takes C's client only
imThrowOnError(sms);
// @ts-expect-error B's client checked against C's contract
withValidation(sms, imV1);
// @ts-expect-error C's client checked against B's contract
withValidation(im, smsV2);

// Each with its own, as src/messaging.ts does.
export const throwing = [smsThrowOnError(withValidation(sms, smsV2)), imThrowOnError(withValidation(im, imV1))];
