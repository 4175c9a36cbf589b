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

// Headers rejects control characters with a message that quotes the value, so they are refused
// here first, with a message that does not.
function checked(value: unknown, what: string, forbidden: RegExp, rule: string): string {
  if (typeof value !== 'string' || !value || forbidden.test(value)) throw new TypeError(`${what} must be a non-empty string ${rule}`);
  return value;
}

/** The header of either form of credentials. */
export const authHeader = (auth: Auth): AuthHeader => (auth.type === 'header' ? headerAuth(auth) : basicAuth(auth));

export function headerAuth(auth: HeaderAuth): AuthHeader {
  // A raw key is sent as it is, and fetch refuses a header value outside Latin-1 at every call.
  const value = checked(auth.value, 'apiKey', /[^ -~\x80-\xff]/, 'of Latin-1 characters without control characters');
  return { name: auth.name, value, secrets: withEncoded([value]) };
}

export function basicAuth(auth: BasicAuth): AuthHeader {
  // Basic credentials are sent as UTF-8, which cannot encode half a surrogate pair. RFC 7617
  // (section 2): a user-id with a colon cannot be encoded unambiguously.
  const rule = 'control characters or unpaired surrogates';
  const username = checked(auth.username, 'username', /[\0-\x1f\x7f:]|\p{Cs}/u, `without ":", ${rule}`);
  const password = checked(auth.password, 'password', /[\0-\x1f\x7f]|\p{Cs}/u, `without ${rule}`);
  const pair = `${username}:${password}`;
  // RFC 7617 charset=UTF-8; btoa alone only takes Latin-1.
  const token = btoa(String.fromCharCode(...new TextEncoder().encode(pair)));
  return { name: 'Authorization', value: `Basic ${token}`, secrets: withEncoded([token, pair, password, username]) };
}

// A secret can be echoed encoded: URL-encoded (a path or query; percent-escapes in either case,
// RFC 3986 section 6.2.2.1; encodeURIComponent writes each as % and two upper-case hex digits),
// form-encoded (a query string or form body: `+` for a space), or inside a JSON string (a logged
// options object: `"` as `\"`). Those forms are redacted too.
const withEncoded = (secrets: string[]) =>
  secrets.flatMap((s) => {
    const encoded = encodeURIComponent(s);
    return [s, encoded, encoded.replace(/%../g, (escape) => escape.toLowerCase()), `${new URLSearchParams({ s })}`.slice(2), JSON.stringify(s).slice(1, -1)];
  });
