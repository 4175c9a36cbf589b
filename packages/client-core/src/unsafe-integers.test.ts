// An integer beyond 2^53 - 1 in an answer is never handed back rounded (A's ids are int64,
// sections 2.1 and 4.1; D's ids integers without a bound, section 2.4): the check finds the first
// one with its JSON pointer and digits, and the call throws ClientNetworkError kind 'unsafe-integer'.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shown, thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { createCoreClient } from './client.js';
import { ClientNetworkError } from './errors.js';
import { firstUnsafeInteger, hasDigitRun, unsafeIntegers } from './unsafe-integers.js';

const BIG = '12345678901234567895';

describe('hasDigitRun', () => {
  it('agrees with /\\d{16}/ on any text of digits and others', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a"]{0,80}$/), (text) => {
        expect(hasDigitRun(text)).toBe(/\d{16}/.test(text));
      }),
      { numRuns: 2000 },
    );
    for (let at = 0; at < 40; at++) {
      expect(hasDigitRun(`${'x'.repeat(at)}${'7'.repeat(16)}`)).toBe(true);
      expect(hasDigitRun(`${'x'.repeat(at)}${'7'.repeat(15)}x${'7'.repeat(15)}`)).toBe(false);
    }
  });
});

describe('firstUnsafeInteger', () => {
  it.each([
    ['the root', BIG, ''],
    ['an array item', `[1, 2, ${BIG}]`, '/2'],
    ['a member, its key escaped (RFC 6901)', `{"a":{"b/c~d":[0,{"id":${BIG}}]}}`, '/a/b~1c~0d/1/id'],
    ['a member with an empty key', `{"":${BIG}}`, '/'],
    ['after objects in an array', `[{"a":1},{"b":[0,"x",${BIG}]}]`, '/1/b/2'],
    ['with whitespace between the tokens', `{ "a" : [ 1 ,\n\t${BIG} ] }`, '/a/1'],
    ['after a string with escaped quotes and digits', `{"a":"x\\"${BIG}\\\\","b":[${BIG}]}`, '/b/0'],
    ['a negative one', `{"id":-${BIG}}`, '/id'],
    ['2^53, the first integer beyond 2^53 - 1', '[9007199254740992]', '/0'],
    ['-2^53', '[-9007199254740992]', '/0'],
    ['a key escaped in the text', `{"a\\u002fb":${BIG}}`, '/a~1b'],
  ])('finds %s', (_title, text, pointer) => {
    JSON.parse(text); // each case is valid JSON
    const digits = /-?\d{16,}(?=[\s\]},]*$)/.exec(text)?.[0] ?? BIG;
    expect(firstUnsafeInteger(text)).toEqual([pointer, digits]);
  });

  it.each([
    ['2^53 - 1 and its negative', '[9007199254740991, -9007199254740991, 0, -0]'],
    ['digits in a string', `{"content":"${BIG}","reference":"id ${BIG}"}`],
    ['digits in a key', `{"${BIG}":1}`],
    // Not integer literals: no deployment writes an int64 id with a fraction or an exponent.
    ['a fraction', `[${BIG}.5, 0.${BIG}]`],
    ['an exponent', `[1e300, ${BIG}e0, 1E+${BIG}, 1e-${BIG}]`],
  ])('finds nothing in %s', (_title, text) => {
    JSON.parse(text);
    expect(firstUnsafeInteger(text)).toBeUndefined();
  });

  it('agrees with a walk of the parsed value, whatever the strings and keys hold', () => {
    const MARK = '\u0001BIG';
    // The first mark, or a double JSON.stringify writes as an integer literal beyond 2^53 - 1.
    const first = (value: unknown, digits: string, path = ''): [string, string] | undefined => {
      if (value === MARK) return [path, digits];
      if (typeof value === 'number' && !Number.isSafeInteger(value) && /^-?\d+$/.test(JSON.stringify(value))) return [path, JSON.stringify(value)];
      if (value === null || typeof value !== 'object') return undefined;
      for (const [key, inner] of Object.entries(value)) {
        const found = first(inner, digits, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
        if (found) return found;
      }
      return undefined;
    };
    const tricky = fc.stringMatching(/^[-\d"\\/~:,[\]{} e.]{0,10}$/);
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        tricky,
        fc.constant(MARK),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(tricky, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }), fc.boolean(), (v, big, negative) => {
        const digits = `${negative ? '-' : ''}${big}`;
        const text = JSON.stringify(v).replaceAll(JSON.stringify(MARK), digits);
        expect(firstUnsafeInteger(text)).toEqual(first(v, digits));
      }),
      { numRuns: 300 },
    );
  });

  // Why the pass reads the text and not the parsed value: JSON.parse drops all but the last value
  // of a repeated key, and puts integer-like keys first; a walk of its result would miss the first
  // literal or name another, where the text has them in the order the service wrote them.
  it('finds a literal JSON.parse drops (a repeated key), and the first in the text whatever the keys', () => {
    expect(firstUnsafeInteger(`{"id":${BIG},"id":1}`)).toEqual(['/id', BIG]);
    expect(firstUnsafeInteger(`{"b":[${BIG}],"0":-${BIG}}`)).toEqual(['/b/0', BIG]);
    // 1e20 parses to an integer beyond 2^53 - 1 too, but is no integer literal.
    expect(firstUnsafeInteger(`{"a":1e20,"b":100000000000000000000.0,"c":${BIG}}`)).toEqual(['/c', BIG]);
  });

  it('ends on a text that is not JSON (a string left open), without hanging', () => {
    expect(firstUnsafeInteger(`["${BIG}`)).toBeUndefined();
    expect(firstUnsafeInteger(`["a\\`)).toBeUndefined();
  });

  it('shows at most 64 levels of a deeper pointer, then /…', () => {
    const text = `${'['.repeat(100)}${BIG}${']'.repeat(100)}`;
    expect(firstUnsafeInteger(text)).toEqual([`${'/0'.repeat(64)}/…`, BIG]);
  });

  it('shows at most 64 characters of a key', () => {
    const key = 'k'.repeat(1000);
    expect(firstUnsafeInteger(`{"${key}":${BIG}}`)).toEqual([`/${'k'.repeat(64)}…`, BIG]);
  });

  // A regular expression matching a whole string, escapes and all, overflows V8's backtracking
  // stack well below 16 MiB (tried: "Maximum call stack size exceeded").
  it('is one pass: a 16 MiB answer (the default maxResponseBytes) of strings full of escapes and digits ends (no regular-expression backtracking)', () => {
    const text = `[${JSON.stringify(`\\"${'1'.repeat(20)}`.repeat(700_000))},${BIG}]`;
    expect(text.length).toBeGreaterThan(16 * 1024 * 1024);
    expect(firstUnsafeInteger(text)).toEqual(['/1', BIG]);
  });
});

