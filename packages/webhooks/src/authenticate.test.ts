// The optional `authenticate(request)` hook of every receiver, and the three documented ways to
// use it (section 6 does not show how the service authenticates itself), over real HTTP in both
// forms.
import { describe, expect, it } from 'vitest';
import { addressAllowlist, basicCredentials, secretPathSegment } from './authenticate.js';
import type { Authenticate, ReceiverErrorEvent } from './core.js';
import { createImV1StatusReceiver, createSmsV2CallbackReceiver, createSmsV2ReplyReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { createCallbackRouter } from './router.js';
import { handlerForms, postJson, serversClosedAfterEach } from './test-support/http.js';
import { uuid } from './test-support/contract-values.js';

const serve = serversClosedAfterEach();
const status = { id: uuid, status: 'sent' };
const smsRefusal = { message: 'Authentication failed', statusCode: 401, error: 'Unauthorized' };
const imRefusal = { code: 401, message: 'Authentication failed', errors: [] };

const receivers = [
  ['B status', (authenticate: Authenticate, calls: unknown[]) => createSmsV2StatusReceiver({ authenticate, onStatus: (b) => void calls.push(b) }), smsRefusal],
  ['B reply', (authenticate: Authenticate, calls: unknown[]) => createSmsV2ReplyReceiver({ authenticate, onReply: (b) => void calls.push(b) }), smsRefusal],
  [
    'B at one address',
    (authenticate: Authenticate, calls: unknown[]) => createSmsV2CallbackReceiver({ authenticate, onStatus: (b) => void calls.push(b), onReply: (b) => void calls.push(b) }),
    smsRefusal,
  ],
  ['C status', (authenticate: Authenticate, calls: unknown[]) => createImV1StatusReceiver({ authenticate, rateLimit: 10, onStatus: (b) => void calls.push(b) }), imRefusal],
] as const;
const bodyFor = (name: string) => (name === 'B reply' ? { id: uuid, content: 'Yes' } : status);

describe.each(handlerForms)('the %s form', (_form, listener) => {
  describe.each(receivers)('%s', (name, create, refusal) => {
    it('refuses a request the hook does not accept with 401 in the interface\'s shape, without calling your handler', async () => {
      const calls: unknown[] = [];
      const seen: string[] = [];
      const server = await serve(listener(create((request) => seen.push(`${request.method} ${request.url}`) < 0, calls)));
      const answer = await postJson(server.url, bodyFor(name), { path: '/callbacks?x=1' });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toEqual(refusal);
      // A hook without a `challenge` names no scheme (a secret path or an allowlist is none).
      expect(answer.headers['www-authenticate']).toBeUndefined();
      expect(calls).toEqual([]);
      expect(seen).toEqual(['POST /callbacks?x=1']);
    });
    it('handles a request the hook accepts', async () => {
      const calls: unknown[] = [];
      const server = await serve(listener(create(async () => true, calls)));
      expect((await postJson(server.url, bodyFor(name))).status).toBe(200);
      expect(calls).toEqual([bodyFor(name)]);
    });
  });

  it('answers 500 when the hook throws or outlives handlerTimeoutMs, telling onError; nothing is handled', async () => {
    const events: ReceiverErrorEvent[] = [];
    const calls: unknown[] = [];
    const failing = new Error('directory down');
    for (const authenticate of [() => { throw failing; }, () => new Promise<boolean>(() => {})]) {
      const server = await serve(listener(createSmsV2StatusReceiver({ authenticate, handlerTimeoutMs: 50, onError: (e) => void events.push(e), onStatus: (b) => void calls.push(b) })));
      const answer = await postJson(server.url, status);
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.text)).toEqual({ message: 'Internal server error', statusCode: 500, error: 'Internal Server Error' });
    }
    expect(events).toEqual([
      { status: 500, reason: 'authenticate_failed', error: failing },
      { status: 500, reason: 'authenticate_failed' },
    ]);
    expect(calls).toEqual([]);
  });

  describe('Basic credentials in the address: basicCredentials(username, password)', () => {
    const receiver = () => createImV1StatusReceiver({ authenticate: basicCredentials('service', 'pä55-word'), rateLimit: 10, onStatus: () => {} });
    it('accepts the credentials an HTTP client sends for https://service:secret@you.example/...', async () => {
      const server = await serve(listener(receiver()));
      const withCredentials = new URL(server.url);
      withCredentials.username = 'service';
      withCredentials.password = encodeURIComponent('pä55-word');
      expect((await postJson(withCredentials.href, status)).status).toBe(200);
    });
    it.each([
      ['no credentials', {}],
      ['a wrong password', { authorization: `Basic ${Buffer.from('service:pä55-wore').toString('base64')}` }],
      ['a longer password', { authorization: `Basic ${Buffer.from('service:pä55-word!').toString('base64')}` }],
      ['another scheme', { authorization: 'Bearer pä55-word' }],
      ['the token alone', { authorization: Buffer.from('service:pä55-word').toString('base64') }],
      ['a token after the right one', { authorization: `Basic ${Buffer.from('service:pä55-word').toString('base64')} x` }],
    ])('refuses %s', async (_title, headers) => {
      const server = await serve(listener(receiver()));
      const answer = await postJson(server.url, status, { headers: headers as Record<string, string> });
      expect(answer.status).toBe(401);
      // RFC 9110 section 11.6.1: the 401 names the scheme (RFC 7617's charset parameter with it).
      expect(answer.headers['www-authenticate']).toBe('Basic realm="callbacks", charset="UTF-8"');
    });
    // The scheme's name is case-insensitive, and one or more spaces follow it (RFC 9110, 11.1, 11.4).
    it.each(['basic', 'BASIC', 'Basic  '])('accepts the scheme written %j', async (scheme) => {
      const server = await serve(listener(receiver()));
      const headers = { authorization: `${scheme} ${Buffer.from('service:pä55-word').toString('base64')}` };
      expect((await postJson(server.url, status, { headers })).status).toBe(200);
    });
  });

  describe('a secret path segment: secretPathSegment(secret)', () => {
    const secret = 'k7Qw2Zr9Lm4Xc8Vb1Nn5Ty3Ue6Io0Pa';
    it('accepts the address with the segment, refuses it without or with another', async () => {
      const status200 = createSmsV2StatusReceiver({ authenticate: secretPathSegment(secret), onStatus: () => {} });
      const server = await serve(listener(status200));
      expect((await postJson(server.url, status, { path: `/callbacks/${secret}/status` })).status).toBe(200);
      expect((await postJson(server.url, status, { path: `/callbacks/${secret}/status?x=${secret}` })).status).toBe(200);
      expect((await postJson(server.url, status, { path: '/callbacks/status' })).status).toBe(401);
      expect((await postJson(server.url, status, { path: `/callbacks/${secret.slice(1)}/status` })).status).toBe(401);
      expect((await postJson(server.url, status, { path: `/callbacks/status?s=${secret}` })).status).toBe(401);
    });
    it('behind a router, at the route holding the segment', async () => {
      const router = createCallbackRouter({ [`/callbacks/${secret}/status`]: createSmsV2StatusReceiver({ authenticate: secretPathSegment(secret), onStatus: () => {} }) });
      const server = await serve(listener(router));
      expect((await postJson(server.url, status, { path: `/callbacks/${secret}/status` })).status).toBe(200);
    });
  });
});

