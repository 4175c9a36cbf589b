// The credentials of each interface: flags named as the sandbox CLI's, else environment variables
// named as the docs' code samples (`<ID>_<OPTION>`). Never printed: requests show them redacted.
import { basicSecrets, CREDENTIAL_RULES } from '@messaging-contracts/client-core';
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

/** The wrong credentials of the authentication checks: obviously not anyone's. */
export const WRONG_BASIC: BasicCredentials = { username: 'messaging-verify-wrong-user', password: 'messaging-verify-wrong-password' };
export const WRONG_API_KEY = 'messaging-verify-wrong-key';

/**
 * Every credential value, so that a report can be searched for them before it is written: each
 * part, and for HTTP Basic its forms as the clients send it (@messaging-contracts/client-core's
 * basicSecrets: the `user:password` pair and its base64 token, one decoding away from the password,
 * so as secret as it; a server may echo the header back).
 */
export function secretsOf(credentials: Credentials): string[] {
  return Object.values(credentials)
    .flatMap((c) => (c && 'password' in c && sendable(c) ? basicSecrets(c.username, c.password) : (Object.values(c ?? {}) as string[])))
    .filter((value) => value.length > 0);
}

/**
 * Whether a Basic pair is one the clients send, as basicSecrets takes it: a pair they refuse stops
 * the run before anything is sent (verify.ts), so it has no sent form.
 */
const sendable = ({ username, password }: BasicCredentials) =>
  typeof username === 'string' && typeof password === 'string' && !CREDENTIAL_RULES.username[0].test(username) && !CREDENTIAL_RULES.password[0].test(password);
