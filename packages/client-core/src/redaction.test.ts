// Item 10 of issue 12: a secret never reaches anything thrown, whatever shape carries it. A custom
// fetch or a middleware throws a value built by fast-check, holding a secret (raw, the Basic
// token, the `user:password` pair, URL-encoded) in a message, a string or object cause,
// AggregateError.errors, a plain object, an own or symbol-keyed property, a chain deeper than 5,
// or a cycle; what the call throws must show none of it, by any means of display.
import fc from 'fast-check';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader } from './auth.js';
import { createCoreClient } from './client.js';
import { ClientNetworkError, createRedactor } from './errors.js';
import { unsafeIntegers } from './unsafe-integers.js';
import { shown, thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, refusedUrl, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

const auth = { type: 'basic', username: 'acme', password: 'pä ss/+wörd-5e1d' } as const;
const { secrets } = authHeader(auth);
const forms = [auth.password, `acme:${auth.password}`, btoa('acme:pä ss/+wörd-5e1d'.replace(/[^\0-\x7f]/g, (c) => String.fromCharCode(...new TextEncoder().encode(c)))), encodeURIComponent(auth.password)];
// RFC 4648 section 3.2: an echo may drop the token's `=` padding.
forms.push(forms[2]!.replace(/=+$/, ''));

type Paths = { '/things': { get: { parameters: { query?: never; header?: never; path?: never; cookie?: never }; requestBody?: never; responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } } } } };

/** A value carrying `secret` somewhere, built from the shapes thrown values take. */
function carrier(secret: string): fc.Arbitrary<unknown> {
  const text = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}${secret}${b}`);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      text.map((m) => new Error(m)),
      tie('value').map((cause) => new TypeError('fetch failed', { cause })),
      tie('value').map((inner) => ({ detail: inner })),
      // No prototype: String() of it throws.
      tie('value').map((inner) => Object.assign(Object.create(null), { detail: inner })),
      fc.array(tie('value'), { minLength: 1, maxLength: 3 }).map((errors) => new AggregateError(errors, 'several')),
      tie('value').map((inner) => Object.assign(new Error('x'), { config: { headers: { authorization: inner } } })),
      tie('value').map((inner) => Object.assign(new Error('x'), { [Symbol('hidden')]: inner })),
      tie('value').map((inner) => [inner]),
      // A chain deeper than any fixed search depth, the secret at its end.
      fc.tuple(fc.integer({ min: 6, max: 40 }), tie('value')).map(([depth, inner]) => {
        let error: unknown = inner;
        for (let i = 0; i < depth; i++) error = new Error(`level ${i}`, { cause: error });
        return error;
      }),
      // A cycle: the error is its own cause's cause.
      tie('value').map((inner) => {
        const outer = new Error('outer');
        Object.defineProperty(outer, 'cause', { value: new Error('back', { cause: outer }), configurable: true, writable: true });
        return Object.assign(outer, { carried: inner });
      }),
    ),
  }));
  return value;
}

const everything = (value: unknown) => `${shown(value)}\n${inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true })}`;

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

describe('redaction of every thrown shape', () => {
  it('derives every form of the credentials', () => {
    for (const form of forms) expect(secrets).toContain(form);
  });

  it('a custom fetch throwing it: ClientNetworkError, nothing shown', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms).chain(carrier), async (value) => {
        const client = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth, fetch: () => Promise.reject(value) });
        const error = await thrown(() => client.GET('/things'));
        expect(error).toBeInstanceOf(ClientNetworkError);
        const text = everything(error);
        for (const form of forms) expect(text).not.toContain(form);
      }),
      { numRuns: 150 },
    );
  });

  it('a middleware throwing it: the same shape, without the secret', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms).chain(carrier), async (value) => {
        const client = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth });
        client.use({
          onRequest() {
            throw value;
          },
        });
        const error = await thrown(() => client.GET('/things'));
        if (value instanceof Error) expect(error).toBeInstanceOf(Object.getPrototypeOf(value).constructor);
        const text = everything(error);
        for (const form of forms) expect(text).not.toContain(form);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps what is clean, identity included, and the fields of a ClientNetworkError', () => {
    const redact = createRedactor(secrets);
    const clean = new Error('fine', { cause: { code: 'ECONNRESET' } });
    expect(redact(clean)).toBe(clean);
    const network = new ClientNetworkError('network', 'GET', 'https://x.example/y', `failed ${auth.password}`);
    expect(redact(network)).toMatchObject({ name: 'ClientNetworkError', kind: 'network', method: 'GET', url: 'https://x.example/y', message: 'GET https://x.example/y failed [REDACTED]' });
  });
});

it("the client's own errors pass the redactor too: a credential in a request's path is not shown by the network error", async () => {
  type WithPath = { '/things/{id}': { get: Omit<Paths['/things']['get'], 'parameters'> & { parameters: { query?: never; header?: never; path: { id: string }; cookie?: never } } } };
  const client = createCoreClient<WithPath>({ baseUrl: await refusedUrl(), basePath: '/rest/test', auth });
  const error = await thrown(() => client.GET('/things/{id}', { params: { path: { id: auth.password } } }));
  expect(error).toMatchObject({ kind: 'network' });
  for (const form of forms) expect(everything(error)).not.toContain(form);
});

it('a custom fetch throwing a clean value without a prototype is still a ClientNetworkError', async () => {
  const odd = Object.assign(Object.create(null), { code: 'EODD' });
  const client = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth, fetch: () => Promise.reject(odd) });
  const error = await thrown(() => client.GET('/things'));
  expect(error).toBeInstanceOf(ClientNetworkError);
  expect((error as Error).cause).toBe(odd);
});

it('a secret thrown in another encoding, or as a key, is not shown either', async () => {
  // A password with a space, `/`, `+`, `"` and `\`: every encoding below differs from the raw value.
  const odd = { type: 'basic', username: 'acme', password: 'pa ss/wo+rd"q\\z' } as const;
  const token = authHeader(odd).value.slice('Basic '.length);
  const echoes: [string, () => unknown][] = [
    ['form-encoded', () => new Error(`sent ${new URLSearchParams({ p: odd.password })}`)],
    ['percent-escapes in lower case', () => new Error(`sent ${encodeURIComponent(odd.password).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())}`)],
    ['inside a JSON string', () => new Error(`sent ${JSON.stringify({ options: { password: odd.password } })}`)],
    ['as a key', () => Object.assign(new Error('sent'), { seen: { [`Basic ${token}`]: true, [odd.password]: 1 } })],
    // RFC 4648 section 3.2: a decoder may take base64 without its `=` padding, and an echo may drop it.
    ['the Basic token without its padding', () => new Error(`sent ${token.replace(/=+$/, '')}.`)],
  ];
  expect(token).toMatch(/=$/);
  for (const [how, make] of echoes) {
    const client = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: odd, fetch: () => Promise.reject(make()) });
    const text = everything(await thrown(() => client.GET('/things')));
    for (const form of [odd.password, token.replace(/=+$/, ''), 'pa+ss', 'pa%20ss%2fwo', 'wo+rd\\"q', 'ss/wo+rd']) expect(text, `${how}: ${form}`).not.toContain(form);
    expect(text, how).toContain('[REDACTED]');
  }
});

