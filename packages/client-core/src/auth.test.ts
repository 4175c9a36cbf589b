import { describe, expect, it } from 'vitest';
import { type Auth, authHeader, basicSecrets, CREDENTIAL_RULES } from './auth.js';
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

describe('a long Basic pair', () => {
  it('is encoded, not a RangeError: its UTF-8 bytes are never spread into one call', () => {
    // 3 000 000 bytes: String.fromCharCode(...bytes) overflowed the stack (at about 200 000 in
    // plain Node; a test worker's stack is larger).
    const password = `pässwörd-${'x'.repeat(3_000_000)}`;
    const header = authHeader({ type: 'basic', username: 'acme', password });
    expect(header.value).toBe(`Basic ${b64(`acme:${password}`)}`);
  });
});

// The rules the sandbox and the verifier refuse by too: each part's refusal names the part and says
// the rule in these words, never the value.
describe('CREDENTIAL_RULES', () => {
  it.each<[keyof typeof CREDENTIAL_RULES, string, Auth]>([
    ['apiKey', 'of Latin-1 characters without control characters', { type: 'header', name: 'authorization', value: 'key-€-secret' }],
    ['username', 'without ":", control characters or unpaired surrogates', { type: 'basic', username: 'acme:secret', password: 'pw' }],
    ['password', 'without control characters or unpaired surrogates', { type: 'basic', username: 'acme', password: 'pw-\ud800-secret' }],
  ])('%s: %s', (part, rule, auth) => {
    const [forbidden, words] = CREDENTIAL_RULES[part];
    expect(words).toBe(rule);
    const value = auth.type === 'basic' ? auth[part as 'username' | 'password'] : auth.value;
    expect(forbidden.test(value)).toBe(true);
    expect(() => authHeader(auth)).toThrow(new TypeError(`${part} must be a non-empty string ${rule}`));
  });

  it('forbid nothing a client sends: the values of the sent examples pass each rule', () => {
    expect(CREDENTIAL_RULES.apiKey[0].test('këy-ÿ Bearer')).toBe(false);
    expect(CREDENTIAL_RULES.username[0].test('jürgen')).toBe(false);
    expect(CREDENTIAL_RULES.password[0].test('pä:ss wörd€')).toBe(false);
  });
});

describe('basicSecrets', () => {
  it('is every form of a Basic pair: the token as basicAuth sends it, the pair, the password, the user', () => {
    const secrets = basicSecrets('jürgen', 'pässwörd€');
    expect(secrets).toEqual([b64('jürgen:pässwörd€'), 'jürgen:pässwörd€', 'pässwörd€', 'jürgen']);
    expect(authHeader({ type: 'basic', username: 'jürgen', password: 'pässwörd€' }).value).toBe(`Basic ${secrets[0]}`);
  });
});
