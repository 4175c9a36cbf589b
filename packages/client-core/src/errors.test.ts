import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ClientNetworkError, createRedactor } from './errors.js';

const SECRET = 'pw-7f3a9c';
const redact = createRedactor([SECRET, `Basic ${Buffer.from(`acme:${SECRET}`).toString('base64')}`]);

function everything(value: unknown): string {
  return [String(value), JSON.stringify(value), inspect(value, { depth: 10 }), (value as Error)?.stack].join('\n');
}

describe('createRedactor', () => {
  it('returns a clean error unchanged', () => {
    const error = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    expect(redact(error)).toBe(error);
  });

  it.each<[string, () => unknown]>([
    ['in the message', () => new SyntaxError(`Unexpected token in "${SECRET}"`)],
    ['in the cause', () => new TypeError('fetch failed', { cause: new Error(`bad header ${SECRET}`) })],
    ['in a string property', () => Object.assign(new Error('x'), { header: `Authorization: ${SECRET}` })],
    ['in an object property', () => Object.assign(new Error('x'), { request: { headers: { authorization: SECRET } } })],
  ])('removes a secret %s and keeps the error type', (_title, make) => {
    const original = make() as Error;
    const clean = redact(original);
    expect(everything(clean)).not.toContain(SECRET);
    expect(clean).toBeInstanceOf(Object.getPrototypeOf(original).constructor);
    expect((clean as Error).name).toBe(original.name);
  });

  // Node 22 and 24 give an error's own `stack` as V8's accessor, Node 20 as a data property: the
  // clean error above keeps its identity on each, and a redacted copy keeps its stack, redacted.
  it("keeps a redacted error's stack, redacted", () => {
    const original = new TypeError(`bad header ${SECRET}`);
    const clean = redact(original);
    expect(clean).not.toBe(original);
    expect(Object.getOwnPropertyDescriptor(clean, 'stack')).toMatchObject({ writable: true });
    expect(clean.stack).toMatch(/^TypeError: bad header \[REDACTED\]\n\s+at /);
  });

  it('never runs a getter of the thrower, a `stack` one included', () => {
    let calls = 0;
    const original = Object.defineProperty(new Error('fine'), 'stack', { get: () => `${++calls} ${SECRET}`, configurable: true });
    const clean = redact(original);
    expect(calls).toBe(0);
    expect(clean).not.toBe(original);
    expect(Object.getOwnPropertyDescriptor(clean, 'stack')).toBeUndefined();
  });

  it('drops an accessor without a getter or setter (it was once taken for a data property, and copying it threw)', () => {
    const original = Object.defineProperty(new Error(`bad header ${SECRET}`), 'hollow', { get: undefined, set: undefined, configurable: true });
    const clean = redact(original);
    expect(clean.message).toBe('bad header [REDACTED]');
    expect(Object.getOwnPropertyDescriptor(clean, 'hollow')).toBeUndefined();
  });

  it('redacts strings', () => {
    expect(redact(`key=${SECRET}`)).toBe('key=[REDACTED]');
  });
});

describe('ClientNetworkError', () => {
  const error = new ClientNetworkError('timeout', 'GET', 'https://api.example.com/rest/gateway/messages/1', 'timed out after 5 ms');

  it('says what failed, where', () => {
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toBe('ClientNetworkError: GET https://api.example.com/rest/gateway/messages/1 timed out after 5 ms');
    expect(error.kind).toBe('timeout');
  });

  it('serialises to its documented fields', () => {
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ClientNetworkError',
      kind: 'timeout',
      method: 'GET',
      url: 'https://api.example.com/rest/gateway/messages/1',
    });
  });
});
