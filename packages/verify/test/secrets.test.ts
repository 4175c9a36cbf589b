// No credential in anything the verifier prints or writes: a password in --base-url or in
// --callback-url (userinfo), and credentials redacted as whole values, not inside other words.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../src/cli-main.js';
import { secretsOf } from '../src/credentials.js';
import { redact, withoutUserinfo } from '../src/redact.js';
import { startRecordingServer } from './support/recording-server.js';

function temp() {
  const dir = mkdtempSync(join(tmpdir(), 'messaging-verify-secrets-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The command in this process: exit code, stdout, stderr and the two reports' text. */
async function run(args: string[], env: Record<string, string>) {
  const dir = temp();
  const files = { json: join(dir, 'r.json'), junit: join(dir, 'r.xml') };
  let stdout = '';
  let stderr = '';
  const code = await main([...args, '--json', files.json, '--junit', files.junit], env, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return { code, stdout, stderr, json: read(files.json), junit: read(files.junit), all: [stdout, stderr, read(files.json), read(files.junit)].join('\n') };
}

describe('secrets in URLs', () => {
  it('a password in --base-url is refused, and appears nowhere: not in the JSON report\'s target either', async () => {
    const result = await run(['--base-url', 'http://u:BASE-PASS-s3cret@127.0.0.1:1', '--api', 'sms-v2'], { SMS_V2_API_KEY: 'k-s3cret' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base-url must not carry credentials');
    expect(result.json).not.toBe('');
    expect(JSON.parse(result.json).target).toBe('http://127.0.0.1:1');
    expect(result.all).not.toContain('BASE-PASS-s3cret');
    expect(result.all).not.toContain('u:');
  });

  // WHATWG's URL parser ends the userinfo at the last `@` of the authority, so a password may hold a
  // raw `@`; dropping up to the first `@` showed the rest of the password as if it were a user name.
  it("a password with a raw `@` in it is dropped whole, up to the authority's last `@`", async () => {
    expect(new URL('https://svc:p@ss-w0rd@hooks.example/x').password).toBe('p%40ss-w0rd');
    expect(withoutUserinfo('POST https://svc:p@ss-w0rd@hooks.example/x?to=a@b failed')).toBe('POST https://hooks.example/x?to=a@b failed');
    const result = await run(['--base-url', 'http://u:p@ss-w0rd@127.0.0.1:1', '--api', 'sms-v2'], { SMS_V2_API_KEY: 'k-s3cret' });
    expect(result.code).toBe(2);
    expect(result.all).not.toContain('ss-w0rd');
  });

  it('a password in --callback-url appears nowhere when a callback does not arrive', async () => {
    const server = await startRecordingServer(() => ({ status: 202, headers: { 'content-type': 'application/json' }, body: '{"id":"3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d","status":"accepted"}' }));
    try {
      const result = await run(
        ['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'sms-v2', '--listen', '0', '--callback-url', 'http://svc:CB-PASS-s3cret@127.0.0.1:9/hook', '--callback-timeout-ms', '50', '--generated', '0'],
        { SMS_V2_API_KEY: 'k-s3cret' },
      );
      expect(result.code).toBe(1);
      // The failure still says where the callback was expected, without the userinfo.
      expect(result.stderr).toContain('no statusCallback arrived at http://127.0.0.1:9/hook/sms/status');
      expect(result.all).not.toContain('CB-PASS-s3cret');
      expect(result.all).not.toContain('svc:');
    } finally {
      await server.close();
    }
  });

  it('a password in --callback-url appears nowhere when the receiver refuses the callback, nor does the refused body', async () => {
    const listen = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const server = await startRecordingServer((request) => {
      if (request.method === 'POST') {
        // The message's status callback, with a status no value of section 3's and a secret-looking detail.
        setTimeout(() => {
          fetch(`http://127.0.0.1:${listen}/hook/sms/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d","status":"BODY-s3cret","detail":"k-s3cret"}' }).catch(() => {});
        }, 20);
      }
      return { status: 202, headers: { 'content-type': 'application/json' }, body: '{"id":"3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d","status":"accepted"}' };
    });
    try {
      const result = await run(
        ['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'sms-v2', '--listen', String(listen), '--callback-url', `http://svc:CB-PASS-s3cret@127.0.0.1:${listen}/hook`, '--callback-timeout-ms', '500', '--generated', '0'],
        { SMS_V2_API_KEY: 'k-s3cret' },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`no valid statusCallback arrived at http://127\\.0\\.0\\.1:${listen}/hook/sms/status within 500 ms; the receiver refused \\d+ with 400 invalid_body`));
      for (const secret of ['CB-PASS-s3cret', 'svc:', 'BODY-s3cret', 'k-s3cret']) expect(result.all, secret).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});

// A credential flag written with `=` and a space (`--sms-api-key= <key>`) leaves the key as a
// stray argument; the refusal quoted it (node's parseArgs: "Unexpected argument '<key>'"). Nothing
// is known to be a credential then, so a stray argument is never quoted: its place is named.
describe('a stray argument', () => {
  it('is refused without being shown, naming the flag before it', async () => {
    const key = 'sms-key-given-by-mistake-42';
    const result = await run(['--sandbox', '--sms-api-key=', key], {});
    expect(result.code).toBe(2);
    expect(result.all).not.toContain(key);
    expect(result.stderr).toContain('messaging-verify: an argument after --sms-api-key is not a flag');
    const first = await run([key, '--sandbox'], {});
    expect(first.all).not.toContain(key);
    expect(first.stderr).toContain('messaging-verify: the first argument is not a flag');
  });
});

describe('credentials are redacted as whole values', () => {
  it('short credentials do not damage other words, and are replaced where they stand as values', () => {
    const text = '{"apis":["sms-v2","gateway-v1"],"target":"http://api.example.com","m":"key sms refused","h":"authorization: sms","u":"-u \'api:pw\'","end":"was sms."}';
    const out = redact(text, ['api', 'sms', 'pw']);
    expect(JSON.parse(out)).toEqual({
      apis: ['sms-v2', 'gateway-v1'],
      target: 'http://api.example.com',
      m: 'key [redacted] refused',
      h: 'authorization: [redacted]',
      u: "-u '[redacted]:[redacted]'",
      end: 'was [redacted].',
    });
  });

  // As client-core redacts errors (createRedactor): 8 characters or more is long enough not to be
  // an ordinary word, so such a credential is replaced wherever it occurs; a server's answer may
  // also spell one in JSON's escapes, which a reader of the report decodes at a glance.
  it('a credential of 8 characters or more is replaced wherever it occurs, and spelt in JSON escapes', () => {
    const key = 'k3y-0f-e1ght-or-more';
    const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    expect(redact(`authorization: Bearer${key}; id=abc${key}xyz; echo {"id":"${escaped}"}`, [key, 'sms'])).toBe(
      'authorization: Bearer[redacted]; id=abc[redacted]xyz; echo {"id":"[redacted]"}',
    );
    // A short one still only as a value of its own.
    expect(redact('smsv2 sms-v2 sms', [key, 'sms'])).toBe('smsv2 sms-v2 [redacted]');
  });

  it("a run with a gateway user `api` and an API key `sms` writes reports whose keys and interface names are intact", async () => {
    const server = await startRecordingServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }));
    try {
      const result = await run(['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'sms-v2', '--api', 'gateway-v1', '--generated', '0'], {
        GATEWAY_V1_USERNAME: 'api',
        GATEWAY_V1_PASSWORD: 'gw-pass-s3cret',
        SMS_V2_API_KEY: 'sms',
      });
      expect(result.code).toBe(1);
      const report = JSON.parse(result.json);
      expect(report.apis).toEqual(['sms-v2', 'gateway-v1']);
      expect(result.all).not.toContain('[redacted]s');
      expect(result.all).not.toContain('[redacted]-v2');
      expect(result.junit).toContain('<testsuite name="sms-v2"');
    } finally {
      await server.close();
    }
  });
  it('an API key that spells a check name (`accepted`) leaves the report\'s keys and check names as they are: only values are redacted', async () => {
    const server = await startRecordingServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }));
    try {
      const result = await run(['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'im-v1', '--generated', '0'], { IM_V1_API_KEY: 'accepted' });
      expect(result.code).toBe(1);
      const report = JSON.parse(result.json);
      const checks = new Set(report.checks.map((c: { check: string }) => c.check));
      expect(checks).toContain('accepted');
      expect(checks).not.toContain('[redacted]');
      expect(result.junit).toContain('name="accepted (section 4.3)');
      expect(result.stderr).toContain('FAIL im-v1.sendMessage accepted (section 4.3)');
    } finally {
      await server.close();
    }
  });
});

describe('a credential the server echoes back', () => {
  it("HTTP Basic's token, as sent, is redacted as the password is (one base64 decoding away from it)", () => {
    const secrets = secretsOf({ 'gateway-v1': { username: 'gw-user', password: 'gw-pass-s3cret' } });
    const token = Buffer.from('gw-user:gw-pass-s3cret').toString('base64');
    const out = redact(`curl 'http://127.0.0.1:1/rest/gateway/messages/${encodeURIComponent(`Basic ${token}`)}' -d '{"echo":"${token}"}'`, secrets);
    expect(out).not.toContain(token);
    expect(out).not.toContain(encodeURIComponent(token));
    expect(out).toContain('[redacted]');
  });

  // RFC 3986 section 6.2.2.1: the case of a percent-escape is not significant, and a server may
  // encode some characters of an echoed value and leave others (the sandbox's SecretRedactor
  // decodes escapes before it looks: one rule for its logs and these reports).
  it('is redacted in percent-escapes of mixed case, partly encoded, and form-encoded with lower-case escapes', () => {
    const secrets = secretsOf({ 'sms-v2': { apiKey: 'sms key/with:chars' } });
    const echoed = ['sms%20key%2fwith%3Achars', 'sms+key%2fwith%3achars', 'sms key%2Fwith:chars', 'sms%20key/with%3achars'];
    for (const form of echoed) expect(redact(`FAIL status-documented: the answer quoted id=${form}&x=1`, secrets), form).toBe('FAIL status-documented: the answer quoted id=[redacted]&x=1');
  });

  it('appears in no form: raw, URL-encoded, form-encoded, JSON- or XML-escaped, when a workflow sends it on as an id', async () => {
    // B's workflow reads the id of the 202 and sends it as GET /messages?id=, so the report's curl
    // carries whatever the server put there: here the API key itself.
    const apiKey = 'sms key/with+chars"q<&>';
    const server = await startRecordingServer((request) => ({
      status: request.method === 'POST' ? 202 : 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: request.headers.authorization ?? '', status: 'accepted', detail: 'ok' }),
    }));
    try {
      const result = await run(['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'sms-v2', '--generated', '0'], { SMS_V2_API_KEY: apiKey });
      expect(server.requests.some((r) => r.url.includes(encodeURIComponent('sms key/with')) || r.url.includes('sms+key%2Fwith'))).toBe(true);
      const forms = [
        apiKey,
        encodeURIComponent(apiKey),
        new URLSearchParams({ id: apiKey }).toString().slice('id='.length),
        JSON.stringify(apiKey).slice(1, -1),
        apiKey.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
        'sms key/with',
        'sms+key%2Fwith',
        'sms%20key%2Fwith',
      ];
      for (const form of forms) expect(result.all, form).not.toContain(form);
      expect(result.json).toContain('[redacted]');
    } finally {
      await server.close();
    }
  });
});
