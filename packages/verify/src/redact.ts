// What the verifier prints and writes never holds a credential (README, "Safety"): a URL's userinfo
// (`https://svc:<password>@host`, as the webhooks README recommends for a callback address) is
// dropped wherever a URL is shown, and each credential value is replaced: one of 8 characters or
// more wherever it occurs (as client-core redacts errors), a shorter one where it stands as a value
// of its own (a header value, a URL part, a quoted string, a word), never inside another word: a
// gateway user `api` leaves the key `apis` alone, an API key `sms` leaves `sms-v2`.
import { SecretRedactor } from '@messaging-contracts/sandbox';

/** `url` as it may be shown: without user name and password. Text that is no URL is returned as is. */
export function withoutUserinfo(url: string): string {
  return url.replace(USERINFO, '$1');
}

/**
 * A URL's userinfo: after `scheme://`, anything up to the last `@` before the first `/`, `?`, `#` or
 * space (greedy: the WHATWG URL parser ends the userinfo at the authority's last `@`, so a password
 * may hold a raw one, and stopping at the first showed the rest of it). A scheme of at most 32
 * characters: unbounded, a text of dotted words (`a.a.a…`, an answer quoted in a check) was
 * searched from each word to its end, 5.5 s for 80 000 characters; bounded, linear.
 */
const USERINFO = /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^/?#\s]*@/gi;

/** `text` with every URL's userinfo dropped and every secret replaced (a short one where it stands as a value of its own). */
export function redact(text: string, secrets: readonly string[]): string {
  return redactor(secrets)(text);
}

/**
 * `redact` with its index built once, for many texts. The rule (a secret of 8 characters or more
 * wherever it occurs; a shorter one as a value of its own: a letter, digit, `_` or `-` beside it,
 * or a dot between such characters, makes it part of a longer word; a percent-escape beside it ends
 * a word, so `Basic%20<token>` holds the token as a value) and the forms a secret is shown in (as
 * given, URL-encoded as a path segment or a query value (escapes in any case, or some of its
 * characters only), escaped in a JSON string or spelt in its
 * escapes: a server that echoes a credential back as an id makes a workflow send it on in a URL)
 * are the sandbox's, which redacts its request log by them: one rule, one implementation.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const index = new SecretRedactor();
  index.set(index, secrets);
  return (text) => index.redact(withoutUserinfo(text));
}

/**
 * The one place a run's report and progress lines are redacted (in `verify()`, for the API and the
 * command alike): free text (a check's subject, message and curl, a note, the reason a run
 * stopped, a printed line) as above, value by value before JSON or XML escapes it; the report's
 * own keys and fixed vocabulary (check names, operations, sections, interface ids) are never
 * touched, so an API key `accepted` leaves the check `accepted` alone.
 */
export type Redact = (text: string) => string;
