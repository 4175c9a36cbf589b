// A fault of a deployment that has answered is a failed check, not a stopped run: a connection
// dropped, an answer that is not HTTP, or no answer in time fails the check `answers` of that
// exchange (exit 1), and the run goes on to the other interfaces. Exit 2 stays for a target that
// never answered.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli-main.js';
import { type Report, verify } from '../src/index.js';
import { isCall, startDeviatingProxy, type Deviation } from './support/deviating-proxy.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const sendB = (request: Parameters<NonNullable<Deviation['fault']>>[0]) => isCall(request, 'POST', /\/rest\/sms\/v2\/messages$/);

async function behind<T>(deviation: Deviation, use: (url: string) => Promise<T>): Promise<T> {
  const proxy = await startDeviatingProxy(sandbox.url, deviation);
  try {
    return await use(proxy.url);
  } finally {
    await proxy.close();
  }
}
const run = (deviation: Deviation, timeoutMs = 5000) =>
  behind(deviation, (url) => verify({ baseUrl: url, credentials: sandbox.credentials, sandboxControl: true, apis: ['sms-v2', 'gateway-v1'], callbackTimeoutMs: 300, timeoutMs }));

const answersFailed = (report: Report, operation: string) => report.checks.filter((c) => c.check === 'answers' && !c.passed && c.operation === operation);

describe('a deployment that answered, then fails an exchange', () => {
  it.each([
    ['drop', /the connection closed before a complete answer/],
    ['garbage', /the answer is not HTTP/],
  ] as const)('%s on B sendMessage: a failed `answers` check, and A is still verified', async (fault, message) => {
    const report = await run({ fault: (request) => (sendB(request) ? fault : undefined) });
    const failed = answersFailed(report, 'sms-v2.sendMessage');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ section: '4.2' });
    expect(failed[0]!.message).toMatch(message);
    expect(report.stopped).toBeUndefined();
    // The other interface was verified, and passed.
    const a = report.checks.filter((c) => c.operation.startsWith('gateway-v1.'));
    expect(a.length).toBeGreaterThan(50);
    expect(a.filter((c) => !c.passed)).toEqual([]);
  });

  it('after three exchanges in a row without an answer, the rest of that interface is not sent: each a failed `answers` check saying why', async () => {
    const report = await run({ fault: (request) => (sendB(request) ? 'drop' : undefined) });
    const notSent = answersFailed(report, 'sms-v2.sendMessage').filter((c) => /not sent/.test(c.message ?? ''));
    expect(notSent.length).toBeGreaterThan(0);
    expect(notSent[0]!.message).toBe('not sent: sms-v2 gave no answer to 3 requests in a row');
  });

  it('a timeout is a failed `answers` check of that exchange, and the run goes on', async () => {
    const slowLookUp = (request: Parameters<NonNullable<Deviation['fault']>>[0]) => isCall(request, 'GET', /\/rest\/gateway\/messages\/\d+$/);
    const report = await behind({ fault: (request) => (slowLookUp(request) ? 'hold' : undefined) }, (url) =>
      verify({ baseUrl: url, credentials: sandbox.credentials, sandboxControl: true, apis: ['gateway-v1', 'sms-v2'], callbackTimeoutMs: 300, timeoutMs: 300 }),
    );
    const failed = answersFailed(report, 'gateway-v1.getMessage');
    expect(failed.length).toBeGreaterThan(0);
    expect(new Set(failed.map((c) => c.message))).toEqual(new Set(['no answer within 300 ms']));
    expect(report.checks.some((c) => c.operation.startsWith('sms-v2.') && c.passed)).toBe(true);
  });

  it('the command: exit 1 and the summary line, not exit 2', async () => {
    await behind({ fault: (request) => (sendB(request) ? 'drop' : undefined) }, async (url) => {
      let stdout = '';
      let stderr = '';
      const code = await main(['--base-url', url, '--sandbox-control', '--api', 'sms-v2', '--callback-timeout-ms', '300'], { SMS_V2_API_KEY: sandbox.credentials['sms-v2']!.apiKey }, {
        out: (t) => void (stdout += t),
        err: (t) => void (stderr += t),
      });
      expect(stderr).not.toContain('cannot reach');
      expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^verify: \d+ checks, [1-9]\d* failed$/);
      expect(code).toBe(1);
    });
  });
});