type Op = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  requestBody?: never;
  responses: {
    200: { headers: Record<string, unknown>; content: { 'application/json': unknown } };
    default: { headers: Record<string, unknown>; content: { 'application/json': unknown } };
  };
};
type Paths = { '/ids': { get: Op } };

describe('a client with the check', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const apiKey = 'k-4f9c2a7e';
  const client = (checked = true) =>
    createCoreClient<Paths>({
      baseUrl: server.url,
      basePath: '/rest/test',
      auth: { type: 'header', name: 'authorization', value: apiKey },
      ...(checked && { integers: unsafeIntegers('the contract types its ids int64 (section 0)') }),
    });
  const json = (status: number, body: string, headers: Record<string, string> = {}) => ({ status, headers: { 'Content-Type': 'application/json', ...headers }, body });
  const unsafe = (error: unknown, pointer: string) => {
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'unsafe-integer', method: 'GET', url: `${server.url}/rest/test/ids`, pointer, digits: BIG });
    expect(String(error)).toContain(`answered ${BIG} at "${pointer}": beyond 2^53-1, not exact as a JavaScript number; the contract types its ids int64 (section 0). Read error.text with an exact JSON parser, or use parseAs: 'text'`);
    return error as ClientNetworkError;
  };

  it.each([
    ['with Content-Length', {}],
    ['chunked', { 'Transfer-Encoding': 'chunked' }],
  ])('throws for a success body, %s, and the error holds the body as sent', async (_title, headers) => {
    server.reply(json(200, `{"ids":[1,${BIG}]}`, headers));
    const error = unsafe(await thrown(() => client().GET('/ids', { params: { query: { q: 'x' } } as never })), '/ids/1');
    expect(error.text).toBe(`{"ids":[1,${BIG}]}`);
    // The URL as every ClientNetworkError shows it: without the query.
    expect(error.url).not.toContain('?');
  });

  it('throws for an error body too', async () => {
    server.reply(json(500, `{"code":500,"message":"m","id":${BIG}}`));
    unsafe(await thrown(() => client().GET('/ids')), '/id');
  });

  it('leaves an error body that is not JSON as its text, digits and all', async () => {
    server.reply({ status: 500, headers: { 'Content-Type': 'text/plain' }, body: `order ${BIG} failed` });
    expect((await client().GET('/ids')).error).toBe(`order ${BIG} failed`);
  });

  it("hands back ordinary answers unchanged, and parseAs: 'text' the body as sent", async () => {
    server.reply(json(200, '{"ids":[9007199254740991],"n":1.5}'), json(200, `[${BIG}]`));
    expect((await client().GET('/ids')).data).toEqual({ ids: [9007199254740991], n: 1.5 });
    expect((await client().GET('/ids', { parseAs: 'text' })).data).toBe(`[${BIG}]`);
  });

  it('replaces a credential the body echoes, in the text and the message', async () => {
    server.reply(json(200, `{"${apiKey}":${BIG},"echo":"${apiKey}"}`));
    const error = await thrown(() => client().GET('/ids'));
    expect(error).toMatchObject({ kind: 'unsafe-integer', pointer: '/[REDACTED]', text: `{"[REDACTED]":${BIG},"echo":"[REDACTED]"}` });
    expect(shown(error)).not.toContain(apiKey);
  });

  it('without the check (B and C: every integer of theirs is bounded), JSON.parse as openapi-fetch', async () => {
    server.reply(json(200, `[${BIG}]`));
    expect((await client(false).GET('/ids')).data).toEqual([12345678901234567000]);
  });
});
