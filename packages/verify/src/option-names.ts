// How a usage error names an option: by the command's flag (`--base-url`) when the command runs,
// by the API's option (`baseUrl`, `live: true`) when verify() is called from code, so that each
// reader is told what they can change. One table for both.
import type { CREDENTIAL_SOURCES } from './credentials.js';

const NAMES = {
  baseUrl: ['--base-url', 'baseUrl'],
  live: ['--live', 'live: true'],
  destinations: ['--destinations <file>', 'destinations'],
  sandboxControl: ['--sandbox-control', 'sandboxControl'],
  sandboxSession: ['--sandbox-session', 'sandboxSession'],
  listen: ['--listen <port>', 'listen'],
  callbackUrl: ['--callback-url <url>', 'callbackUrl'],
  callbackTimeoutMs: ['--callback-timeout-ms', 'callbackTimeoutMs'],
  apis: ['--api', 'apis'],
  operations: ['--operation', 'operations'],
  maxRequests: ['--max-requests', 'maxRequests'],
  maxRetryAfterSeconds: ['--max-retry-after', 'maxRetryAfterSeconds'],
  gatewayMediaType: ['--gateway-media-type <type>', 'gatewayMediaType'],
} as const;

export type Naming = 'command' | 'api';

/** The option as the reader spells it: the command's flag (its value's placeholder included), or the API option. */
export function nameOf(option: keyof typeof NAMES, naming: Naming): string {
  return NAMES[option][naming === 'command' ? 0 : 1];
}

/** The flag alone (`--listen`), or the API option (`listen`). */
export function bareNameOf(option: keyof typeof NAMES, naming: Naming): string {
  return nameOf(option, naming).replace(/ <.*>$/, '').replace(/: true$/, '');
}

/** Where a credential is given: `--im-api-key (or IM_V1_API_KEY)`, or `credentials['im-v1'].apiKey`. */
export function credentialNameOf(source: (typeof CREDENTIAL_SOURCES)[number], naming: Naming): string {
  return naming === 'command' ? `--${source.flag} (or ${source.env})` : `credentials['${source.api}'].${source.part}`;
}

/** The options objects the command builds (cli-main.ts): their usage errors name flags. */
const fromCommand = new WeakSet<object>();

/** Marks `options` as the command's. */
export function viaCommand<T extends object>(options: T): T {
  fromCommand.add(options);
  return options;
}

export function namingOf(options: object): Naming {
  return fromCommand.has(options) ? 'command' : 'api';
}
