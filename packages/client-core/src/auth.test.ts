import { describe, expect, it } from 'vitest';
import { type Auth, authHeader } from './auth.js';
import { createRedactor } from './errors.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('authHeader', () => {
  it.each<[string, { given: Auth; want: { name: string; value: string } }]>([
    ['Basic for A and D', { given: { type: 'basic', username: 'acme', password: 's3cret' }, want: { name: 'Authorization', value: `Basic ${b64('acme:s3cret')}` } }],
    ['Basic encodes UTF-8 (RFC 7617)', { given: { type: 'basic', username: 'jürgen', password: 'pässwörd€' }, want: { name: 'Authorization', value: `Basic ${b64('jürgen:pässwörd€')}` } }],
    ['Basic allows a colon in the password', { given: { type: 'basic', username: 'acme', password: 'a:b' }, want: { name: 'Authorization', value: `Basic ${b64('acme:a:b')}` } }],
    ['raw key in Authorization for B', { given: { type: 'header', name: 'Authorization', value: 'key-123' }, want: { name: 'Authorization', value: 'key-123' } }],
    ['a Latin-1 API key is sent as it is', { given: { type: 'header', name: 'authorization', value: 'këy-ÿ' }, want: { name: 'authorization', value: 'këy-ÿ' } }],
    ['raw key in authorization for C', { given: { type: 'header', name: 'authorization', value: 'key-456' }, want: { name: 'authorization', value: 'key-456' } }],
  ])('%s', (_title, { given, want }) => {
    const header = authHeader(given);
    expect({ name: header.name, value: header.value }).toEqual(want);
    // Redacting the secrets leaves nothing of the credential in the header value.
    expect(createRedactor(header.secrets)(header.value)).toMatch(/^(Basic )?\[REDACTED\]$/);
  });

  it.each<[string, Auth, RegExp]>([
    ['an empty password', { type: 'basic', username: 'acme', password: '' }, /password/],
    ['a colon in the username', { type: 'basic', username: 'ac:me', password: 'pw-secret' }, /username/],
    ['a line break in the password', { type: 'basic', username: 'acme', password: 'pw\r\nX-Evil: 1' }, /password/],
    ['an empty API key', { type: 'header', name: 'Authorization', value: '' }, /apiKey/],
    ['a control character in the API key', { type: 'header', name: 'authorization', value: 'key\u0000secret' }, /apiKey/],
    ['a non-string API key', { type: 'header', name: 'authorization', value: undefined as unknown as string }, /apiKey/],
    // Issue 12, item 11: a header value is Latin-1 (fetch refuses anything else at every call).
    ['a non-Latin-1 API key', { type: 'header', name: 'authorization', value: 'key-€-0b9a' }, /apiKey.*Latin-1/],
    ['an emoji in the API key', { type: 'header', name: 'authorization', value: 'key-\u{1F511}' }, /apiKey.*Latin-1/],
    // UTF-8 cannot encode half a surrogate pair: TextEncoder would send U+FFFD instead.
    ['an unpaired surrogate in the password', { type: 'basic', username: 'acme', password: 'pw-\ud800-x' }, /password/],
    ['an unpaired surrogate in the username', { type: 'basic', username: 'ac\udc00me', password: 'pw-secret' }, /username/],
  ])('rejects %s without echoing it', (_title, given, message) => {
    let thrown: unknown;
    try {
      authHeader(given);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toMatch(message);
    const secret = given.type === 'basic' ? given.password : given.value;
    if (secret) expect(String(thrown)).not.toContain(secret);
  });
});
