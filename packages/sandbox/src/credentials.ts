// Credentials per interface (section 5): Basic for A and D, the `Authorization` header value for B,
// the `authorization` header for C. Generated when not given (from the seed in deterministic mode).
// They are checked, printed by the CLI once, and never stored with a recorded request.
import { randomBytes } from 'node:crypto';
import type { ApiId } from './contract.js';
import type { Ids } from './ids.js';
import type { AuthScheme } from './routes.js';

export interface BasicCredentials {
  username: string;
  password: string;
}
export interface ApiKeyCredentials {
  apiKey: string;
}
export interface Credentials {
  'gateway-v1': BasicCredentials;
  'sms-v2': ApiKeyCredentials;
  'im-v1': ApiKeyCredentials;
  'campaign-manager-v1': BasicCredentials;
}

export type CredentialsOption = { [K in keyof Credentials]?: Partial<Credentials[K]> };

function secret(ids: Ids | undefined): string {
  // A seeded sandbox derives them from its PRNG, so they too are reproducible.
  return ids ? ids.uuid().replace(/-/g, '') : randomBytes(16).toString('hex');
}

export function resolveCredentials(given: CredentialsOption = {}, seeded?: Ids): Credentials {
  const basic = (api: 'gateway-v1' | 'campaign-manager-v1', user: string): BasicCredentials => ({
    username: given[api]?.username ?? user,
    password: given[api]?.password ?? secret(seeded),
  });
  const credentials: Credentials = {
    'gateway-v1': basic('gateway-v1', 'sandbox-gateway'),
    'sms-v2': { apiKey: given['sms-v2']?.apiKey ?? secret(seeded) },
    'im-v1': { apiKey: given['im-v1']?.apiKey ?? secret(seeded) },
    'campaign-manager-v1': basic('campaign-manager-v1', 'sandbox-campaigns'),
  };
  for (const [api, value] of Object.entries(credentials)) {
    for (const [name, text] of Object.entries(value)) {
      if (typeof text !== 'string' || text === '') throw new TypeError(`credentials.${api}.${name} must be a non-empty string`);
      if (name === 'username' && text.includes(':')) throw new TypeError(`credentials.${api}.username must not contain ':' (HTTP Basic)`);
    }
  }
  return credentials;
}

/** A check of the credentials header of one interface: true when it carries the right ones. */
export type AuthCheck = (headers: Record<string, string | string[] | undefined>) => boolean;

export function authCheck(api: ApiId, scheme: AuthScheme, credentials: Credentials): AuthCheck {
  if (scheme.kind === 'basic') {
    const { username, password } = credentials[api] as BasicCredentials;
    const token = Buffer.from(`${username}:${password}`).toString('base64');
    const exact = `Basic ${token}`;
    return (headers) => {
      const value = headers.authorization;
      if (value === exact) return true;
      // The scheme name is case-insensitive (RFC 7617).
      const match = typeof value === 'string' ? /^basic +([A-Za-z0-9+/=]+) *$/i.exec(value) : null;
      return match !== null && match[1] === token;
    };
  }
  const { apiKey } = credentials[api] as ApiKeyCredentials;
  const name = scheme.name;
  return (headers) => headers[name] === apiKey;
}