describe('an address allowlist: addressAllowlist(addresses)', () => {
  it('the Node form accepts a listed peer and refuses another', async () => {
    const allowed = await serve(createSmsV2StatusReceiver({ authenticate: addressAllowlist(['127.0.0.1']), onStatus: () => {} }).node);
    expect((await postJson(allowed.url, status)).status).toBe(200);
    const other = await serve(createSmsV2StatusReceiver({ authenticate: addressAllowlist(['192.0.2.7']), onStatus: () => {} }).node);
    expect((await postJson(other.url, status)).status).toBe(401);
  });
  it('the fetch form knows no peer address, so it refuses every request', async () => {
    const [, bridge] = handlerForms[1];
    const server = await serve(bridge(createSmsV2StatusReceiver({ authenticate: addressAllowlist(['127.0.0.1']), onStatus: () => {} })));
    expect((await postJson(server.url, status)).status).toBe(401);
  });
  // The socket reports an address in one canonical form (`2001:db8::10`, `::ffff:127.0.0.1`); an
  // entry written otherwise never matched, and an entry that is no address (`localhost`) was taken
  // without a word and refused every request.
  it.each([
    ['2001:DB8:0:0:0:0:0:10', '2001:db8::10'],
    ['2001:db8::0:10', '2001:db8::10'],
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['127.0.0.1', '::ffff:127.0.0.1'],
  ])('an entry %s matches a peer the socket reports as %s', (entry, peer) => {
    const request = { method: 'POST', url: '/', headers: { get: () => null }, remoteAddress: peer };
    expect(addressAllowlist([entry])(request)).toBe(true);
    expect(addressAllowlist([entry])({ ...request, remoteAddress: '2001:db8::11' })).toBe(false);
  });
});

