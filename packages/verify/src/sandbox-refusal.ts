// `--sandbox` starts a sandbox in process with the credentials given; a credential the sandbox
// refuses (its rule is stricter than the clients': visible ASCII for a key) is bad usage naming
// the flag. Decided by the sandbox's structured refusal (SandboxCredentialError's `code`, `api`,
// `field` and `rule`), never by its message's words, which may change.
import { CREDENTIAL_ERROR_CODE, type SandboxCredentialError } from '@messaging-contracts/sandbox';
import { CREDENTIAL_SOURCES } from './credentials.js';
import { credentialNameOf } from './option-names.js';
import { UsageError } from './usage-error.js';

/** A credential the sandbox refused, as a UsageError naming the flag and the sandbox's rule; any other error as it is. */
export function sandboxRefusal(error: unknown): unknown {
  if (!(error instanceof Error) || (error as Partial<SandboxCredentialError>).code !== CREDENTIAL_ERROR_CODE) return error;
  const { api, field, rule } = error as SandboxCredentialError;
  const source = CREDENTIAL_SOURCES.find((s) => s.api === api && s.part === field);
  // The rule is the sandbox's own words; it never holds the value.
  return source && typeof rule === 'string' ? new UsageError(`${credentialNameOf(source, 'command')} ${rule} (the sandbox's rule, --sandbox)`) : error;
}
