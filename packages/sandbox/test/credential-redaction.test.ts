// "Credentials are never recorded" (README, Guarding the control API): a credential of the sandbox
// sent anywhere but the Authorization header (another header, the query, a cookie, a Prefer value,
// the body) is replaced where it stands before the request is kept, whichever scope records it
// (trial65, finding 3). The sandbox knows every value: its own and each live session's.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, SecretRedactor, startSandbox } from '../src/index.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

const basicToken = ({ username, password }: { username: string; password: string }) => Buffer.from(`${username}:${password}`).toString('base64');
const imBody = JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hi' } } });

/** Every form of a scope's credentials a client could put somewhere by mistake. */
function secretsOf(credentials: Sandbox['credentials']): string[] {
  const gateway = credentials['gateway-v1'];
  const campaigns = credentials['campaign-manager-v1'];
  return [
    gateway.password,
    `${gateway.username}:${gateway.password}`,
    basicToken(gateway),
    credentials['sms-v2'].apiKey,
    credentials['im-v1'].apiKey,
    campaigns.password,
    basicToken(campaigns),
  ];
}

function expectNoSecret(recorded: unknown, secrets: readonly string[]) {
  const text = JSON.stringify(recorded);
  for (const secret of secrets) expect(text, `the log holds ${secret.slice(0, 4)}…`).not.toContain(secret);
  // Encoded as a URL carries it, too.
  for (const secret of secrets) expect(text).not.toContain(encodeURIComponent(secret));
}

describe('the request log never holds a credential, wherever a client put it', () => {
  it("redacts the trial's cases: a key in x-api-key, in the query, in a cookie, A's password in the query, a key in Prefer", async () => {
    const c = sandbox.credentials;
    const im = c['im-v1'].apiKey;
    const sms = c['sms-v2'].apiKey;
    const password = c['gateway-v1'].password;
    await fetch(`${sandbox.urls['im-v1']}/message`, { method: 'POST', headers: { 'x-api-key': im, 'content-type': 'application/json' }, body: '{}' });
    await fetch(`${sandbox.urls['sms-v2']}/messages?api_key=${sms}&id=5ded4861-27a8-41fb-8063-114a12b295f4`);
    await fetch(`${sandbox.urls['im-v1']}/message`, { method: 'POST', headers: { authorization: im, cookie: `key=${im}`, 'content-type': 'application/json' }, body: '{}' });
    await fetch(`${sandbox.urls['gateway-v1']}/messages/1?password=${password}`);
    await fetch(`${sandbox.urls['im-v1']}/message`, { method: 'POST', headers: { authorization: im, prefer: `example=${im}`, 'content-type': 'application/json' }, body: imBody });

    const recorded = sandbox.requests();
    expect(recorded).toHaveLength(5);
    expectNoSecret(recorded, secretsOf(c));
    // Replaced where it stands, the rest kept: a test still sees where the client put it.
    expect(recorded[0]!.headers['x-api-key']).toBe('[redacted]');
    expect(recorded[1]!.url).toBe('/rest/sms/v2/messages?api_key=[redacted]&id=5ded4861-27a8-41fb-8063-114a12b295f4');
    expect(recorded[2]!.headers.cookie).toBe('key=[redacted]');
    expect(recorded[3]!.url).toBe('/rest/gateway/messages/1?password=[redacted]');
    expect(recorded[4]!.headers.prefer).toBe('example=[redacted]');
    // And over the control API, which returns the same records.
    expectNoSecret(await (await fetch(`${sandbox.url}/__sandbox/requests`)).json(), secretsOf(c));
  });

  it('redacts a Basic token, a user:password pair and their URL-encoded forms, and a key in a JSON body, leaving the body JSON', async () => {
    const c = sandbox.credentials;
    const token = basicToken(c['campaign-manager-v1']);
    const pair = `${c['gateway-v1'].username}:${c['gateway-v1'].password}`;
    await fetch(`${sandbox.urls['campaign-manager-v1']}/demo-app/lists?auth=Basic%20${encodeURIComponent(token)}&pair=${encodeURIComponent(pair)}`, {
      // RFC 4648 section 3.2: an echo may drop the token's `=` padding.
      headers: { 'x-authorization': `Basic ${token}`, 'x-unpadded': token.replace(/=+$/, '') },
    });
    const sent = await fetch(`${sandbox.urls['sms-v2']}/messages`, {
      method: 'POST',
      headers: { authorization: c['sms-v2'].apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ destination: '+447700900123', content: `my key is ${c['sms-v2'].apiKey}.` }),
    });
    expect(sent.status).toBe(202);
    const recorded = sandbox.requests();
    expectNoSecret(recorded, secretsOf(c));
    expect(recorded[0]!.headers['x-authorization']).toBe('Basic [redacted]');
    expect(token).toMatch(/=$/);
    expect(recorded[0]!.headers['x-unpadded']).toBe('[redacted]');
    expect(recorded[0]!.url).toBe('/rest/campaign_manager/v1/demo-app/lists?auth=Basic%20[redacted]&pair=[redacted]');
    expect(recorded[1]!.body).toEqual({ destination: '+447700900123', content: 'my key is [redacted].' });
  });

  it("redacts a session's credentials in any scope's log, and the global ones in a session's log", async () => {
    const session = sandbox.createSession();
    try {
      // A session's key in the wrong header: the request carries no credential of its own, so the global log keeps it.
      await fetch(`${sandbox.urls['im-v1']}/message`, { method: 'POST', headers: { 'x-api-key': session.credentials['im-v1'].apiKey, 'content-type': 'application/json' }, body: imBody });
      // The global key in a session's request.
      await fetch(`${sandbox.urls['im-v1']}/message`, {
        method: 'POST',
        headers: { authorization: session.credentials['im-v1'].apiKey, 'x-api-key': sandbox.credentials['im-v1'].apiKey, 'content-type': 'application/json' },
        body: imBody,
      });
      const all = [...secretsOf(sandbox.credentials), ...secretsOf(session.credentials)];
      expect(sandbox.requests()).toHaveLength(1);
      expectNoSecret(sandbox.requests(), all);
      expect(session.requests()).toHaveLength(1);
      expectNoSecret(session.requests(), all);
    } finally {
      await session.close();
    }
  });

  it('redacts a value only where it stands as a value of its own: a short given key leaves longer words alone', async () => {
    const short = await startSandbox({ port: 0, credentials: { 'im-v1': { apiKey: 'key' } } });
    try {
      await fetch(`${short.urls['im-v1']}/message?api_key=key&keyboard=1`, { method: 'POST', headers: { authorization: 'key', 'content-type': 'application/json' }, body: imBody });
      expect(short.requests()[0]!.url).toBe('/rest/im/v1/message?api_key=[redacted]&keyboard=1');
    } finally {
      await short.close();
    }
  });
});

