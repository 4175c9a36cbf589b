// The CLI's flags, parsed with node:util's parseArgs; any mistake is one clear line (exit 2).
import { parseArgs } from 'node:util';
import { isStrayArgument, strayArgumentMessage } from './stray-argument.js';
import { type SecretFlag, SECRET_FLAGS, credentialsFileWarning, credentialsOption, envName, givenSecrets, readCredentialsFile } from './cli-secrets.js';
import { readTextFile } from './file-errors.js';
import { type Fixtures, readFixtures } from './fixtures.js';
import { integerFlags } from './integer-flag.js';
import { checkCallbackUrl } from './callbacks.js';
import { type ProgressOptions, checkProgress, parseProgressFlag } from './progress.js';
import type { SandboxOptions } from './sandbox.js';
import { type CredentialField, credentialRule, MIN_CONTROL_TOKEN_LENGTH } from './credentials.js';
import { seededSecretsRefused } from './seeded-credentials.js';

export const USAGE = `usage: messaging-sandbox [--port 4010] [--host 127.0.0.1] [--seed <text>]
  [--sms-status-url <url>] [--sms-reply-url <url>] [--im-status-url <url>] [--remote-callbacks]
  [--gateway-user <name>] [--gateway-password <pw>] [--sms-api-key <key>] [--im-api-key <key>]
  [--campaign-user <name>] [--campaign-password <pw>] [--credentials-file <file>] [--max-body-bytes <n>] [--store-cap <n>]
  [--max-sessions <n>] [--session-idle-seconds <n>] [--request-log-size <n>] [--control-token <text>]
  [--store-bytes <n>] [--log-bytes <n>] [--cors loopback|off|<origin>,<origin>...]
  [--fixtures <file>] [--now <date-time>] [--progress <state>><state>...[@<ms>]] [--https [--https-cert <file> --https-key <file>] [--http-port <n>]]
  [--max-connections <n>] [--allow-seeded-credentials] [--outlive-parent] [-- <command> [args...]]
Credentials and the control token: rather than as flags, which any local user can read in \`ps\`,
give them in MESSAGING_SANDBOX_GATEWAY_USER, _GATEWAY_PASSWORD, _SMS_API_KEY, _IM_API_KEY,
_CAMPAIGN_USER, _CAMPAIGN_PASSWORD, _CONTROL_TOKEN, or in --credentials-file (JSON, at most 64 KiB).`;

export class UsageError extends Error {}

/** A credential field as an error names it. */
const CREDENTIAL_WORDS: Record<CredentialField, string> = { username: 'user name', password: 'password', apiKey: 'API key', controlToken: 'control token' };

/** The sandbox's options, and what only the CLI process does with them. */
export type CliOptions = SandboxOptions & {
  cli: {
    /** Keep serving after the process that started it exits (default: stop within about a second). */
    outliveParent: boolean;
    /** After `--`: the command to run with the sandbox, which stops when it exits. */
    command?: string[];
    /** Where each credential or the control token given came from (a flag, a variable, the file), for the banner to name instead of the value. */
    secretSources: Partial<Record<SecretFlag, string>>;
    /** Printed on stderr at start (a credentials file others can read). */
    warnings: string[];
  };
};

const integer = integerFlags(UsageError);

/** The largest certificate or key file read, bytes (a PEM chain is a few kB). */
const MAX_PEM_BYTES = 1024 * 1024;

function fixturesFlag(file: string): Fixtures {
  try {
    return readFixtures(file);
  } catch (error) {
    throw new UsageError(`--fixtures: ${error instanceof Error ? error.message : 'invalid'}`);
  }
}

function credentialsFileFlag(file: string) {
  try {
    return readCredentialsFile(file);
  } catch (error) {
    throw new UsageError(`--credentials-file: ${error instanceof Error ? error.message : 'invalid'}`);
  }
}

function progressFlag(value: string): ProgressOptions {
  try {
    return checkProgress(parseProgressFlag(value));
  } catch (error) {
    throw new UsageError(`--progress: ${error instanceof Error ? error.message : 'invalid'} (e.g. --progress sent>received@500)`);
  }
}

function nowFlag(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || !Number.isFinite(Date.parse(value))) {
    throw new UsageError('--now must be an RFC 3339 date-time, e.g. 2030-01-01T09:00:00Z');
  }
  return value;
}

