// Credentials per interface (section 5): Basic for A and D, the `Authorization` header value for B,
// the `authorization` header for C. Generated when not given (from the seed in deterministic mode).
// They are checked, printed by the CLI once, and never stored with a recorded request.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CREDENTIAL_RULES } from '@messaging-contracts/client-core';
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

/** The shortest control token taken (startSandbox's `controlToken`, `--control-token` and its other sources). */
export const MIN_CONTROL_TOKEN_LENGTH = 16;

export type CredentialsOption = { [K in keyof Credentials]?: Partial<Credentials[K]> };

/** A field of the credentials, or the control token: what decides how its value is sent. */
export type CredentialField = 'username' | 'password' | 'apiKey' | 'controlToken';

/**
 * What a credential's value must be for a request to carry it, or undefined when it can be. Basic's
 * user name and password are sent as base64 of UTF-8, as the clients send them, so they are refused
 * by @messaging-contracts/client-core's rules, in its words: control characters, half a surrogate
 * pair, and a ':' in a user name (RFC 7617 section 2).
 */
export function credentialRule(field: CredentialField, value: string): string | undefined {
  switch (field) {
    case 'apiKey':
    case 'controlToken':
      // A refinement of client-core's CREDENTIAL_RULES.apiKey (Latin-1 without control characters):
      // every value taken here, the clients take too. Stricter because the sandbox is called by more
      // than those clients: curl and other clients send a header value's characters beyond ASCII as
      // UTF-8 (only Node's fetch sends Latin-1 as the server reads it), and a field value loses
      // spaces at either end (RFC 9110 section 5.5).
      return /^[!-~](?:[ !-~]*[!-~])?$/.test(value) ? undefined : 'must be visible ASCII characters, spaces only between them, as a header value carries it';
    case 'username':
    case 'password': {
      const [forbidden, rule] = CREDENTIAL_RULES[field];
      return forbidden.test(value) ? `must be a string ${rule}` : undefined;
    }
  }
}

/** The `code` of a SandboxCredentialError: what a caller tests, rather than the message's words. */
export const CREDENTIAL_ERROR_CODE = 'ERR_SANDBOX_CREDENTIAL';

/**
 * A credential startSandbox refuses (`credentials` option), as fields: the interface and the
 * credential's field, and the rule it breaks in words. The message says the same,
 * `credentials.<api>.<field> <rule>`, never the value. A TypeError, as every refused option is.
 */
export class SandboxCredentialError extends TypeError {
  readonly code = CREDENTIAL_ERROR_CODE;
  constructor(
    readonly api: ApiId,
    readonly field: Exclude<CredentialField, 'controlToken'>,
    readonly rule: string,
  ) {
    super(`credentials.${api}.${field} ${rule}`);
  }
}

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
      const field = name as SandboxCredentialError['field'];
      if (typeof text !== 'string' || text === '') throw new SandboxCredentialError(api as ApiId, field, 'must be a non-empty string');
      const rule = credentialRule(field, text);
      if (rule !== undefined) throw new SandboxCredentialError(api as ApiId, field, rule);
    }
  }
  return credentials;
}

/**
 * Equality of a presented secret with the expected one in time that does not depend on where they
 * differ (only on their lengths), so a caller cannot learn a credential byte by byte.
 */
