// The CLI's flags, parsed with node:util's parseArgs; any mistake is one clear line (exit 2).
import { parseArgs } from 'node:util';
import type { SandboxOptions } from './sandbox.js';

export const USAGE = `usage: messaging-sandbox [--port 4010] [--host 127.0.0.1] [--seed <text>]
  [--sms-status-url <url>] [--sms-reply-url <url>] [--im-status-url <url>]
  [--gateway-user <name>] [--gateway-password <pw>] [--sms-api-key <key>] [--im-api-key <key>]
  [--campaign-user <name>] [--campaign-password <pw>] [--max-body-bytes <n>] [--store-cap <n>]
  [--max-sessions <n>] [--session-idle-seconds <n>]`;

export class UsageError extends Error {}

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  }
  return Number(value);
}

export function parseCliArgs(argv: string[]): SandboxOptions | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
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
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]! : 'bad arguments');
  }
  if (values.help) return 'help';
  const text = (name: string) => values[name] as string | undefined;
  const storeCap = integer('store-cap', text('store-cap'), 1, 10_000_000);
  const maxSessions = integer('max-sessions', text('max-sessions'), 0, 10_000);
  const idleSeconds = integer('session-idle-seconds', text('session-idle-seconds'), 1, 7 * 24 * 3600);
  const basic = (user?: string, password?: string) => ({ ...(user && { username: user }), ...(password && { password }) });
  return {
    port: integer('port', text('port'), 0, 65535) ?? 4010,
    host: text('host') ?? '127.0.0.1',
    ...(text('seed') !== undefined && { seed: text('seed')! }),
    callbacks: { smsStatus: text('sms-status-url'), smsReply: text('sms-reply-url'), imStatus: text('im-status-url') },
    credentials: {
      'gateway-v1': basic(text('gateway-user'), text('gateway-password')),
      'sms-v2': { ...(text('sms-api-key') && { apiKey: text('sms-api-key')! }) },
      'im-v1': { ...(text('im-api-key') && { apiKey: text('im-api-key')! }) },
      'campaign-manager-v1': basic(text('campaign-user'), text('campaign-password')),
    },
    ...(text('max-body-bytes') !== undefined && { maxBodyBytes: integer('max-body-bytes', text('max-body-bytes'), 0, 2 ** 31)! }),
    ...((maxSessions !== undefined || idleSeconds !== undefined) && {
      sessions: { ...(maxSessions !== undefined && { max: maxSessions }), ...(idleSeconds !== undefined && { idleMs: idleSeconds * 1000 }) },
    }),
    ...(storeCap !== undefined && {
      storeCaps: { gatewayMessages: storeCap, smsMessages: storeCap, imMessages: storeCap, lists: storeCap, campaigns: storeCap },
    }),
  };
}
