// What the verifier prints and writes never holds a credential (README, "Safety"): a URL's userinfo
// (`https://svc:<password>@host`, as the webhooks README recommends for a callback address) is
// dropped wherever a URL is shown, and each credential value is replaced where it stands as a
// value of its own (a header value, a URL part, a quoted string, a word), never inside another
// word: a gateway user `api` leaves the key `apis` alone, an API key `sms` leaves `sms-v2`.

const REDACTED = '[redacted]';

/** `url` as it may be shown: without user name and password. Text that is no URL is returned as is. */
export function withoutUserinfo(url: string): string {
  return url.replace(USERINFO, '$1');
}

/** A URL's userinfo: after `scheme://`, anything up to an `@` before the first `/`, `?`, `#` or space. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A character that makes the value part of a longer word: a letter, digit, `_` or `-`, or a dot
 * between such characters (`api.example.com`; a sentence's final dot ends a value).
 */
const WORD_BEFORE = '(?<![A-Za-z0-9_-])(?<![A-Za-z0-9_-]\\.)';
const WORD_AFTER = '(?![A-Za-z0-9_-])(?!\\.[A-Za-z0-9_-])';

/** `text` with every URL's userinfo dropped and every secret that stands as a value of its own replaced. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = withoutUserinfo(text);
  // Longest first, so that a secret containing another is replaced whole.
  for (const secret of [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(`${WORD_BEFORE}${escape(secret)}${WORD_AFTER}`, 'g'), REDACTED);
  }
  return out;
}
