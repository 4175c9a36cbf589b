// The CLI's flags, parsed with node:util's parseArgs; any mistake is one line naming the flag and
// the rule (exit 2). Credentials: the sandbox CLI's flags, else the environment (credentials.ts).
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { integerFlags, isStrayArgument, strayArgumentMessage } from '@messaging-contracts/sandbox';
import { INTEGER_BOUNDS } from './option-bounds.js';
import { API_IDS, type ApiId } from './contract.js';
import { type Credentials, CREDENTIAL_SOURCES } from './credentials.js';
import { readDestinations } from './destinations.js';
import { selectionOf } from './selection.js';
import { UsageError, type VerifyOptions } from './verify.js';

export const USAGE = `usage: messaging-verify (--base-url <url> | --sandbox) [--api <id>]... [--operation <id>.<operationId>]... [--live --destinations <file>]
  [--gateway-user <name>] [--gateway-password <pw>] [--sms-api-key <key>] [--im-api-key <key>]
  [--campaign-user <name>] [--campaign-password <pw>] [--application-name <name>] [--gateway-media-type <type>]
  [--max-requests <n>] [--interval-ms <n>] [--timeout-ms <n>] [--max-response-bytes <n>] [--max-retry-after <s>] [--dry-run]
  [--seed <n>] [--generated <n>] [--sandbox-control] [--sandbox-session <id>] [--listen <port>] [--callback-url <url>]
  [--callback-timeout-ms <n>] [--junit <file>] [--json <file>] [--quiet]`;

export interface CliOptions extends VerifyOptions {
  /** Start an in-process sandbox and verify it. */
  sandbox: boolean;
  junit?: string;
  json?: string;
  quiet: boolean;
}

// The sandbox CLI's integer rule, so the two CLIs word a bad number alike.
const integer = integerFlags(UsageError);

