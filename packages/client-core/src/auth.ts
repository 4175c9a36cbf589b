// The one auth helper: turns an interface's credentials into the header every request carries.
// Computed once, at client creation (section 5 of the spec document). One function per form, so
// that a client's bundle holds only the form it sends (coreClient), and authHeader for either.

/** HTTP Basic (interfaces A and D). */
export type BasicAuth = { type: 'basic'; username: string; password: string };
/** A raw credential in a named header: `Authorization` (B), `authorization` (C). */
export type HeaderAuth = { type: 'header'; name: string; value: string };
export type Auth = BasicAuth | HeaderAuth;

export interface AuthHeader {
  name: string;
  value: string;
  /** Every string that must never appear in an error: the credentials and their encodings. */
  secrets: string[];
}

/**
 * A credential rule: the characters a value must not hold, and the rule in words (never the value),
 * as a refusal says it: "<part> must be a non-empty string <rule>". The sandbox and the verifier
 * refuse by these too.
 */
export type CredentialRule = readonly [forbidden: RegExp, rule: string];

// One constant per rule, so that a client's bundle holds only those of the form it sends (the
// table below is dropped from it). A raw key is sent as it is, and fetch refuses a header value
// outside Latin-1 at every call.
const API_KEY_RULE: CredentialRule = [/[^ -~\x80-\xff]/, 'of Latin-1 characters without control characters'];
// Basic credentials are sent as UTF-8, which cannot encode half a surrogate pair. RFC 7617
// (section 2): a user-id with a colon cannot be encoded unambiguously.
const USERNAME_RULE: CredentialRule = [/[\0-\x1f\x7f:]|\p{Cs}/u, 'without ":", control characters or unpaired surrogates'];
const PASSWORD_RULE: CredentialRule = [/[\0-\x1f\x7f]|\p{Cs}/u, 'without control characters or unpaired surrogates'];

/** What the clients refuse in each credential part, by the name their refusal gives the part. */
export const CREDENTIAL_RULES: Readonly<Record<'apiKey' | 'username' | 'password', CredentialRule>> = {
  apiKey: API_KEY_RULE,
  username: USERNAME_RULE,
  password: PASSWORD_RULE,
};

// Headers rejects control characters with a message that quotes the value, so they are refused
// here first, with a message that does not. The rule comes first, spread: the smallest bundle.
function checked(forbidden: RegExp, rule: string, value: unknown, part: string): string {
  if (!value || typeof value !== 'string' || forbidden.test(value)) throw new TypeError(`${part} must be a non-empty string ${rule}`);
  return value;
}

/** The header of either form of credentials. */
export const authHeader = (auth: Auth): AuthHeader => (auth.type === 'header' ? headerAuth(auth) : basicAuth(auth));

export function headerAuth(auth: HeaderAuth): AuthHeader {
  const value = checked(...API_KEY_RULE, auth.value, 'apiKey');
  return { name: auth.name, value, secrets: secretForms(value) };
}

export function basicAuth(auth: BasicAuth): AuthHeader {
  const secrets = basicSecrets(checked(...USERNAME_RULE, auth.username, 'username'), checked(...PASSWORD_RULE, auth.password, 'password'));
  return { name: 'Authorization', value: `Basic ${secrets[0]}`, secrets: secrets.flatMap(secretForms) };
}

/**
 * Every secret form of HTTP Basic credentials (RFC 7617, charset=UTF-8), first the base64 token as
 * sent, then the `user:password` pair it encodes (one decoding away from the password, so as secret
 * as it), the password and the user name. For values that USERNAME_RULE and PASSWORD_RULE take:
 * encodeURIComponent throws on half a surrogate pair.
 */
export function basicSecrets(username: string, password: string): [token: string, pair: string, password: string, username: string] {
  const pair = `${username}:${password}`;
  // btoa takes only Latin-1: the UTF-8 bytes, one character each. Spreading the bytes into
  // String.fromCharCode overflows the stack for a long pair (200 000 characters); this does not.
  return [btoa(unescape(encodeURIComponent(pair))), pair, password, username];
}

// A secret can be echoed encoded: URL-encoded (a path or query; encodeURIComponent writes each
// escape as % and two upper-case hex digits), form-encoded (a query string or form body: `+` for a
// space), inside a JSON string (a logged options object: `"` as `\"`), or without its trailing `=`
// (a Basic token's base64 padding, which an echo may drop: RFC 4648 section 3.2; the padded form,
// longer, is still replaced whole where it occurs, and an empty form is never one). Those forms are redacted
// too (the sandbox's redaction takes them from here). The case of an escape is not significant
// (RFC 3986 section 6.2.2.1): createRedactor matches a form with escapes in any case, and the
// sandbox decodes escapes before it looks, so no lower-case form is listed. Throws a URIError for
// half a surrogate pair, which no URL can carry encoded.
export function secretForms(s: string): string[] {
  const encoded = encodeURIComponent(s);
  return [s, encoded, `${new URLSearchParams({ s })}`.slice(2), JSON.stringify(s).slice(1, -1), s.replace(/=+$/, '')];
}
