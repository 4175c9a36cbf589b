// Ready-made `authenticate` hooks for the three ways an integrator can tell the service's callbacks
// from anyone else's. Section 5 does not show how the service authenticates itself, so none of them
// is the service's: each is a documented choice of the integrator, matching how the callback
// address was registered.
import { isIP } from 'node:net';
import { basicSecrets, CREDENTIAL_RULES } from '@messaging-contracts/client-core';
import type { Authenticate, CallbackRequest } from './core.js';

/** Compares in time that depends on `expected`'s length only, not on where `given` first differs. */
function sameSecret(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (given.charCodeAt(i) | 0) ^ expected.charCodeAt(i);
  return diff === 0;
}

function nonEmpty(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${name} must be a non-empty string`);
  return value;
}

/**
 * Credentials in the address (`https://user:secret@you.example/callbacks`): accepts a request whose
 * `Authorization` is HTTP Basic with exactly these credentials (RFC 7617, UTF-8), as HTTP clients
 * send the credentials of such an address.
 */
export function basicCredentials(username: string, password: string): Authenticate {
  // The clients' rules for what HTTP Basic can carry (client-core's CREDENTIAL_RULES): a ':' in the
  // user name (RFC 7617, section 2), control characters, half a surrogate pair (UTF-8 has none).
  for (const [part, value] of [['username', username], ['password', password]] as const) {
    const [forbidden, rule] = CREDENTIAL_RULES[part];
    if (forbidden.test(nonEmpty(part, value))) throw new TypeError(`${part} must be a non-empty string ${rule}`);
  }
  // The base64 token as sent (UTF-8, RFC 7617), encoded as the clients encode it.
  const [expected] = basicSecrets(username, password);
  // Its 401 names the scheme, as a 401 must (RFC 9110 section 11.6.1; RFC 7617's charset parameter).
  return Object.assign((request: CallbackRequest) => sameSecret(basicToken(request.headers.get('authorization') ?? ''), expected), {
    challenge: 'Basic realm="callbacks", charset="UTF-8"',
  });
}

/**
 * The token of `Basic <token>`, or '' for any other value. The scheme's name is case-insensitive
 * and followed by one or more spaces (RFC 9110, sections 11.1 and 11.4), trailing spaces allowed.
 * Read in one pass: a pattern such as `/^basic +([^ ]*) *$/` backtracks over every split of the
 * spaces, quadratic in the header's length.
 */
function basicToken(value: string): string {
  if (value.length < 6 || value.slice(0, 6).toLowerCase() !== 'basic ') return '';
  let start = 6;
  while (value.charCodeAt(start) === 32) start++;
  let end = value.length;
  while (end > start && value.charCodeAt(end - 1) === 32) end--;
  const token = value.slice(start, end);
  return token.includes(' ') ? '' : token;
}

/**
 * A secret path segment (`https://you.example/callbacks/<secret>/status`): accepts a request whose
 * path has a segment equal to `secret`. Use at least 32 random characters, and route the address
 * with the segment in it (a router path, or your framework's parameter).
 */
export function secretPathSegment(secret: string): Authenticate {
  const expected = nonEmpty('secret', secret);
  if (expected.includes('/')) throw new TypeError('secret must be one path segment (no "/")');
  return (request) => {
    let found = false;
    for (const segment of request.url.split('?')[0]!.split('/')) found = sameSecret(segment, expected) || found;
    return found;
  };
}

/**
 * One spelling per address, as a socket reports it: IPv6 compressed in lower case (the URL parser's
 * serialisation, RFC 5952), an IPv4-mapped IPv6 address as its IPv4 form. Undefined for anything
 * that is not an IP address.
 */
function canonicalAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return undefined;
  // A zone (`fe80::1%eth0`) is no part of a URL's host; such an address is compared as written.
  if (address.includes('%')) return address.toLowerCase();
  const host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * An address allowlist: accepts a request from one of `addresses` (IPv4 or IPv6 addresses, each
 * checked at construction; an IPv6 one in any spelling, an IPv4-mapped IPv6 address and its IPv4
 * form the same). Only the Node form knows the peer's address; in the fetch form every request is
 * refused. Behind a proxy the peer is the proxy.
 */
export function addressAllowlist(addresses: readonly string[]): Authenticate {
  if (!Array.isArray(addresses) || addresses.length === 0) throw new TypeError('addresses must be a non-empty array of IP addresses');
  const allowed = new Set(
    addresses.map((address, index) => {
      const canonical = canonicalAddress(nonEmpty(`addresses[${index}]`, address));
      // A host name or a prefix would never equal a peer's address: every request refused, silently.
      if (canonical === undefined) throw new TypeError(`addresses[${index}] must be an IPv4 or IPv6 address (no host name, no prefix)`);
      return canonical;
    }),
  );
  return ({ remoteAddress }) => {
    const peer = remoteAddress === undefined ? undefined : canonicalAddress(remoteAddress);
    return peer !== undefined && allowed.has(peer);
  };
}