/** The CLI's flags (the README's flag table lists each; a test holds the two together). */
export const CLI_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'sms-status-url': { type: 'string' },
  'sms-reply-url': { type: 'string' },
  'im-status-url': { type: 'string' },
  'gateway-user': { type: 'string' },
  'gateway-password': { type: 'string' },
  'sms-api-key': { type: 'string' },
  'im-api-key': { type: 'string' },
  'campaign-user': { type: 'string' },
  'campaign-password': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'store-cap': { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-idle-seconds': { type: 'string' },
  'request-log-size': { type: 'string' },
  'store-bytes': { type: 'string' },
  cors: { type: 'string' },
  https: { type: 'boolean' },
  now: { type: 'string' },
  fixtures: { type: 'string' },
  progress: { type: 'string' },
  'https-cert': { type: 'string' },
  'https-key': { type: 'string' },
  'http-port': { type: 'string' },
  'log-bytes': { type: 'string' },
  'control-token': { type: 'string' },
  'max-connections': { type: 'string' },
  'credentials-file': { type: 'string' },
  'allow-seeded-credentials': { type: 'boolean' },
  'outlive-parent': { type: 'boolean' },
  'remote-callbacks': { type: 'boolean' },
} as const satisfies NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/**
 * `--max-sessions -1` as `--max-sessions=-1`: parseArgs takes a value that starts with a dash for an
 * option and refuses it as "ambiguous", so the flag's own rule (its range) is never reached. Only a
 * flag that takes a value, followed by a negative number.
 */
function negativeValuesJoined(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!.startsWith('--') ? argv[i]!.slice(2) : undefined;
    const takesValue = name !== undefined && (CLI_OPTIONS as Record<string, { type: string }>)[name]?.type === 'string';
    if (takesValue && /^-\d/.test(argv[i + 1] ?? '')) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]!);
  }
  return out;
}

