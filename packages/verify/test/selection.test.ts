// --operation: a run of some operations only, the interfaces being theirs; the workflows that call
// one of them, and the callbacks their send triggers; mistakes named before anything is sent.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli-main.js';
import { UsageError, verify } from '../src/index.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

describe('--operation', () => {
  it("verifies only the named operation, with its interface's callbacks when it is the send that triggers them", async () => {
    const report = await verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, sandboxControl: true, operations: ['sms-v2.sendMessage'], callbackTimeoutMs: 2000 });
    expect(report.apis).toEqual(['sms-v2']);
    expect(report.failed).toBe(0);
    const operations = new Set(report.checks.map((c) => c.operation));
    // getMessage: the workflow that sends and then reads the message back runs, since it calls sendMessage.
    expect([...operations].sort()).toEqual(['sms-v2.getMessage', 'sms-v2.replyCallback', 'sms-v2.sendMessage', 'sms-v2.statusCallback']);
    expect(report.checks.filter((c) => c.operation === 'sms-v2.getMessage').every((c) => c.check === 'workflow' || c.subject.includes('workflow'))).toBe(true);
    expect(report.checks.filter((c) => c.operation === 'sms-v2.sendMessage').length).toBeGreaterThan(10);
  });

  it('an operation only a workflow reaches runs that workflow; no callbacks without their send', async () => {
    const report = await verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, sandboxControl: true, operations: ['gateway-v1.getMessage'] });
    expect(report.apis).toEqual(['gateway-v1']);
    expect(report.failed).toBe(0);
    const workflow = report.checks.filter((c) => c.check === 'workflow');
    expect(workflow.length).toBeGreaterThan(0);
    expect(report.checks.some((c) => c.operation === 'gateway-v1.getMessage')).toBe(true);
    expect(report.checks.some((c) => c.check === 'callback-received')).toBe(false);
    expect(report.notes.filter((n) => n.includes('is not checked'))).toEqual([]);
  });

  it.each([
    [['--sandbox', '--operation', 'sms-v2.nope'], /^messaging-verify: --operation "sms-v2\.nope": sms-v2 has no such operation; its operations are [a-zA-Z, ]*sendMessage/],
    [['--sandbox', '--operation', 'sms.sendMessage'], /^messaging-verify: --operation must be <interface>\.<operationId> with an interface of gateway-v1, sms-v2, im-v1, campaign-manager-v1 \(got "sms\.sendMessage"\)$/],
    [['--sandbox', '--api', 'gateway-v1', '--operation', 'sms-v2.sendMessage'], /^messaging-verify: --operation sms-v2\.sendMessage is of sms-v2, which --api leaves out$/],
  ])('bad usage %j: one line naming the flag and the rule, exit 2, nothing started', async (args, line) => {
    let stdout = '';
    let stderr = '';
    const code = await main(args, {}, { out: (text) => void (stdout += text), err: (text) => void (stderr += text) });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr.trimEnd()).toMatch(line);
  });

  it('the library refuses the same mistakes with a UsageError naming its options, not the flags', async () => {
    await expect(verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, operations: ['im-v1.sendMesage'] })).rejects.toThrow(UsageError);
    await expect(verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, operations: ['sms.sendMessage'] })).rejects.toThrow(/^operations must be <interface>\.<operationId>/);
    await expect(verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, apis: ['gateway-v1'], operations: ['sms-v2.sendMessage'] })).rejects.toThrow(
      /^operations sms-v2\.sendMessage is of sms-v2, which apis leaves out$/,
    );
  });
});