// client-core's rule (createRedactor): a secret of 8 characters or more is replaced wherever it
// occurs, a shorter one only as a value of its own. The sandbox's generated credentials are 32 hex
// characters: glued to a word (`Bearer<key>`) or inside a longer token they were kept in clear.
describe('a credential of 8 characters or more is replaced wherever it occurs', () => {
  it('glued to a word in a header, inside a longer token in the query and in the body', async () => {
    const key = sandbox.credentials['sms-v2'].apiKey;
    const token = basicToken(sandbox.credentials['campaign-manager-v1']);
    await fetch(`${sandbox.urls['im-v1']}/message?token=abc${key}xyz`, {
      method: 'POST',
      headers: { authorization: sandbox.credentials['im-v1'].apiKey, 'x-authorization': `Bearer${key}`, 'x-basic': `Basic_${token}_`, 'content-type': 'application/json' },
      body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: `id:${key}_v2` } } }),
    });
    const [recorded] = sandbox.requests();
    expectNoSecret(sandbox.requests(), secretsOf(sandbox.credentials));
    expect(recorded!.url).toBe('/rest/im/v1/message?token=abc[redacted]xyz');
    expect(recorded!.headers['x-authorization']).toBe('Bearer[redacted]');
    expect(recorded!.headers['x-basic']).toBe('Basic_[redacted]_');
    expect(recorded!.body).toMatchObject({ message: { text: { body: 'id:[redacted]_v2' } } });
  });

  it('URL-encoded with lower-case percent-escapes too (RFC 3986: `%2f` is `%2F`)', () => {
    const redactor = new SecretRedactor();
    redactor.set(redactor, ['pass/word+secret']);
    expect(redactor.redact('/x?p=pass%2fword%2bsecret&q=pass%2Fword%2Bsecret')).toBe('/x?p=[redacted]&q=[redacted]');
  });

  it('a shorter one only where it stands as a value of its own: a user `u` leaves `unsafe` whole', () => {
    const redactor = new SecretRedactor();
    redactor.set(redactor, ['u', 'key', 'longer-secret-1']);
    expect(redactor.redact("kind: 'unsafe-integer', u, key=key, keyboard, xlonger-secret-1y")).toBe("kind: 'unsafe-integer', [redacted], [redacted]=[redacted], keyboard, x[redacted]y");
    // Seven characters are short, eight long: client-core's line.
    redactor.set(redactor, ['1234567', '12345678']);
    expect(redactor.redact('a1234567b a12345678b 1234567')).toBe('a1234567b a[redacted]b [redacted]');
  });
});

