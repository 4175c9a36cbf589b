// The verifier's own bounds and the messages at them: the answer size bound (named, with its
// flag), a base URL with a query or fragment, report paths and a --listen port checked before the
// run, a deployment that redirects plain HTTP to HTTPS, and 429 without RetryAfter.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CREDENTIAL_RULES } from '@messaging-contracts/client-core';
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../src/cli-main.js';
import { UsageError, verify } from '../src/index.js';
import { Transport, UnreachableError } from '../src/transport.js';
import { isCall, startDeviatingProxy } from './support/deviating-proxy.js';
import { startRecordingServer } from './support/recording-server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function command(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, env, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

describe('the answer size bound', () => {
  const big = { rewrite: (req: { method: string; path: string }, answer: { status: number; headers: Record<string, string>; body: string }) =>
    isCall(req as never, 'POST', /\/rest\/sms\/v2\/messages$/) && answer.status === 202 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), detail: 'd'.repeat(1_500_000) }) } : answer };

  it('a valid answer over it fails naming the bound and its flag, not as "not JSON"; a larger bound passes it', async () => {
    const proxy = await startDeviatingProxy(sandbox.url, big);
    try {
      const options = { baseUrl: proxy.url, credentials: sandbox.credentials, sandboxControl: true, apis: ['sms-v2' as const], callbackTimeoutMs: 500, generated: 0 };
      const report = await verify(options);
      const caught = report.checks.filter((c) => c.check === 'response-body' && !c.passed);
      expect(caught.length).toBeGreaterThan(0);
      expect(caught[0]!.message).toBe("the body is over the verifier's bound of 1048576 bytes (maxResponseBytes, --max-response-bytes); the 202 response documents a JSON body");
      const larger = await verify({ ...options, maxResponseBytes: 2_000_000 });
      expect(larger.checks.filter((c) => !c.passed)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe('checked before the run: exit 2, one line, nothing sent', () => {
  it.each([
    ['http://127.0.0.1:1/?tenant=a', '--base-url must not carry a query or fragment (?…, #…): the base paths are added after it'],
    ['http://127.0.0.1:1#top', '--base-url must not carry a query or fragment (?…, #…): the base paths are added after it'],
    [
      'http://127.0.0.1:1/rest/im/v1',
      '--base-url must be scheme, host and port only, without a path (got "/rest/im/v1"): the verifier adds each interface\'s base path (/rest/gateway, /rest/sms/v2, /rest/im/v1, /rest/campaign_manager/v1) itself',
    ],
    ['http://127.0.0.1:1//', '--base-url must be scheme, host and port only, without a path (got "//"): the verifier adds each interface\'s base path (/rest/gateway, /rest/sms/v2, /rest/im/v1, /rest/campaign_manager/v1) itself'],
  ])('--base-url %s', async (url, line) => {
    const result = await command(['--base-url', url, '--api', 'sms-v2'], { SMS_V2_API_KEY: 'k' });
    expect(result).toEqual({ code: 2, stdout: '', stderr: `messaging-verify: ${line}\n` });
  });

  it('--base-url with a trailing slash only is scheme, host and port', async () => {
    const server = await startRecordingServer(() => ({ status: 202, headers: { 'content-type': 'application/json' }, body: '{}' }));
    try {
      await command(['--base-url', `http://127.0.0.1:${server.port}/`, '--api', 'sms-v2', '--generated', '0'], { SMS_V2_API_KEY: 'k' });
      expect(server.requests.length).toBeGreaterThan(0);
      expect(server.requests.filter((r) => !r.url.startsWith('/rest/sms/v2/'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each([
    [{ baseUrl: 'http://127.0.0.1:1/rest/im/v1' }, /^baseUrl must be scheme, host and port only, without a path \(got "\/rest\/im\/v1"\)/],
    [{ baseUrl: 'https://staging.example.com' }, /^baseUrl https:\/\/staging\.example\.com is not a loopback address: nothing is sent there without live: true$/],
    [{ baseUrl: 'https://staging.example.com', live: true }, /^live needs destinations: live requests use only/],
    [{ baseUrl: 'http://127.0.0.1:1' }, /^credentials\['sms-v2'\]\.apiKey is required to verify sms-v2$/],
    [{ baseUrl: 'http://127.0.0.1:1', credentials: { 'sms-v2': { apiKey: 'a\nb' } } }, /^credentials\['sms-v2'\]\.apiKey must be a string of Latin-1 characters without control characters$/],
    [{ baseUrl: 'http://127.0.0.1:1', sandboxSession: '../x', credentials: { 'sms-v2': { apiKey: 'k' } } }, /^sandboxSession must be a session id/],
  ])('the API names its options, not the flags: %o', async (options, message) => {
    await expect(verify({ apis: ['sms-v2'], ...options })).rejects.toThrow(message);
  });

  it("refuses a user name the clients refuse, in client-core's words", async () => {
    const [, rule] = CREDENTIAL_RULES.username;
    const credentials = { 'gateway-v1': { username: 'user\u0000name', password: 'gw-password' } };
    await expect(verify({ apis: ['gateway-v1'], baseUrl: 'http://127.0.0.1:1', credentials })).rejects.toThrow(
      new UsageError(`credentials['gateway-v1'].username must be a string ${rule}`),
    );
  });

  it('refuses half a surrogate pair in a password by its rule, before anything reads the pair as sent', async () => {
    // The report's redaction takes the pair's forms as the clients send them; UTF-8 has none for it.
    const credentials = { 'campaign-manager-v1': { username: 'cm-user', password: 'pw-\ud800-secret' } };
    await expect(verify({ apis: ['campaign-manager-v1'], baseUrl: 'http://127.0.0.1:1', credentials })).rejects.toThrow(
      new UsageError("credentials['campaign-manager-v1'].password must be a string without control characters or unpaired surrogates"),
    );
  });

  it.each([
    [['--max-requests', '-1'], '--max-requests must be an integer from 1 to 100000'],
    [['--max-requests=-1'], '--max-requests must be an integer from 1 to 100000'],
    [['--timeout-ms', '-5'], '--timeout-ms must be an integer from 1 to 300000'],
  ])('a negative number as a separate argument (%o) is read as the flag\'s value and refused by its rule', async (args, line) => {
    const result = await command(['--base-url', 'http://127.0.0.1:1', ...args]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `messaging-verify: ${line}\n` });
  });

  it.each([
    [{ maxRequests: -1 }, 'maxRequests must be an integer from 1 to 100000 (got -1)'],
    [{ maxRequests: 2.5 }, 'maxRequests must be an integer from 1 to 100000 (got 2.5)'],
    [{ maxRequests: 'ten' }, 'maxRequests must be an integer from 1 to 100000 (got "ten")'],
    [{ timeoutMs: -5 }, 'timeoutMs must be an integer from 1 to 300000 (got -5)'],
    [{ listen: 70000 }, 'listen must be an integer from 0 to 65535 (got 70000)'],
    [{ apis: [] }, 'apis must be a non-empty array of interface ids: gateway-v1, sms-v2, im-v1, campaign-manager-v1 (got [])'],
    [{ apis: ['im-v2'] }, 'apis must name interfaces of gateway-v1, sms-v2, im-v1, campaign-manager-v1 (got "im-v2")'],
  ])('the API holds its options to the flags\' rules, before anything is sent: %o', async (options, message) => {
    const server = await startRecordingServer(() => ({ status: 500 }));
    onTestFinished(() => server.close());
    await expect(verify({ baseUrl: `http://127.0.0.1:${server.port}`, apis: ['sms-v2'], credentials: { 'sms-v2': { apiKey: 'k' } }, ...(options as object) })).rejects.toThrow(
      new UsageError(message),
    );
    expect(server.requests).toEqual([]);
  });

  it('--max-response-bytes out of range', async () => {
    const result = await command(['--base-url', 'http://127.0.0.1:1', '--max-response-bytes', '0']);
    expect(result.stderr).toBe('messaging-verify: --max-response-bytes must be an integer from 1024 to 1073741824\n');
  });

  it('an unwritable --json or --junit path', async () => {
    const server = await startRecordingServer(() => ({ status: 200 }));
    const dir = mkdtempSync(join(tmpdir(), 'messaging-verify-bounds-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    try {
      for (const flag of ['--json', '--junit']) {
        const file = join(dir, 'missing', 'r.out');
        const result = await command(['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'sms-v2', flag, file], { SMS_V2_API_KEY: 'k' });
        expect(result).toEqual({ code: 2, stdout: '', stderr: `messaging-verify: ${flag} ${file}: cannot be written (ENOENT); nothing was sent\n` });
      }
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a --listen port in use', async () => {
    const target = await startRecordingServer(() => ({ status: 200 }));
    const busy = createServer();
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const port = (busy.address() as AddressInfo).port;
    try {
      const result = await command(['--base-url', `http://127.0.0.1:${target.port}`, '--api', 'sms-v2', '--listen', String(port)], { SMS_V2_API_KEY: 'k' });
      expect(result.code).toBe(2);
      expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`messaging-verify: --listen ${port}: the port is in use on 127.0.0.1 (EADDRINUSE); pick another, or 0 for any free one`);
      // The run had begun (its first line printed): stdout ends with the summary, as for an unreachable target.
      expect(result.stdout).toBe('verify: 0 checks, 0 failed\n');
      expect(target.requests).toEqual([]);
      // In the API, the same error names the option.
      await expect(verify({ baseUrl: `http://127.0.0.1:${target.port}`, apis: ['sms-v2'], credentials: { 'sms-v2': { apiKey: 'k' } }, listen: port })).rejects.toThrow(
        `listen ${port}: the port is in use on 127.0.0.1 (EADDRINUSE); pick another, or 0 for any free one`,
      );
    } finally {
      busy.close();
      await target.close();
    }
  });
});

describe('a deployment that redirects plain HTTP to HTTPS (section 1, B)', () => {
  it('says so once, with the hint to use https', async () => {
    const server = await startRecordingServer((request) => ({ status: 308, headers: { location: `https://127.0.0.1:9${request.url}` } }));
    try {
      const report = await verify({ baseUrl: `http://127.0.0.1:${server.port}`, credentials: { 'sms-v2': { apiKey: 'k' } }, apis: ['sms-v2'], generated: 0 });
      const hints = report.notes.filter((n) => /redirect/.test(n));
      expect(hints).toEqual([
        `the target redirects plain HTTP to HTTPS (308 to https://127.0.0.1:9/…): verify https://127.0.0.1:9 with --base-url instead (an internal CA: NODE_EXTRA_CA_CERTS=<its PEM file>)`,
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('429 (section 8: defined for C)', () => {
  const transport = (maxRetryAfterSeconds: number, print: (line: string) => void = () => {}) =>
    new Transport({ credentials: {}, maxRequests: 10, intervalMs: 0, timeoutMs: 5000, maxResponseBytes: 1024, maxRetryAfterSeconds, retries429: 3, dryRun: false, print });
  const request = (port: number, api: 'sms-v2' | 'im-v1', retryOn429: boolean) => ({ operation: `${api}.sendMessage`, api, method: 'POST', url: `http://127.0.0.1:${port}/`, headers: {}, credentials: 'missing' as const, body: '{}', retryOn429 });

  it('where the operation does not document 429 (B), it is not retried: the answer is checked as it is', async () => {
    const server = await startRecordingServer(() => ({ status: 429, headers: { RetryAfter: '1' } }));
    try {
      expect(await transport(60).send(request(server.port, 'sms-v2', false))).toMatchObject({ status: 429, retried: 0 });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('without RetryAfter, the message does not claim one was sent', async () => {
    const server = await startRecordingServer(() => ({ status: 429 }));
    try {
      await expect(transport(5).send(request(server.port, 'im-v1', true))).rejects.toThrow(
        new UnreachableError('im-v1.sendMessage: the target answered 429 without RetryAfter; the wait would be C\'s documented minimum of 10 s, over --max-retry-after 5'),
      );
    } finally {
      await server.close();
    }
  });
});
