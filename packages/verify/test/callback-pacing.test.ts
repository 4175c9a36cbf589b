// The wait for the status callbacks against a target that paces C's callbacks at the rate the
// verifier's own answer asks for (X-RateLimit-Limit, section 4.3): the run's messages queue their
// callbacks ahead of the one awaited (the trial: sandbox callbacks to --listen, progress
// sent>received, every C message's callbacks at 10 a second).
import { createServer } from 'node:net';
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLBACK_RATE_LIMIT, verify } from '../src/index.js';

let sandbox: Sandbox;
let port: number;
beforeEach(async () => {
  // A free port for the receiver, known before the run, so the sandbox can be pointed at it as a
  // deployment would be (no --sandbox-control: the progression sends the callbacks).
  port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  sandbox = await startSandbox({ port: 0, callbacks: { imStatus: `http://127.0.0.1:${port}/im/status`, smsStatus: `http://127.0.0.1:${port}/sms/status` } });
  sandbox.progress.set({ states: ['sent', 'received'], delayMs: 200 });
});
afterEach(() => sandbox.close());

describe("C's callbacks paced at the verifier's own rate", () => {
  it('the default wait grows by 1000 / rate ms for each paced callback that arrives during it, so the probe queued behind the run\'s others arrives', async () => {
    const report = await verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, apis: ['sms-v2', 'im-v1'], listen: port });
    expect(report.checks.filter((c) => c.check === 'callback-received' && !c.passed)).toEqual([]);
    expect(report.checks.find((c) => c.check === 'callback-received' && c.operation === 'im-v1.statusCallback')?.passed).toBe(true);
    // The run's own messages put more callbacks ahead of the probe than the base wait lets through.
    const arrived = report.checks.filter((c) => c.check === 'callback-body').length;
    expect(arrived).toBeGreaterThan((3000 / 1000) * CALLBACK_RATE_LIMIT);
  });

  it('a wait given is kept as given, and its failure says how many callbacks arrived meanwhile, at what pace, and names the option', async () => {
    const report = await verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, apis: ['im-v1'], listen: port, generated: 0, callbackTimeoutMs: 1000 });
    const received = report.checks.find((c) => c.check === 'callback-received')!;
    expect(received.passed).toBe(false);
    expect(received.message).toMatch(
      new RegExp(
        `^no statusCallback arrived at http://127\\.0\\.0\\.1:${port}/im/status within 1000 ms; \\d+ other callbacks? arrived there during the wait, paced at the 10 a second the verifier's answer asks for \\(X-RateLimit-Limit, section 4\\.3\\), so the awaited one may be queued behind the run's other callbacks; a longer wait: callbackTimeoutMs$`,
      ),
    );
    expect(Number(/; (\d+) other/.exec(received.message!)![1])).toBeGreaterThan(0);
  });

  it('when no callback arrived, the failure says so and does not speak of a queue', async () => {
    sandbox.setCallbackUrls({ imStatus: '', smsStatus: '' });
    const report = await verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, apis: ['im-v1'], listen: port, generated: 0, callbackTimeoutMs: 300 });
    const received = report.checks.find((c) => c.check === 'callback-received')!;
    expect(received.message).toBe(`no statusCallback arrived at http://127.0.0.1:${port}/im/status within 300 ms; 0 other callbacks arrived there during the wait; a longer wait: callbackTimeoutMs`);
  });
});
