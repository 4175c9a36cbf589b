// The forms of a credential the redaction (redaction.ts) missed, found by reading it as an attacker
// would. Percent-escapes: RFC 3986 section 6.2.2.1 makes their case insignificant, so `%2f` beside
// `%3A` in one echoed secret is the secret, and so is a URL that encodes some characters and leaves
// others (the WHATWG URL parser leaves `|` or `[` in a path and encodes a space); a form body writes
// `+` for a space beside lower-case escapes. Before, only the whole secret encoded in upper case, or
// in lower case, or form-encoded in upper case was found. Adjacent credentials: a short one (under 8
// characters, replaced only as a value of its own) beside a long one was kept in clear, the long
// one's characters making it look part of a longer word; and of two that overlap (the end of one
// is the start of the other), the second's remainder was kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretRedactor } from '../src/index.js';

const redactorOf = (...secrets: string[]) => {
  const redactor = new SecretRedactor();
  redactor.set(redactor, secrets);
  return redactor;
};

/** `c` percent-encoded as UTF-8 (whatever encodeURIComponent would leave), each hex digit in the case `upper` says. */
const escaped = (c: string, upper: (i: number) => boolean) =>
  [...new TextEncoder().encode(c)]
    .map((byte, i) => `%${[...byte.toString(16).padStart(2, '0')].map((digit, j) => (upper(2 * i + j) ? digit.toUpperCase() : digit)).join('')}`)
    .join('');

describe('percent-escapes in any case, and any mix of encoded and plain characters', () => {
  const secret = 'pass/word:secret x';
  const redactor = redactorOf(secret);

  it('finds escapes of mixed case in one secret, and form encoding with lower-case escapes', () => {
    expect(redactor.redact('/x?p=pass%2fword%3Asecret%20x&q=1')).toBe('/x?p=[redacted]&q=1');
    expect(redactor.redact('p=pass%2Fword%3asecret+x&q=1')).toBe('p=[redacted]&q=1');
    expect(redactor.redact('p=pass%2fword%3asecret+x&q=1')).toBe('p=[redacted]&q=1');
  });

  it('finds a secret some of whose characters are encoded and others not', () => {
    expect(redactor.redact('/x/pass/word:secret%20x/y')).toBe('/x/[redacted]/y');
    expect(redactor.redact('/x/pass/word%3Asecret x/y')).toBe('/x/[redacted]/y');
    // As the WHATWG URL parser writes a path: the space encoded, `|` and `[` left.
    const odd = 'key|with[odd] chars';
    expect(redactorOf(odd).redact(new URL(`http://h/${odd}/next`).pathname)).toBe('/[redacted]/next');
  });

  it('finds characters beyond ASCII encoded as UTF-8 in either case', () => {
    const unicode = redactorOf('pässwörd-€-long');
    expect(unicode.redact('pw=p%c3%A4sswörd-%E2%82%ac-long;')).toBe('pw=[redacted];');
  });

  it('each character of a secret as given or escaped, any hex digit in either case, a space as `+` or `%20`: never shown, the text around it kept', () => {
    const given = 'Zebra pa$$/wörd+ok:€';
    const forms = redactorOf(given);
    const spelt = fc.tuple(
      ...[...given].map((c) =>
        fc.oneof(
          fc.constant(c),
          fc.func(fc.boolean()).map((upper) => escaped(c, (i) => upper(i))),
          ...(c === ' ' ? [fc.constant('+')] : []),
        ),
      ),
    );
    fc.assert(
      fc.property(spelt, fc.stringMatching(/^[a-z&=?/]{0,6}$/), (chars, around) => {
        const text = `${around}=${chars.join('')}&${around}`;
        expect(forms.redact(text)).toBe(`${around}=[redacted]&${around}`);
      }),
    );
  });

  it('form-decoded as a form body is read: a `+` or `%20` or a space for each space, beside escapes and JSON escapes of other characters', () => {
    const spaced = redactorOf('two  spaces and+plus\\');
    expect(spaced.redact('p=two+%20spaces and%2Bplus%5c&q=1')).toBe('p=[redacted]&q=1');
    expect(spaced.redact('{"p":"two +spaces+and%2bplus\\\\"}')).toBe('{"p":"[redacted]"}');
    // A `+` that stands for itself is not read as a space where no secret has one.
    expect(redactorOf('no-spaces+here').redact('k=no-spaces+here')).toBe('k=[redacted]');
  });

  it('leaves alone a text whose escapes decode to no secret, and a percent sign that starts no escape', () => {
    expect(redactor.redact('a=100%25&b=%zz&c=pass%2Fword')).toBe('a=100%25&b=%zz&c=pass%2Fword');
  });

  it('finds a secret spelt in JSON escapes whose characters are percent-encoded too', () => {
    expect(redactor.redact('{"u":"pass\\u00252fword%3Asecret%20x"}')).toBe('{"u":"[redacted]"}');
  });
});

describe('credentials side by side', () => {
  const long1 = 'abcdefghijkl';
  const long2 = 'mnopqrstuvwx';
  const short = 'kq7';
  const redactor = redactorOf(long1, long2, short);

  it('replaces two long ones with no separator, each', () => {
    expect(redactor.redact(`x=${long1}${long2}&`)).toBe('x=[redacted][redacted]&');
  });

  it('replaces a short one next to a long one, on either side', () => {
    expect(redactor.redact(`x=${long1}${short}&`)).toBe('x=[redacted][redacted]&');
    expect(redactor.redact(`x=${short}${long1}&`)).toBe('x=[redacted][redacted]&');
    expect(redactor.redact(`x=${short}${long1}${short}`)).toBe('x=[redacted][redacted][redacted]');
    // Still a value of its own only: inside a word it is kept.
    expect(redactor.redact(`x=a${short}${long1}`)).toBe(`x=a${short}[redacted]`);
  });

  it('replaces both of two that overlap, the end of one the start of the other', () => {
    const overlapping = redactorOf('12345678ab', 'ab87654321');
    expect(overlapping.redact('x=12345678ab87654321&')).toBe('x=[redacted]&');
    expect(overlapping.redact('x=ab87654321 12345678ab87654321')).toBe('x=[redacted] [redacted]');
  });
});
