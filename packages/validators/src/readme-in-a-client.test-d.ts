// The README's "In a client" example, type-checked (`pnpm lint`): readme-examples.test.ts checks
// that the code between the markers is the README's, character for character. The consumer test
// of tools/package-check compiles only each README's first example.
import type { ResponseViolationReport } from '@messaging-contracts/validators/client';

declare const baseUrl: string;
declare const apiKey: string;
declare const metrics: { increment(name: ResponseViolationReport['operationId']): void };

// README "In a client" (start)
import { createSmsClient } from '@messaging-contracts/sms-v2-client';
import { ContractViolationError, withValidation } from '@messaging-contracts/validators/client';
import * as smsV2 from '@messaging-contracts/validators/sms-v2';

const sms = withValidation(createSmsClient({ baseUrl, apiKey }), smsV2, {
  request: true,                // default: check body and parameters before sending
  response: 'report',           // default; 'throw' or 'off'
  onResponseViolation: (report) => metrics.increment(report.operationId), // default: one console.warn line
});

try {
  await sms.GET('/messages', { params: { query: { id: 'not-a-uuid' } } });
} catch (error) {
  if (error instanceof ContractViolationError) error.violations; // [{ pointer: '/query/id', rule: 'format', message: 'must be a valid uuid', ... }]
}
// README "In a client" (end)
