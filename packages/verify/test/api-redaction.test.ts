// The programmatic API's report is redacted as the command's is (README, "Safety"): what verify()
// returns, junitOf of it, and the progress lines it prints hold no credential, and the report's own
// keys and fixed vocabulary (check names, operations, sections) stay as they are whatever the
// credentials spell.
import { startSandbox } from '@messaging-contracts/sandbox';
import { describe, expect, it } from 'vitest';
import { junitOf, reportOf, verify } from '../src/index.js';

describe('the API report holds no credential', () => {
  it('a gateway password that is also in A\'s example body appears in no returned report, JUnit or printed line', async () => {
    const credentials = { 'gateway-v1': { username: 'Acme', password: 'order-2291' } };
    const sandbox = await startSandbox({ port: 0, credentials });
    try {
      // A refusal, so that a failure with its curl (the example body) is printed and reported.
      sandbox.faults.inject({ operation: 'gateway-v1.sendMessage', status: 400, times: 1 });
      const lines: string[] = [];
      const report = await verify({ baseUrl: sandbox.url, credentials, apis: ['gateway-v1'], sandboxControl: true, generated: 0, print: (line) => lines.push(line) });
      expect(report.failed).toBeGreaterThan(0);
      const token = Buffer.from('Acme:order-2291').toString('base64');
      for (const text of [JSON.stringify(report), junitOf(report), lines.join('\n')]) {
        expect(text).not.toContain('order-2291');
        expect(text).not.toContain(token);
        expect(text).toContain('[redacted]');
      }
    } finally {
      await sandbox.close();
    }
  });

  it('the report of a run that stopped (reportOf) is redacted too', async () => {
    const credentials = { 'gateway-v1': { username: 'Acme', password: 'order-2291' } };
    const sandbox = await startSandbox({ port: 0, credentials });
    try {
      sandbox.faults.inject({ operation: 'gateway-v1.sendMessage', status: 400, times: 1 });
      const error = await verify({ baseUrl: sandbox.url, credentials, apis: ['gateway-v1'], generated: 0, maxRequests: 3 }).catch((e: unknown) => e);
      const partial = reportOf(error);
      // In the API the budget is named by its option (the command names its flag, --max-requests).
      expect(partial?.stopped).toContain('the request budget is spent (maxRequests 3); raise it or narrow the run with apis');
      expect(partial!.failed).toBeGreaterThan(0);
      expect(JSON.stringify(partial)).not.toContain('order-2291');
      expect(junitOf(partial!)).not.toContain('order-2291');
    } finally {
      await sandbox.close();
    }
  });

  it('an API key that spells a check name (`accepted`) leaves the check names and operations as they are', async () => {
    const credentials = { 'im-v1': { apiKey: 'accepted' } };
    const sandbox = await startSandbox({ port: 0, credentials });
    try {
      sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 500, times: 1 });
      const report = await verify({ baseUrl: sandbox.url, credentials, apis: ['im-v1'], sandboxControl: true, generated: 0 });
      const checks = new Set(report.checks.map((c) => c.check));
      expect(checks).toContain('accepted');
      expect(checks).not.toContain('[redacted]');
      expect(report.checks.every((c) => c.operation.startsWith('im-v1.'))).toBe(true);
      expect(junitOf(report)).toContain('name="accepted (section 4.3)');
    } finally {
      await sandbox.close();
    }
  });
});
