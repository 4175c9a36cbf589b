// One wrong answer injected into a real sandbox (its fault injection: the next call of an operation
// answers the status given) is reported once for what it is. A 500 is no refusal (a refusal is a
// documented 4xx, README "Checks"), so on C it is not taken for a refusal of a delivery-attempt
// form (section 2.3) and fails the same two checks as on B; a documented 4xx refusal of C's
// example in a form the same run accepts later fails `accepted` once, saying so first, with the
// refused request's curl.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Report, verify } from '../src/index.js';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterEach(() => sandbox.close());

type Sending = 'sms-v2.sendMessage' | 'im-v1.sendMessage';
async function verifyWithFault(operation: Sending, status: number): Promise<Report> {
  sandbox.faults.inject({ operation, status });
  const api = operation.split('.')[0] as 'sms-v2' | 'im-v1';
  return verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, apis: [api], sandboxControl: true, callbackTimeoutMs: 1000 });
}
const failed = (report: Report) => report.checks.filter((c) => !c.passed);

describe('an injected 500 on sendMessage', () => {
  it("fails C's accepted and no-server-error once each, as B's: no refusal of a delivery-attempt form", async () => {
    const b = failed(await verifyWithFault('sms-v2.sendMessage', 500));
    const c = failed(await verifyWithFault('im-v1.sendMessage', 500));
    const shape = (checks: typeof b) => checks.map(({ check, subject, status }) => ({ check, subject, status }));
    const expected = [
      { check: 'accepted', subject: 'documented example 1', status: 500 },
      { check: 'no-server-error', subject: 'documented example 1', status: 500 },
    ];
    expect(shape(b)).toEqual(expected);
    expect(shape(c)).toEqual(expected);
    expect(c.map((check) => check.message)).toEqual(['status 500, expected 202 or a documented 4xx refusal', 'status 500']);
    expect(c.every((check) => check.curl?.startsWith('curl -X POST '))).toBe(true);
  });
});

describe("an injected 4xx refusal of C's documented example in a form accepted later in the run", () => {
  it.each([400, 422])('%i fails accepted once, saying first what happened, with the refused request as its curl', async (status) => {
    const report = await verifyWithFault('im-v1.sendMessage', status);
    expect(failed(report)).toEqual([
      {
        check: 'accepted',
        section: '4.3',
        operation: 'im-v1.sendMessage',
        subject: 'documented example 1, in the form DeliveryAttempt of its /delivery_attempts/* elements',
        passed: false,
        status,
        message:
          `documented example 1 was refused with ${status}, yet generated body 1 (seed 1), in the same form, was accepted later in this run (202): ` +
          'the deployment takes that form, so the refusal was a wrong answer, not a choice of form (section 2.3); ' +
          'the curl is the refused request, and a run with the same seed sends the later one again',
        curl: expect.stringMatching(/^curl -X POST '[^']+\/rest\/im\/v1\/message' /),
      },
    ]);
    // The curl is the refused example's: its body is the bundle's first example, not a generated one.
    expect(failed(report)[0]!.curl).toContain('"delivery_attempts":[{"channel"');
    expect(report.notes.filter((note) => note.includes('elements are in the form'))).toEqual([]);
  });
});