it("a short credential (a test's user name `u`, an API key `k`) is redacted where it stands alone, and leaves the error's own words whole", async () => {
  // A created id beyond 2^53 - 1 makes the call throw kind 'unsafe-integer'; the body echoes the credentials.
  const short = { type: 'basic', username: 'u', password: 's3cret-pw' } as const;
  const gateway = createCoreClient<Paths>({
    baseUrl: server.url,
    basePath: '/rest/test',
    auth: short,
    integers: unsafeIntegers('an id the gateway creates'),
    fetch: () => Promise.resolve(new Response('{"id":12345678901234567890,"user":"u","echo":"u:s3cret-pw"}', { status: 200, headers: { 'content-type': 'application/json' } })),
  });
  const error = (await thrown(() => gateway.GET('/things'))) as ClientNetworkError;
  expect(error.kind).toBe('unsafe-integer');
  expect(error.url).toBe(`${server.url}/rest/test/things`);
  expect(error.text).toBe('{"id":12345678901234567890,"user":"[REDACTED]","echo":"[REDACTED]"}');
  const key = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: 'k' }, fetch: () => Promise.reject(new Error('refused: authorization: k')) });
  const network = (await thrown(() => key.GET('/things'))) as ClientNetworkError;
  expect(network.kind).toBe('network');
  expect(everything(network)).toContain('authorization: [REDACTED]');
  expect(everything(network)).not.toMatch(/authorization: k\b/);
});

// RFC 3986 section 6.2.2.1: the case of a percent-escape is not significant, so an echo may mix
// them in one value (`%2f` beside `%3A`), or form-encode it (`+` for a space) with lower-case ones.
it('a secret echoed in percent-escapes of mixed case, or form-encoded with lower-case escapes, is not shown either', async () => {
  const odd = { type: 'basic', username: 'acme', password: 'pa ss/wo:rd+1' } as const;
  for (const echoed of ['pa%20ss%2fwo%3Ard%2B1', 'pa+ss%2fwo%3ard%2b1', 'pa+ss%2Fwo%3ard%2B1']) {
    const client = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: odd, fetch: () => Promise.reject(new Error(`sent p=${echoed}&q=1`)) });
    const text = everything(await thrown(() => client.GET('/things')));
    expect(text, echoed).not.toContain(echoed);
    expect(text, echoed).toContain('sent p=[REDACTED]&q=1');
  }
});