/** The command's flags, for parseArgs. */
const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  api: { type: 'string', multiple: true },
  operation: { type: 'string', multiple: true },
  sandbox: { type: 'boolean' },
  live: { type: 'boolean' },
  destinations: { type: 'string' },
  ...Object.fromEntries(CREDENTIAL_SOURCES.map((s) => [s.flag, { type: 'string' as const }])),
  'application-name': { type: 'string' },
  'gateway-media-type': { type: 'string' },
  'max-requests': { type: 'string' },
  'interval-ms': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'max-response-bytes': { type: 'string' },
  'max-retry-after': { type: 'string' },
  'dry-run': { type: 'boolean' },
  seed: { type: 'string' },
  generated: { type: 'string' },
  'sandbox-control': { type: 'boolean' },
  'sandbox-session': { type: 'string' },
  listen: { type: 'string' },
  'callback-url': { type: 'string' },
  'callback-timeout-ms': { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  quiet: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The flags that take a value (`--max-requests <n>`), as written on the command line. */
const VALUE_FLAGS = new Set(Object.entries(OPTIONS).flatMap(([name, option]) => (option.type === 'string' ? [`--${name}`] : [])));

/**
 * `--max-requests -1` as `--max-requests=-1`: parseArgs takes a value that starts with a dash for
 * another option ("argument is ambiguous"); a negative number given to a flag that takes a value
 * is that flag's value, which its own rule then refuses by name.
 */
function withNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (VALUE_FLAGS.has(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function parseCliArgs(argv: string[], env: Record<string, string | undefined>): CliOptions | 'help' {
  let values: Record<string, string | boolean | string[] | undefined>;
  const args = withNegativeValues(argv);
  try {
    ({ values } = parseArgs({ args, strict: true, allowPositionals: false, options: OPTIONS }));
  } catch (error) {
    // Its place, never its text: it may be a credential (the sandbox's stray-argument.ts).
    if (isStrayArgument(error)) throw new UsageError(strayArgumentMessage(args, OPTIONS));
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]! : 'bad arguments');
  }
  if (values.help) return 'help';
  const text = (name: string) => values[name] as string | undefined;
  const flag = (name: string) => values[name] === true;

  const sandbox = flag('sandbox');
  if (sandbox && text('base-url') !== undefined) throw new UsageError('--sandbox starts its own target; leave out --base-url');
  if (sandbox && flag('live')) throw new UsageError('--sandbox runs on loopback; leave out --live');
  if (sandbox && text('sandbox-session') !== undefined) throw new UsageError('--sandbox-session names a session of a running sandbox (--base-url); --sandbox starts its own');
  if (!sandbox && text('base-url') === undefined) throw new UsageError('--base-url <url> is required (or --sandbox)');
  if (text('destinations') !== undefined && !flag('live')) throw new UsageError('--destinations is used only with --live');

  const apis = (values.api as string[] | undefined) ?? [...API_IDS];
  for (const api of apis) {
    if (!(API_IDS as readonly string[]).includes(api)) throw new UsageError(`--api must be one of ${API_IDS.join(', ')} (got ${JSON.stringify(api)})`);
  }
  const credentials: Credentials = {};
  for (const source of CREDENTIAL_SOURCES) {
    const value = text(source.flag) ?? env[source.env];
    if (value === undefined || value === '') continue;
    (credentials as Record<string, Record<string, string>>)[source.api] = { ...(credentials as Record<string, Record<string, string>>)[source.api], [source.part]: value };
  }
  if (text('callback-url') !== undefined) {
    try {
      const url = new URL(text('callback-url')!);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    } catch {
      throw new UsageError('--callback-url must be an absolute http or https URL');
    }
  }
  const operations = values.operation as string[] | undefined;
  const options: CliOptions = {
    baseUrl: text('base-url') ?? '',
    // Named interfaces, or those of the named operations (checked in selection.ts).
    ...(values.api !== undefined || operations === undefined ? { apis: [...new Set(apis)] as ApiId[] } : {}),
    ...(operations !== undefined && { operations }),
    credentials,
    sandbox,
    live: flag('live'),
    dryRun: flag('dry-run'),
    sandboxControl: sandbox || flag('sandbox-control') || text('sandbox-session') !== undefined,
    quiet: flag('quiet'),
  };
  selectionOf(options.apis, operations); // a mistake in --operation is a usage error before anything starts
  if (flag('live')) {
    if (text('destinations') === undefined) throw new UsageError('--live needs --destinations <file>: live requests use only the destinations listed there');
    options.destinations = readDestinations(text('destinations')!);
  }
  const set = <K extends keyof CliOptions>(key: K, value: CliOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('applicationName', text('application-name'));
  set('gatewayMediaType', text('gateway-media-type'));
  set('sandboxSession', text('sandbox-session'));
  set('maxRequests', integer('max-requests', text('max-requests'), ...INTEGER_BOUNDS.maxRequests));
  set('intervalMs', integer('interval-ms', text('interval-ms'), ...INTEGER_BOUNDS.intervalMs));
  set('timeoutMs', integer('timeout-ms', text('timeout-ms'), ...INTEGER_BOUNDS.timeoutMs));
  set('maxResponseBytes', integer('max-response-bytes', text('max-response-bytes'), ...INTEGER_BOUNDS.maxResponseBytes));
  set('maxRetryAfterSeconds', integer('max-retry-after', text('max-retry-after'), ...INTEGER_BOUNDS.maxRetryAfterSeconds));
  set('seed', integer('seed', text('seed'), ...INTEGER_BOUNDS.seed));
  set('generated', integer('generated', text('generated'), ...INTEGER_BOUNDS.generated));
  set('listen', integer('listen', text('listen'), ...INTEGER_BOUNDS.listen));
  set('callbackUrl', text('callback-url'));
  set('callbackTimeoutMs', integer('callback-timeout-ms', text('callback-timeout-ms'), ...INTEGER_BOUNDS.callbackTimeoutMs));
  set('junit', text('junit'));
  set('json', text('json'));
  return options;
}
