// The one auth helper: turns an interface's credentials into the header every request carries.
// Computed once, at client creation (section 5 of the spec document).

export type Auth =
  /** HTTP Basic (interfaces A and D). */
  | { type: 'basic'; username: string; password: string }
  /** A raw credential in a named header: `Authorization` (B), `authorization` (C). */
  | { type: 'header'; name: string; value: string };

export interface AuthHeader {
  name: string;
  value: string;
  /** Every string that must never appear in an error: the credentials and their encodings. */
  secrets: string[];
}

// Headers rejects control characters with a message that quotes the value, so they are refused
// here first, with a message that does not. RFC 7617 (section 2): a user-id with a colon cannot
// be encoded unambiguously.
function checked(value: unknown, what: string, forbidden = /[\0-\x1f\x7f]/): string {
  if (typeof value !== 'string' || value === '' || forbidden.test(value)) {
    throw new TypeError(`${what} must be a non-empty string without control characters`);
  }
  return value;
}

export function authHeader(auth: Auth): AuthHeader {
  if (auth.type === 'header') {
    const value = checked(auth.value, 'apiKey');
    return { name: auth.name, value, secrets: withEncoded([value]) };
  }
  const username = checked(auth.username, 'username (no ":")', /[\0-\x1f\x7f:]/);
  const password = checked(auth.password, 'password');
  const pair = `${username}:${password}`;
  // RFC 7617 charset=UTF-8; btoa alone only takes Latin-1.
  const token = btoa(String.fromCharCode(...new TextEncoder().encode(pair)));
  return { name: 'Authorization', value: `Basic ${token}`, secrets: withEncoded([token, pair, password, username]) };
}

// A secret can be echoed URL-encoded (a query string, a form body): that form is redacted too.
const withEncoded = (secrets: string[]) => secrets.flatMap((s) => [s, encodeURIComponent(s)]);