// The request log keeps a body as its JSON text and parses it when listed (recorder.ts), so a body
// is not yet decoded when it is redacted: a credential spelt in JSON's escapes (`\u0061…`, `\/`)
// passed the redaction as text and came back decoded, in clear, from `requests()`.
describe('a credential spelt in JSON escapes', () => {
  it('is replaced in a recorded body, which lists decoded', async () => {
    const given = await startSandbox({ port: 0, credentials: { 'campaign-manager-v1': { username: 'cm', password: 'pass/word/secret' } } });
    try {
      const key = given.credentials['sms-v2'].apiKey;
      const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
      const body = `{"destination":"+447700900123","content":"key ${escaped}, half ${key.slice(0, 16)}\\u${key.charCodeAt(16).toString(16).padStart(4, '0')}${key.slice(17)}, password pass\\/word\\/secret"}`;
      expect(JSON.parse(body).content).toBe(`key ${key}, half ${key}, password pass/word/secret`);
      const sent = await fetch(`${given.urls['sms-v2']}/messages`, { method: 'POST', headers: { authorization: key, 'content-type': 'application/json' }, body });
      expect(sent.status).toBe(202);
      const [recorded] = given.requests();
      expect(recorded!.body).toEqual({ destination: '+447700900123', content: 'key [redacted], half [redacted], password [redacted]' });
      expectNoSecret(given.requests(), [...secretsOf(given.credentials), 'pass/word/secret']);
    } finally {
      await given.close();
    }
  });

  it('however a JSON text spells it, character by character, the body stays JSON and parses to no secret', () => {
    const secret = 'k"ey/with\\odd\u00e9-chars';
    const redactor = new SecretRedactor();
    redactor.set(redactor, [secret]);
    // Each character of the secret as JSON.stringify writes it, or as a \u escape in either case of hex digit.
    const spelt = fc.tuple(...[...secret].map((c) => fc.constantFrom(JSON.stringify(c).slice(1, -1), `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`, `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)));
    fc.assert(
      fc.property(spelt, fc.string(), fc.string(), (chars, before, after) => {
        const text = `{"a":${JSON.stringify(before).slice(0, -1)}${chars.join('')}${JSON.stringify(after).slice(1)}}`;
        expect(JSON.parse(text).a).toBe(`${before}${secret}${after}`);
        const out = JSON.parse(redactor.redactJson(text));
        expect(JSON.stringify(out)).not.toContain(JSON.stringify(secret).slice(1, -1));
        expect(typeof out === 'string' ? out : out.a).toContain('[redacted]');
      }),
    );
  });

  it('in any recorded text, a backslash that starts no escape kept, and an escaped backslash not read as the start of one', () => {
    const redactor = new SecretRedactor();
    redactor.set(redactor, ['Zebra-secret-42', 'C:\\temp\\secret']);
    expect(redactor.redact('x-note: \\u005aebra-secret-42 and \\q')).toBe('x-note: [redacted] and \\q');
    // An escaped backslash, then the text `u005a`: no escape of the secret's first character.
    expect(redactor.redact('\\\\u005aebra-secret-42')).toBe('\\\\u005aebra-secret-42');
    // A secret with backslashes of its own is found as given.
    expect(redactor.redact('path C:\\temp\\secret!')).toBe('path [redacted]!');
  });
});

// A header's name is recorded as well as its value: a client that put a credential in the name
// (`headers: { [apiKey]: '' }`, a prefix `x-<key>`) had it listed in clear. Node lowercases names,
// so a credential with capitals is found there lower-cased.
describe('a credential in a header name', () => {
  it('is replaced there, in any case, the value kept under the redacted name', async () => {
    const given = await startSandbox({ port: 0, credentials: { 'im-v1': { apiKey: 'Im-Key-With-Capitals-42' } } });
    try {
      const key = given.credentials['im-v1'].apiKey;
      const other = given.credentials['sms-v2'].apiKey;
      await fetch(`${given.urls['im-v1']}/message`, { method: 'POST', headers: { authorization: key, [`x-${key}`]: 'one', [other]: 'two', 'content-type': 'application/json' }, body: imBody });
      const [recorded] = given.requests();
      expect(JSON.stringify(recorded!.headers).toLowerCase()).not.toContain(key.toLowerCase());
      expect(JSON.stringify(recorded!.headers)).not.toContain(other);
      expect(recorded!.headers).toMatchObject({ 'x-[redacted]': 'one', '[redacted]': 'two', 'content-type': 'application/json' });
    } finally {
      await given.close();
    }
  });
});
