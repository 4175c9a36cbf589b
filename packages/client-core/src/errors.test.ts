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
