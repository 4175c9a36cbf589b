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
 * between such characters (`api.example.com`; a sentence's final dot ends a value). A
 * percent-escape beside it ends a word too: in a URL, `Basic%20<token>` holds the token as a value.
 */
const WORD_BEFORE = '(?:(?<=%[0-9A-Fa-f]{2})|(?<![A-Za-z0-9_-])(?<![A-Za-z0-9_-]\\.))';
const WORD_AFTER = '(?:(?=%[0-9A-Fa-f]{2})|(?![A-Za-z0-9_-])(?!\\.[A-Za-z0-9_-]))';

/**
 * The forms a secret takes where it is shown: as given, and URL-encoded as a path segment or a query
 * value (`%20` or `+` for a space). A server that echoes a credential back as an id makes a
 * workflow send it on in a URL, which the report's curl then shows encoded.
 */
function shownForms(secret: string): string[] {
  try {
    return [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice('s='.length)];
  } catch {
    return [secret]; // an unpaired surrogate cannot be URL-encoded, so it is never shown encoded
  }
}

/** `text` with every URL's userinfo dropped and every secret that stands as a value of its own replaced. */
export function redact(text: string, secrets: readonly string[]): string {
  return redactor(secrets)(text);
}

/** `redact` with its patterns built once, for many texts. */
export function redactor(secrets: readonly string[]): (text: string) => string {
  // Longest first, so that a secret containing another is replaced whole.
  const patterns = [...new Set(secrets.flatMap(shownForms))]
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((secret) => new RegExp(`${WORD_BEFORE}${escape(secret)}${WORD_AFTER}`, 'g'));
  return (text) => patterns.reduce((out, pattern) => out.replace(pattern, REDACTED), withoutUserinfo(text));
}

/**
 * The one place a run's report and progress lines are redacted (in `verify()`, for the API and the
 * command alike): free text (a check's subject, message and curl, a note, the reason a run
 * stopped, a printed line) as above, value by value before JSON or XML escapes it; the report's
 * own keys and fixed vocabulary (check names, operations, sections, interface ids) are never
 * touched, so an API key `accepted` leaves the check `accepted` alone.
 */
export type Redact = (text: string) => string;