describe('options are checked at construction', () => {
  it.each<[string, () => unknown, RegExp]>([
    ['authenticate not a function', () => createSmsV2StatusReceiver({ authenticate: 'yes' as never, onStatus: () => {} }), /authenticate must be a function/],
    ['an empty password', () => basicCredentials('service', ''), /password must be a non-empty string/],
    [
      'a challenge a header cannot carry',
      () => createSmsV2StatusReceiver({ authenticate: Object.assign(() => true, { challenge: 'Basic\r\nSet-Cookie: x=1' }), onStatus: () => {} }),
      /^authenticate\.challenge must be one line of visible ASCII/,
    ],
    // The clients' words for the same rules (client-core's CREDENTIAL_RULES).
    ['a colon in the username', () => basicCredentials('a:b', 'x'), /^username must be a non-empty string without ":", control characters or unpaired surrogates$/],
    ['a control character in the password', () => basicCredentials('service', 'x\ny'), /^password must be a non-empty string without control characters or unpaired surrogates$/],
    ['half a surrogate pair in the password', () => basicCredentials('service', 'x\ud800'), /^password must be a non-empty string without control characters/],
    ['a secret with a slash', () => secretPathSegment('a/b'), /one path segment/],
    ['no address', () => addressAllowlist([]), /non-empty array/],
    ['a host name for an address', () => addressAllowlist(['127.0.0.1', 'localhost']), /addresses\[1\] must be an IPv4 or IPv6 address/],
    ['an address with a prefix', () => addressAllowlist(['192.0.2.0/24']), /addresses\[0\] must be an IPv4 or IPv6 address/],
  ])('%s', (_title, make, message) => {
    expect(make).toThrow(message);
  });

  // Spreading the pair's bytes into String.fromCharCode overflowed the stack here (RangeError).
  it('a password of 3 000 000 characters is taken, and only its exact credentials pass', () => {
    const password = 'p'.repeat(3_000_000);
    const authenticate = basicCredentials('service', password);
    const presenting = (pair: string) => ({ method: 'POST', url: '/callbacks', headers: new Headers({ authorization: `Basic ${Buffer.from(pair).toString('base64')}` }) });
    expect(authenticate(presenting(`service:${password}`))).toBe(true);
    expect(authenticate(presenting(`service:${password}x`))).toBe(false);
  });

  // `/^basic +([^ ]*) *$/` backtracked over every split of the spaces: 60 ms of CPU for a 16 KiB
  // header (Node's default limit), a quarter of the time again for each doubling. Read in one pass,
  // a header of 2 000 000 characters costs no more than reading it; this test never ended before.
  it('reads the Authorization header in one pass: spaces around and inside a 2 000 000-character value', () => {
    const authenticate = basicCredentials('service', 'secret');
    const token = Buffer.from('service:secret').toString('base64');
    const spaces = ' '.repeat(1_000_000);
    const presenting = (authorization: string) => ({ method: 'POST', url: '/callbacks', headers: { get: () => authorization } });
    expect(authenticate(presenting(`basic ${spaces}x${spaces}y`))).toBe(false);
    expect(authenticate(presenting(`Basic ${spaces}${token}${spaces}`))).toBe(true);
    expect(authenticate(presenting(`BASIC ${token}`))).toBe(true);
    expect(authenticate(presenting(`Basic ${token} x`))).toBe(false);
    expect(authenticate(presenting(`Basic\t${token}`))).toBe(false);
    expect(authenticate(presenting(`Basic${token}`))).toBe(false);
  });
});