/** `env`: where MESSAGING_SANDBOX_* are read (the process's environment). */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions | 'help' {
  // Everything after the first `--` is the command to run with the sandbox, not its flags.
  const end = argv.indexOf('--');
  const command = end < 0 ? undefined : argv.slice(end + 1);
  if (command?.length === 0) throw new UsageError('-- must be followed by a command to run, e.g. -- node --test');
  // No shell reads the words after `--`: `NAME=value` there would be run as a program, and its
  // failure would quote the value, often a credential. Refused by its name, the value not shown.
  const assignment = command && /^([A-Za-z_]\w*)=/.exec(command[0]!);
  if (assignment) {
    const name = assignment[1]!;
    throw new UsageError(`${name}=… after -- is an environment assignment, not a command (no shell reads the words after --): set ${name} before messaging-sandbox, as ${name}=… messaging-sandbox … -- <command>`);
  }
  let values: Record<string, string | boolean | undefined>;
  const args = negativeValuesJoined(end < 0 ? argv : argv.slice(0, end));
  try {
    ({ values } = parseArgs({ args, strict: true, allowPositionals: false, options: CLI_OPTIONS }));
  } catch (error) {
    // Its place, never its text: it may be a credential (stray-argument.ts).
    if (isStrayArgument(error)) throw new UsageError(strayArgumentMessage(args, CLI_OPTIONS));
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]! : 'bad arguments');
  }
  if (values.help) return 'help';
  const file = (name: string) => {
    const path = values[name] as string | undefined;
    if (path === undefined) return undefined;
    try {
      return readTextFile(path, MAX_PEM_BYTES);
    } catch (error) {
      throw new UsageError(`--${name}: ${error instanceof Error ? error.message : 'unreadable'}`);
    }
  };
  const cert = file('https-cert');
  const key = file('https-key');
  if ((cert === undefined) !== (key === undefined)) throw new UsageError('--https-cert and --https-key go together');
  const text = (name: string) => values[name] as string | undefined;
  const storeCap = integer('store-cap', text('store-cap'), 1, 10_000_000);
  const maxSessions = integer('max-sessions', text('max-sessions'), 1, 10_000);
  const idleSeconds = integer('session-idle-seconds', text('session-idle-seconds'), 1, 7 * 24 * 3600);
  const credentialsFile = text('credentials-file');
  const secrets = givenSecrets(
    Object.fromEntries(Object.keys(SECRET_FLAGS).map((flag) => [flag, text(flag)])),
    env,
    credentialsFile === undefined ? {} : credentialsFileFlag(credentialsFile),
  );
  // Named by where it came from: a file's or a variable's token is not on the command line.
  const token = secrets.values['control-token'];
  if (token !== undefined && token.length < MIN_CONTROL_TOKEN_LENGTH) {
    throw new UsageError(`${secrets.sources['control-token']}: the control token must be at least ${MIN_CONTROL_TOKEN_LENGTH} characters`);
  }
  // A value no request can carry stops the start here, named by its source and never quoted.
  for (const [flag, value] of Object.entries(secrets.values) as [SecretFlag, string][]) {
    const field = SECRET_FLAGS[flag].at(-1) as CredentialField;
    const rule = credentialRule(field, value);
    if (rule !== undefined) throw new UsageError(`${secrets.sources[flag]}: the ${CREDENTIAL_WORDS[field]} ${rule}`);
  }
  // A callback address is checked here too, so that a refusal names the flag (startSandbox checks
  // it again, with the sandbox's own address known, naming the option).
  const callbackFlag = (flag: string) => {
    const value = text(flag);
    try {
      checkCallbackUrl(`--${flag}`, value, { remote: values['remote-callbacks'] === true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    return value;
  };
  const host = text('host') ?? '127.0.0.1';
  const credentials = credentialsOption(secrets.values);
  const allowSeeded = values['allow-seeded-credentials'] === true;
  const refused = seededSecretsRefused(host, text('seed'), credentials, allowSeeded);
  if (refused.length > 0) {
    const flags = refused.map(([api, field]) => (Object.keys(SECRET_FLAGS) as SecretFlag[]).find((flag) => SECRET_FLAGS[flag].join('.') === `${api}.${field}`)!);
    throw new UsageError(
      `--seed with --host ${host}, beyond loopback: the credentials not given would follow from the seed, which is no secret; give ${flags.map((flag) => envName(flag)).join(', ')} (or the same in --credentials-file, or --${flags.join(', --')}), or add --allow-seeded-credentials to accept credentials anyone who knows the seed can derive`,
    );
  }
  return {
    cli: { outliveParent: values['outlive-parent'] === true, ...(command && { command }), secretSources: secrets.sources, warnings: credentialsFile === undefined ? [] : [credentialsFileWarning(credentialsFile)].filter((w) => w !== undefined) },
    port: integer('port', text('port'), 0, 65535) ?? 4010,
    host,
    ...(text('seed') !== undefined && { seed: text('seed')! }),
    callbacks: { smsStatus: callbackFlag('sms-status-url'), smsReply: callbackFlag('sms-reply-url'), imStatus: callbackFlag('im-status-url') },
    ...(values['remote-callbacks'] === true && { remoteCallbacks: true }),
    credentials,
    ...(allowSeeded && { allowSeededCredentials: true }),
    ...(text('request-log-size') !== undefined && { requestLogSize: integer('request-log-size', text('request-log-size'), 0, 1_000_000)! }),
    ...((text('store-bytes') !== undefined || text('log-bytes') !== undefined) && {
      memory: {
        ...(text('store-bytes') !== undefined && { storeBytes: integer('store-bytes', text('store-bytes'), 1, 2 ** 40)! }),
        ...(text('log-bytes') !== undefined && { logBytes: integer('log-bytes', text('log-bytes'), 1, 2 ** 40)! }),
      },
    }),
    ...(text('fixtures') !== undefined && { fixtures: fixturesFlag(text('fixtures')!) }),
    ...(text('progress') !== undefined && { progress: progressFlag(text('progress')!) }),
    ...(text('now') !== undefined && { clock: { start: nowFlag(text('now')!) } }),
    ...((values.https || cert !== undefined) && { https: cert !== undefined ? { cert, key: key! } : true }),
    ...(text('http-port') !== undefined && { httpPort: integer('http-port', text('http-port'), 0, 65535)! }),
    ...(text('cors') !== undefined && {
      cors: text('cors') === 'off' || text('cors') === 'loopback' ? (text('cors') as 'off' | 'loopback') : text('cors')!.split(',').map((o) => o.trim()).filter(Boolean),
    }),
    ...(secrets.values['control-token'] !== undefined && { controlToken: secrets.values['control-token'] }),
    ...(text('max-connections') !== undefined && { maxConnections: integer('max-connections', text('max-connections'), 1, 1_000_000)! }),
    ...(text('max-body-bytes') !== undefined && { maxBodyBytes: integer('max-body-bytes', text('max-body-bytes'), 0, 2 ** 31)! }),
    ...((maxSessions !== undefined || idleSeconds !== undefined) && {
      sessions: { ...(maxSessions !== undefined && { max: maxSessions }), ...(idleSeconds !== undefined && { idleMs: idleSeconds * 1000 }) },
    }),
    ...(storeCap !== undefined && {
      storeCaps: { gatewayMessages: storeCap, smsMessages: storeCap, imMessages: storeCap, lists: storeCap, campaigns: storeCap },
    }),
  };
}
