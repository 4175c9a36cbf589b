// The credentials of each interface: flags named as the sandbox CLI's, else environment variables
// named as the docs' code samples (`<ID>_<OPTION>`). Never printed: requests show them redacted.
import type { ApiId } from './contract.js';

export interface BasicCredentials {
  username: string;
  password: string;
}
export interface ApiKeyCredentials {
  apiKey: string;
}
export type Credentials = {
  'gateway-v1'?: BasicCredentials;
  'sms-v2'?: ApiKeyCredentials;
  'im-v1'?: ApiKeyCredentials;
  'campaign-manager-v1'?: BasicCredentials;
};

/** Flag and environment variable of each credential part. */
export const CREDENTIAL_SOURCES = [
  { api: 'gateway-v1', part: 'username', flag: 'gateway-user', env: 'GATEWAY_V1_USERNAME' },
  { api: 'gateway-v1', part: 'password', flag: 'gateway-password', env: 'GATEWAY_V1_PASSWORD' },
  { api: 'sms-v2', part: 'apiKey', flag: 'sms-api-key', env: 'SMS_V2_API_KEY' },
  { api: 'im-v1', part: 'apiKey', flag: 'im-api-key', env: 'IM_V1_API_KEY' },
  { api: 'campaign-manager-v1', part: 'username', flag: 'campaign-user', env: 'CAMPAIGN_MANAGER_V1_USERNAME' },
  { api: 'campaign-manager-v1', part: 'password', flag: 'campaign-password', env: 'CAMPAIGN_MANAGER_V1_PASSWORD' },
] as const satisfies readonly { api: ApiId; part: string; flag: string; env: string }[];

/**
 * What a credential part must be for a request to carry it, and the rule in words (never the value),
 * as the clients refuse them (@messaging-contracts/client-core): an API key is sent as a header value as it is,
 * which fetch refuses outside Latin-1 or with a control character; Basic credentials are sent as
 * UTF-8, which cannot hold half a surrogate pair, and a user-id with a colon cannot be told from the
 * password (RFC 7617, section 2).
 */
export const CREDENTIAL_RULES = {
  apiKey: [/[^ -~\x80-\xff]/, 'Latin-1 characters without control characters'],
  username: [/[\0-\x1f\x7f:]|\p{Cs}/u, 'characters without ":", control characters or unpaired surrogates'],
  password: [/[\0-\x1f\x7f]|\p{Cs}/u, 'characters without control characters or unpaired surrogates'],
} as const satisfies Record<(typeof CREDENTIAL_SOURCES)[number]['part'], readonly [RegExp, string]>;

/** The wrong credentials of the authentication checks: obviously not anyone's. */
export const WRONG_BASIC: BasicCredentials = { username: 'messaging-verify-wrong-user', password: 'messaging-verify-wrong-password' };
export const WRONG_API_KEY = 'messaging-verify-wrong-key';

/**
 * Every credential value, so that a report can be searched for them before it is written: each
 * part, and for HTTP Basic the `user:password` pair and its base64 token as sent (one decoding away
 * from the password, so as secret as it; a server may echo the header back).
 */
export function secretsOf(credentials: Credentials): string[] {
  return Object.values(credentials)
    .flatMap((c) => {
      const parts = Object.values(c ?? {}) as string[];
      if (!c || !('password' in c)) return parts;
      const pair = `${c.username}:${c.password}`;
      return [...parts, pair, Buffer.from(pair).toString('base64')];
    })
    .filter((value) => value.length > 0);
}
