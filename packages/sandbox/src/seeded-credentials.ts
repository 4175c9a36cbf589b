// Deterministic mode beyond loopback. With a seed, the credentials not given follow from it, and a
// seed is no secret (a repository's test script, the README's `--seed demo`): on a sandbox others
// can reach, anyone who knows it could derive them. So there, every secret must be given, or the
// derivation accepted explicitly (`allowSeededCredentials`, `--allow-seeded-credentials`). The
// control token is random whatever the seed (sandbox.ts); sessions' secrets too, unless accepted.
import type { CredentialsOption } from './credentials.js';
import { isLoopbackName } from './loopback.js';

/** The secret of each interface's credentials, as `credentials.<api>.<field>`. */
export const CREDENTIAL_SECRETS = [
  ['gateway-v1', 'password'],
  ['sms-v2', 'apiKey'],
  ['im-v1', 'apiKey'],
  ['campaign-manager-v1', 'password'],
] as const;
export type CredentialSecret = (typeof CREDENTIAL_SECRETS)[number];

/** Whether secrets drawn for this sandbox may follow from its seed: without a seed no, on loopback or when accepted yes. */
export function seedMayDeriveSecrets(host: string, seed: unknown, allowed: boolean | undefined): boolean {
  return seed !== undefined && (isLoopbackName(host) || allowed === true);
}

/** The secrets a seeded sandbox beyond loopback would derive from its seed, unless accepted: none elsewhere. */
export function seededSecretsRefused(host: string, seed: unknown, credentials: CredentialsOption | undefined, allowed: boolean | undefined): CredentialSecret[] {
  if (seed === undefined || isLoopbackName(host) || allowed === true) return [];
  return CREDENTIAL_SECRETS.filter(([api, field]) => (credentials?.[api] as Record<string, unknown> | undefined)?.[field] === undefined);
}