export function safeEqual(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A presented credential split into the part that names its owner (not secret) and the secret. */
interface Presented {
  lookup: string;
  secret: string;
}

/** The header that carries an interface's credentials (Basic: Authorization). */
const headerName = (scheme: AuthScheme) => (scheme.kind === 'basic' ? 'authorization' : scheme.name);

function presented(scheme: AuthScheme, value: string): Presented | undefined {
  if (scheme.kind === 'basic') {
    // The scheme name is case-insensitive (RFC 7617).
    const match = /^basic +([A-Za-z0-9+/=]+) *$/i.exec(value);
    if (!match) return undefined;
    const text = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    return colon < 0 ? undefined : { lookup: text.slice(0, colon), secret: text.slice(colon + 1) };
  }
  const dot = value.indexOf('.');
  return { lookup: dot < 0 ? '' : value.slice(0, dot), secret: value };
}

/** A presented credential as a lookup needs it: the public part, and the secret as bytes. */
interface Parsed {
  lookup: string;
  secret: Buffer;
}

/**
 * Header values parsed (or found unparseable: null) kept per interface, so a client repeating its
 * credentials (every request of a test suite) costs one Map lookup instead of a pattern, a base64
 * decoding and two conversions to bytes. Bounded: values longer than MAX_CACHED_VALUE are parsed
 * each time, and the cache is emptied when it holds CACHED_VALUES. It maps what a client sent to
 * what it names, never to an owner, so a deleted session's credentials stop working at once.
 */
export const CACHED_VALUES = 256;
export const MAX_CACHED_VALUE = 512;

/**
 * Who a request's credentials belong to: the sandbox's own (global) credentials, or one of its
 * sessions'. A session's API key is `<session id>.<secret>` and its Basic user name names the
 * session, so finding the owner is one lookup by that public part; the secret is then compared in
 * constant time.
 */
export class CredentialIndex<T> {
  /**
   * Per interface: its scheme, the credentials by public part (secrets kept as bytes, so a lookup
   * converts only the presented one), and the header values parsed.
   */
  private readonly byApi = new Map<ApiId, { scheme: AuthScheme; owners: Map<string, { secret: Buffer; owner: T }>; parsed: Map<string, Parsed | null> }>();

  constructor(private readonly schemes: ReadonlyMap<ApiId, AuthScheme>) {
    for (const [api, scheme] of schemes) this.byApi.set(api, { scheme, owners: new Map(), parsed: new Map() });
  }

  /** The public part and secret of one interface's credentials, as indexed. */
  private static entry(scheme: AuthScheme, value: BasicCredentials | ApiKeyCredentials): Presented {
    if (scheme.kind === 'basic') {
      const { username, password } = value as BasicCredentials;
      return { lookup: username, secret: password };
    }
    const { apiKey } = value as ApiKeyCredentials;
    const dot = apiKey.indexOf('.');
    return { lookup: dot < 0 ? '' : apiKey.slice(0, dot), secret: apiKey };
  }

  /** False when one of the public parts is taken already (nothing is added then). */
  add(credentials: Credentials, owner: T): boolean {
    const entries = [...this.schemes].map(([api, scheme]) => [api, CredentialIndex.entry(scheme, credentials[api])] as const);
    if (entries.some(([api, entry]) => this.byApi.get(api)!.owners.has(entry.lookup))) return false;
    for (const [api, entry] of entries) this.byApi.get(api)!.owners.set(entry.lookup, { secret: Buffer.from(entry.secret), owner });
    return true;
  }

  remove(credentials: Credentials): void {
    for (const [api, scheme] of this.schemes) this.byApi.get(api)!.owners.delete(CredentialIndex.entry(scheme, credentials[api]).lookup);
  }

  find(api: ApiId, headers: Record<string, string | string[] | undefined>): T | undefined {
    const { scheme, owners, parsed } = this.byApi.get(api)!;
    const value = headers[headerName(scheme)];
    if (typeof value !== 'string') return undefined;
    let given = parsed.get(value);
    if (given === undefined) {
      const found = presented(scheme, value);
      given = found ? { lookup: found.lookup, secret: Buffer.from(found.secret) } : null;
      if (value.length <= MAX_CACHED_VALUE) {
        if (parsed.size >= CACHED_VALUES) parsed.clear();
        parsed.set(value, given);
      }
    }
    if (given === null) return undefined;
    const entry = owners.get(given.lookup);
    if (!entry) return undefined;
    // Compared in constant time, cached or not: a caller cannot learn a secret byte by byte.
    return given.secret.length === entry.secret.length && timingSafeEqual(given.secret, entry.secret) ? entry.owner : undefined;
  }
}
