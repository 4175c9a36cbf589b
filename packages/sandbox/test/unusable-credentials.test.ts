// A credential no request can carry is refused at start, naming where it was given and the rule
// (trial65, finding 7), rather than a sandbox that starts and answers every request 401. An API key
// (B, C) and the control token are sent as a header value as they are: visible ASCII, spaces only
// between (a field value loses them at either end). Basic's user name and password are sent as
// base64 of UTF-8: any character but a control character or half a surrogate pair, and no ':' in a
// user name (RFC 7617), refused by client-core's rules in its words. A host that cannot be listened
// on is named too.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CREDENTIAL_RULES } from '@messaging-contracts/client-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { credentialRule } from '../src/credentials.js';
import { CREDENTIAL_ERROR_CODE, SandboxCredentialError, startSandbox } from '../src/index.js';

const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));

function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (err += chunk));
    // A sandbox that starts after all is stopped, so that the test fails rather than leave it running.
    const timer = setTimeout(() => child.kill('SIGTERM'), 5000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, err });
    });
  });
}

describe('startSandbox refuses a credential no request can carry', () => {
  it.each([
    [{ 'im-v1': { apiKey: 'line1\nline2' } }, "credentials.im-v1.apiKey must be visible ASCII characters, spaces only between them, as a header value carries it"],
    [{ 'sms-v2': { apiKey: 'ké€y' } }, "credentials.sms-v2.apiKey must be visible ASCII characters, spaces only between them, as a header value carries it"],
    [{ 'sms-v2': { apiKey: ' key' } }, 'credentials.sms-v2.apiKey must be visible ASCII characters'],
    [{ 'gateway-v1': { password: 'pass\u0000word' } }, 'credentials.gateway-v1.password must be a string without control characters or unpaired surrogates'],
    [{ 'campaign-manager-v1': { username: 'user\tname' } }, 'credentials.campaign-manager-v1.username must be a string without ":", control characters or unpaired surrogates'],
    [{ 'gateway-v1': { username: 'a:b' } }, 'credentials.gateway-v1.username must be a string without ":"'],
  ])('%j', async (credentials, message) => {
    await expect(startSandbox({ port: 0, credentials })).rejects.toThrow(new TypeError(message).message);
    await expect(startSandbox({ port: 0, credentials })).rejects.toBeInstanceOf(TypeError);
  });

  it('says what it refused in fields, for a program to decide by (the message says the same in words)', async () => {
    for (const [credentials, api, field, rule] of [
      [{ 'sms-v2': { apiKey: 'ké€y' } }, 'sms-v2', 'apiKey', credentialRule('apiKey', 'ké€y')],
      [{ 'gateway-v1': { username: 'a:b' } }, 'gateway-v1', 'username', credentialRule('username', 'a:b')],
      [{ 'campaign-manager-v1': { password: '' } }, 'campaign-manager-v1', 'password', 'must be a non-empty string'],
    ] as const) {
      const refused = await startSandbox({ port: 0, credentials }).then(
        () => expect.unreachable('started'),
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(SandboxCredentialError);
      expect(refused).toMatchObject({ code: CREDENTIAL_ERROR_CODE, api, field, rule, message: `credentials.${api}.${field} ${rule}` });
    }
    expect(CREDENTIAL_ERROR_CODE).toBe('ERR_SANDBOX_CREDENTIAL');
  });

  it("refuses a user name the clients refuse, in client-core's words", async () => {
    const [, rule] = CREDENTIAL_RULES.username;
    await expect(startSandbox({ port: 0, credentials: { 'gateway-v1': { username: 'half-\ud800-pair' } } })).rejects.toThrow(
      new SandboxCredentialError('gateway-v1', 'username', `must be a string ${rule}`),
    );
  });

  it('refuses a control token no header can carry', async () => {
    await expect(startSandbox({ port: 0, controlToken: 'a-token-of-sixteen\nmore' })).rejects.toThrow('controlToken must be visible ASCII characters');
  });

  it('takes what a client can send: a key with a space inside, a Unicode password', async () => {
    const sandbox = await startSandbox({ port: 0, credentials: { 'sms-v2': { apiKey: 'Bearer abc' }, 'gateway-v1': { password: 'pässwörd€' } } });
    try {
      const sms = await fetch(`${sandbox.urls['sms-v2']}/messages?id=5ded4861-27a8-41fb-8063-114a12b295f4`, { headers: { authorization: 'Bearer abc' } });
      expect(sms.status).toBe(404);
      const basic = Buffer.from(`sandbox-gateway:pässwörd€`).toString('base64');
      expect((await fetch(`${sandbox.urls['gateway-v1']}/messages/1`, { headers: { authorization: `Basic ${basic}` } })).status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});

describe("the API key and control token rule refines client-core's", () => {
  // Stricter, not other: a value the sandbox takes is one every client takes too.
  it('takes no value client-core refuses', () => {
    const [forbidden] = CREDENTIAL_RULES.apiKey;
    // Characters at each edge of either rule, and any other.
    const unit = fc.oneof(fc.constantFrom(' ', '!', '~', '\x7f', '\x1f', '\0', '\x80', '\xff', '\u0100', '\ud800'), fc.string({ unit: 'binary', maxLength: 1 }));
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1 }), (value) => credentialRule('apiKey', value) !== undefined || !forbidden.test(value)),
      { numRuns: 500 },
    );
  });

  it('refuses what client-core takes but not every client sends as the server reads it: beyond ASCII, a space at either end', () => {
    const [forbidden] = CREDENTIAL_RULES.apiKey;
    for (const value of ['këy', ' key', 'key ']) {
      expect(forbidden.test(value)).toBe(false);
      expect(credentialRule('apiKey', value)).toBe('must be visible ASCII characters, spaces only between them, as a header value carries it');
    }
  });
});

describe('startSandbox names a host it cannot listen on', () => {
  it.each([
    ['sandbox.invalid', 'host sandbox.invalid: no address of this machine, the name does not resolve (ENOTFOUND)'],
    ['192.0.2.99', 'host 192.0.2.99: no address of this machine (EADDRNOTAVAIL)'],
  ])('%s', async (host, message) => {
    const started = startSandbox({ port: 0, host, warn: () => {} });
    await expect(started).rejects.toThrow(message);
    await expect(started).rejects.toBeInstanceOf(TypeError);
  });
});

describe('the CLI names the flag, variable or file', () => {
  it.each([
    [['--im-api-key', 'a\nb'], {}, '--im-api-key: the API key must be visible ASCII characters'],
    [['--im-api-key', 'ké€y'], {}, '--im-api-key: the API key must be visible ASCII characters'],
    [[], { MESSAGING_SANDBOX_GATEWAY_PASSWORD: 'a\u0007b' }, 'MESSAGING_SANDBOX_GATEWAY_PASSWORD: the password must be a string without control characters'],
    [['--campaign-user', 'a:b'], {}, '--campaign-user: the user name must be a string without ":", control characters or unpaired surrogates'],
    [['--control-token', 'a-token-of-sixteen\tmore'], {}, '--control-token: the control token must be visible ASCII characters'],
  ])('%j %j', (argv, env, message) => {
    expect(() => parseCliArgs(argv, env)).toThrow(message);
  });

  it('exits 2 with one line, never quoting the value', async () => {
    const { code, err } = await runCli(['--im-api-key', 'secret-ké€y']);
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain('--im-api-key: the API key must be visible ASCII characters');
    expect(err).not.toContain('secret');
  }, 20_000);

  it.each([
    ['evil.invalid', 'no address of this machine, the name does not resolve (ENOTFOUND)'],
    ['192.0.2.99', 'no address of this machine (EADDRNOTAVAIL)'],
  ])('--host %s, which it cannot listen on: names the flag, exit 2 as for a bad flag', async (host, rule) => {
    const { code, err } = await runCli(['--host', host]);
    expect(code).toBe(2);
    expect(err).toBe(`messaging-sandbox: --host ${host}: ${rule} (--help for usage)\n`);
  }, 20_000);
});
