// The CLI's credentials and control token, from three places: a flag (any local user reads it in
// `ps`), an environment variable, or a credentials file (neither shows in `ps`; README, "Credentials
// and the control token"). A flag wins over the environment, which wins over the file. No error
// here quotes a value: it names the place and the rule.
import { statSync } from 'node:fs';
import type { CredentialsOption } from './credentials.js';
import { readJsonFile } from './file-errors.js';

/** The flags that carry a credential or the control token, and where each sits in a credentials file. */
export const SECRET_FLAGS = {
  'gateway-user': ['gateway-v1', 'username'],
  'gateway-password': ['gateway-v1', 'password'],
  'sms-api-key': ['sms-v2', 'apiKey'],
  'im-api-key': ['im-v1', 'apiKey'],
  'campaign-user': ['campaign-manager-v1', 'username'],
  'campaign-password': ['campaign-manager-v1', 'password'],
  'control-token': ['controlToken'],
} as const;
export type SecretFlag = keyof typeof SECRET_FLAGS;
const FLAGS = Object.keys(SECRET_FLAGS) as SecretFlag[];

/** `--sms-api-key`'s variable: MESSAGING_SANDBOX_SMS_API_KEY. */
export const envName = (flag: SecretFlag) => `MESSAGING_SANDBOX_${flag.toUpperCase().replace(/-/g, '_')}`;

/** The largest credentials file read, bytes (a handful of short strings). */
export const MAX_CREDENTIALS_FILE_BYTES = 64 * 1024;

/** What the file's JSON holds at each place: one of SECRET_FLAGS' paths. */
const FILE_SHAPE: Record<string, readonly string[] | undefined> = {
  'gateway-v1': ['username', 'password'],
  'sms-v2': ['apiKey'],
  'im-v1': ['apiKey'],
  'campaign-manager-v1': ['username', 'password'],
  controlToken: undefined,
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A credentials file: `{ "gateway-v1": { "username", "password" }, "sms-v2": { "apiKey" }, "im-v1":
 * { "apiKey" }, "campaign-manager-v1": { "username", "password" }, "controlToken" }`, each part
 * optional (startSandbox's `credentials` option and `controlToken`), at most 64 KiB.
 */
export function readCredentialsFile(file: string): Partial<Record<SecretFlag, string>> {
  const { json } = readJsonFile(file, MAX_CREDENTIALS_FILE_BYTES);
  if (!isObject(json)) throw new TypeError(`${file} must hold a JSON object (keys ${Object.keys(FILE_SHAPE).join(', ')})`);
  for (const [key, value] of Object.entries(json)) {
    if (!(key in FILE_SHAPE)) throw new TypeError(`${file}: ${key} is not a key of a credentials file (keys: ${Object.keys(FILE_SHAPE).join(', ')})`);
    const fields = FILE_SHAPE[key];
    if (fields === undefined) continue;
    if (!isObject(value)) throw new TypeError(`${file}: ${key} must be an object (keys: ${fields.join(', ')})`);
    const unknown = Object.keys(value).find((field) => !fields.includes(field));
    if (unknown !== undefined) throw new TypeError(`${file}: ${key}.${unknown} is not a key of ${key} (keys: ${fields.join(', ')})`);
  }
  const found: Partial<Record<SecretFlag, string>> = {};
  for (const flag of FLAGS) {
    const path = SECRET_FLAGS[flag];
    const value = path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), json);
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') throw new TypeError(`${file}: ${path.join('.')} must be a non-empty string`);
    found[flag] = value;
  }
  return found;
}

/**
 * A warning when the credentials file can be read by users other than its owner (any of the
 * group's or others' permission bits, as ssh says of a private key): the README writes it with
 * `umask 077`. None for what is no regular file (a pipe) or on a system without POSIX modes.
 */
export function credentialsFileWarning(file: string): string | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || process.platform === 'win32' || (stat.mode & 0o077) === 0) return undefined;
  return `--credentials-file: ${file} can be read by other users (mode ${(stat.mode & 0o777).toString(8)}): chmod 600 it`;
}

/** Each credential and the control token as given, and where from (`--sms-api-key`, `MESSAGING_SANDBOX_SMS_API_KEY`, `--credentials-file`). */
export interface GivenSecrets {
  values: Partial<Record<SecretFlag, string>>;
  sources: Partial<Record<SecretFlag, string>>;
}

/** The flag's value, else the environment's (an empty variable counts as unset), else the file's. */
export function givenSecrets(flags: Partial<Record<SecretFlag, string>>, env: NodeJS.ProcessEnv, file: Partial<Record<SecretFlag, string>>): GivenSecrets {
  const given: GivenSecrets = { values: {}, sources: {} };
  for (const flag of FLAGS) {
    const found: [string | undefined, string][] = [
      [flags[flag], `--${flag}`],
      [env[envName(flag)] || undefined, envName(flag)],
      [file[flag], '--credentials-file'],
    ];
    const [value, source] = found.find(([v]) => v !== undefined) ?? [];
    if (value === undefined) continue;
    given.values[flag] = value;
    given.sources[flag] = source!;
  }
  return given;
}

/** startSandbox's `credentials` option from the given values. */
export function credentialsOption(values: GivenSecrets['values']): CredentialsOption {
  const option: Record<string, Record<string, string>> = {};
  for (const flag of FLAGS) {
    const [api, field] = SECRET_FLAGS[flag];
    if (field === undefined || values[flag] === undefined) continue;
    (option[api] ??= {})[field] = values[flag]!;
  }
  return option as CredentialsOption;
}
