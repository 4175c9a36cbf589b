import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { type GatewayMediaType, createGatewayClient } from './client.js';
import { ClientNetworkError } from './index.js';

const username = 'acme';
const password = 'pw-8b1f0e77';
const token = Buffer.from(`${username}:${password}`).toString('base64');

describe('mediaType', () => {
  it.each<GatewayMediaType>([
    'json',
    'application/json',
    'application/vnd.acme.gateway.v1+json',
    'application/vnd.acme-corp.eu.gateway.v1+json',
    // Issue 12, item 13: type and subtype are case-insensitive, parameters allowed (RFC 6838, 9110).
    'Application/vnd.acme.gateway.v1+json',
    'APPLICATION/VND.ACME.GATEWAY.V1+JSON',
    'application/vnd.acme.gateway.v1+json; charset=utf-8',
    'application/vnd.acme.gateway.v1+json;charset="utf-8"',
    'Application/JSON; charset=utf-8',
  ])('accepts %s', (mediaType) => {
    expect(() => createGatewayClient({ baseUrl: 'https://api.example.com', username, password, mediaType })).not.toThrow();
  });

  it.each([
    ['the document\'s placeholder', 'application/vnd.<vendor>.gateway.v1+json'],
    ['the contract\'s placeholder key', 'application/vnd.vendor.gateway.v1+json'],
    ['the contract\'s placeholder key in capitals', 'application/vnd.VENDOR.gateway.v1+json'],
    ['another version', 'application/vnd.acme.gateway.v2+json'],
    ['another interface', 'application/vnd.acme.sms.v1+json'],
    ['an empty vendor token', 'application/vnd..gateway.v1+json'],
    // RFC 6838 (section 4.2): a restricted-name starts with a letter or digit.
    ['a vendor token that is only "+"', 'application/vnd.+.gateway.v1+json'],
    ['a vendor token starting with "-"', 'application/vnd.-acme.gateway.v1+json'],
    ['a malformed parameter', 'application/vnd.acme.gateway.v1+json; charset'],
    ['a line break in a parameter', 'application/vnd.acme.gateway.v1+json; a=b\r\nX-Evil: 1'],
    ['a vendor token over 127 characters', `application/vnd.${'a'.repeat(120)}.gateway.v1+json`],
    ['plain text', 'text/plain'],
  ])('rejects %s', (_title, mediaType) => {
    expect(() =>
      createGatewayClient({ baseUrl: 'https://api.example.com', username, password, mediaType: mediaType as GatewayMediaType }),
    ).toThrow(TypeError);
  });

  // The integrator trial: the contract's own key was refused with a message it seemed to match.
  it('says, when it refuses the contract\'s placeholder, that `vendor` is one', () => {
    expect(() => createGatewayClient({ baseUrl: 'https://api.example.com', username, password, mediaType: 'application/vnd.vendor.gateway.v1+json' as GatewayMediaType })).toThrow(
      "mediaType must be 'json' or application/vnd.<your vendor's token>.gateway.v1+json (RFC 6838; 'vendor' is the contract's placeholder), optionally with parameters",
    );
  });

  // The check as first written (RFC 9110 parameters spelt out in full), kept here to show that the
  // shorter one in client.ts accepts exactly what it accepted.
  const FIRST = new RegExp(
    `^(?!application/vnd\\.vendor\\.)(?:application/json|application/vnd\\.[a-z0-9][a-z0-9!#$&^_.+-]{0,106}\\.gateway\\.v1\\+json)` +
      /(?:[ \t]*;[ \t]*[\w!#$%&'*+.^`|~-]+=(?:[\w!#$%&'*+.^`|~-]+|"(?:[\t !#-[\]-~]|\\[\t -~])*"))*/.source +
      '$',
    'i',
  );
  const accepts = (mediaType: string) => {
    try {
      createGatewayClient({ baseUrl: 'https://api.example.com', username, password, mediaType: mediaType as GatewayMediaType });
      return true;
    } catch {
      return false;
    }
  };

  it('accepts exactly what the first, longer check accepted: every combination of types and parameter parts', () => {
    const types = ['application/json', 'APPLICATION/Json', 'application/vnd.acme.gateway.v1+json', 'application/vnd.vendor.gateway.v1+json', 'application/vnd.vendorx.gateway.v1+json', 'text/plain'];
    const spaces = ['', ' ', '\t', ' \t ', '\n', '\r\n'];
    const names = ['charset', 'q', '', 'a b', 'a"b', 'é', "x!#$%&'*+.^_`|~-9"];
    const values = ['utf-8', '"utf-8"', '""', '"a\\"b"', '"a\\', '"a', '"\t a"', '"\r"', '"\\\t"', '"\\\x7f"', '"é"', 'é', 'a;b', 'a b', '', '"a"b"', '"]["', '"a\\"', '"\\\\"', '"\\"'];
    let count = 0;
    for (const type of types) {
      expect(accepts(type)).toBe(FIRST.test(type));
      for (const before of spaces)
        for (const after of spaces)
          for (const name of names)
            for (const value of values) {
              for (const mediaType of [`${type}${before};${after}${name}=${value}`, `${type};${before}${name}=${value};${after}${name}=${value}`]) {
                count++;
                expect(accepts(mediaType), mediaType).toBe(FIRST.test(mediaType));
              }
            }
    }
    expect(count).toBeGreaterThan(20_000);
  });

  it('accepts exactly what the first, longer check accepted: random texts over the characters that matter', () => {
    const alphabet = [...' \t;="\\é\x7f\r!#~[]ab-9+.', ';charset=', ';q="', '\\"', '"x"'];
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      let tail = '';
      for (let n = Math.floor(next() * 10); n > 0; n--) tail += alphabet[Math.floor(next() * alphabet.length)];
      const mediaType = `${next() < 0.5 ? 'application/json' : 'application/vnd.acme.gateway.v1+json'}${tail}`;
      expect(accepts(mediaType), mediaType).toBe(FIRST.test(mediaType));
    }
  });
});

describe('the vendor media type', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const vendor = 'application/vnd.acme.gateway.v1+json';

  it('is the Content-Type of requests with a body only', async () => {
    const client = createGatewayClient({ baseUrl: server.url, username, password, mediaType: vendor });
    server.reply({ status: 201, body: [1] }, { status: 200, body: { content: 'hi', destination: '1' } });
    // The server is shared by this block's tests: only this test's requests count, in any test order.
    const before = server.requests.length;
    await client.POST('/messages', { body: { content: 'hi', destination: '1' } });
    await client.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } });
    expect(server.requests.slice(before).map((r) => r.headers['content-type'])).toEqual([vendor, undefined]);
  });

  it('gives way to application/json chosen for one call (issue 12, item 13)', async () => {
    const client = createGatewayClient({ baseUrl: server.url, username, password, mediaType: vendor });
    server.reply({ status: 201, body: [1] });
    await client.POST('/messages', { body: { content: 'hi', destination: '1' }, headers: { 'content-type': 'application/json' } });
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('is sent as given, parameters included', async () => {
    const given = 'Application/vnd.acme.gateway.v1+json; charset=utf-8';
    const client = createGatewayClient({ baseUrl: server.url, username, password, mediaType: given as GatewayMediaType });
    server.reply({ status: 201, body: [1] });
    await client.POST('/messages', { body: { content: 'hi', destination: '1' } });
    expect(server.requests.at(-1)?.headers['content-type']).toBe(given);
  });

  it('gives way to a Content-Type chosen for one call', async () => {
    const client = createGatewayClient({ baseUrl: server.url, username, password, mediaType: vendor });
    server.reply({ status: 201, body: [1] });
    await client.POST('/messages', {
      body: { content: 'hi', destination: '1' },
      headers: { 'Content-Type': 'application/vnd.other.gateway.v1+json' },
    });
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/vnd.other.gateway.v1+json');
  });
});

describe('path parameters (issue 12, item 12)', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const get = (messageid: string) =>
    createGatewayClient({ baseUrl: server.url, username, password }).GET('/messages/{messageid}', {
      params: { path: { messageid: messageid as unknown as number } },
    });

  it.each(['.', '..'])('a messageid %j is refused, and nothing is sent (it would be a dot segment)', async (messageid) => {
    // The server is shared by this block's tests: only this test's requests count, in any test order.
    const before = server.requests.length;
    await expect(get(messageid)).rejects.toThrow(/path parameter messageid/);
    expect(server.requests).toHaveLength(before);
  });

  it('a %2e form arrives as one encoded segment', async () => {
    server.reply({ status: 200, body: { content: 'hi', destination: '1' } });
    await get('%2e%2e');
    expect(server.requests.at(-1)?.target).toBe('/rest/gateway/messages/%252e%252e');
  });
});

describe('credentials', () => {
  it('rejects an empty password', () => {
    expect(() => createGatewayClient({ baseUrl: 'https://api.example.com', username, password: '' })).toThrow(/password/);
  });
});

describeFailures({
  createClient: (options) => createGatewayClient({ ...options, username, password }),
  call: (client) => client.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } }),
  secrets: [password, token],
  ClientNetworkError,
});
