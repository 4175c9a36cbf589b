// Credentials and the control token given without a flag (README, "Credentials and the control
// token"): a flag's value is in the process's command line, which any local user reads in `ps`;
// the environment (MESSAGING_SANDBOX_*) and a credentials file are not.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { MAX_CREDENTIALS_FILE_BYTES, envName } from '../src/cli-secrets.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-credentials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
function file(content: string): string {
  const path = join(dir, `credentials-${++files}.json`);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}
const parsed = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseCliArgs(argv, env) as Exclude<ReturnType<typeof parseCliArgs>, 'help'>;

const SECRETS = {
  'gateway-v1': { username: 'gw-user', password: 'gw-secret-from-file-1' },
  'sms-v2': { apiKey: 'sms-secret-from-file-2' },
  'im-v1': { apiKey: 'im-secret-from-file-3' },
  'campaign-manager-v1': { username: 'cm-user', password: 'cm-secret-from-file-4' },
  controlToken: 'control-secret-from-file-5',
};

describe('from the environment', () => {
  it('reads MESSAGING_SANDBOX_<FLAG> for each credential flag and the control token; an empty one is unset', () => {
    expect(envName('sms-api-key')).toBe('MESSAGING_SANDBOX_SMS_API_KEY');
    const options = parsed([], {
      MESSAGING_SANDBOX_GATEWAY_USER: 'u1',
      MESSAGING_SANDBOX_GATEWAY_PASSWORD: 'p1',
      MESSAGING_SANDBOX_SMS_API_KEY: 'k2',
      MESSAGING_SANDBOX_IM_API_KEY: 'k3',
      MESSAGING_SANDBOX_CAMPAIGN_USER: 'u4',
      MESSAGING_SANDBOX_CAMPAIGN_PASSWORD: '',
      MESSAGING_SANDBOX_CONTROL_TOKEN: 'a-token-of-sixteen-or-more',
    });
    expect(options.credentials).toEqual({
      'gateway-v1': { username: 'u1', password: 'p1' },
      'sms-v2': { apiKey: 'k2' },
      'im-v1': { apiKey: 'k3' },
      'campaign-manager-v1': { username: 'u4' },
    });
    expect(options.controlToken).toBe('a-token-of-sixteen-or-more');
    expect(options.cli.secretSources).toMatchObject({ 'sms-api-key': 'MESSAGING_SANDBOX_SMS_API_KEY', 'control-token': 'MESSAGING_SANDBOX_CONTROL_TOKEN' });
    expect(options.cli.secretSources).not.toHaveProperty('campaign-password');
  });

  it('a flag wins over the environment, which wins over the file', () => {
    const path = file(JSON.stringify({ 'sms-v2': { apiKey: 'from-file' }, 'im-v1': { apiKey: 'from-file' }, 'gateway-v1': { password: 'from-file' } }));
    const options = parsed(['--credentials-file', path, '--sms-api-key', 'from-flag'], { MESSAGING_SANDBOX_SMS_API_KEY: 'from-env', MESSAGING_SANDBOX_IM_API_KEY: 'from-env' });
    expect(options.credentials).toMatchObject({ 'sms-v2': { apiKey: 'from-flag' }, 'im-v1': { apiKey: 'from-env' }, 'gateway-v1': { password: 'from-file' } });
    expect(options.cli.secretSources).toEqual({ 'sms-api-key': '--sms-api-key', 'im-api-key': 'MESSAGING_SANDBOX_IM_API_KEY', 'gateway-password': '--credentials-file' });
  });
});

describe('--credentials-file', () => {
  it('holds the credentials option and the control token', () => {
    const options = parsed(['--credentials-file', file(JSON.stringify(SECRETS))]);
    const { controlToken, ...credentials } = SECRETS;
    expect(options.credentials).toEqual(credentials);
    expect(options.controlToken).toBe(controlToken);
  });

  it('is bounded in bytes (counted as read), and refuses what it cannot use naming the key and the rule, never a value', () => {
    const big = file(JSON.stringify({ controlToken: 'x'.repeat(MAX_CREDENTIALS_FILE_BYTES) }));
    expect(() => parsed(['--credentials-file', big])).toThrow(`--credentials-file: ${big} is over 65536 bytes`);
    const cases: [string, RegExp][] = [
      ['{"sms-v2": {"apiKey": "sms-secret-in-error"', /is not JSON: line 1 column 44: Expected ',' or '}' after property value$/],
      ['{"sms-v2": {"apiKey": sms-secret-in-error}}', /is not JSON: Unexpected token 's'$/],
      ['{"sms-v2": {"apikey": "sms-secret-in-error"}}', /: sms-v2\.apikey is not a key of sms-v2 \(keys: apiKey\)$/],
      ['{"smsv2": {"apiKey": "sms-secret-in-error"}}', /: smsv2 is not a key of a credentials file \(keys: gateway-v1, sms-v2, im-v1, campaign-manager-v1, controlToken\)$/],
      ['{"sms-v2": {"apiKey": ["sms-secret-in-error"]}}', /: sms-v2\.apiKey must be a non-empty string$/],
      ['{"controlToken": 12345678901234567890}', /: controlToken must be a non-empty string$/],
      ['["sms-secret-in-error"]', /must hold a JSON object/],
    ];
    for (const [content, rule] of cases) {
      const error = (() => {
        try {
          parsed(['--credentials-file', file(content)]);
        } catch (e) {
          return (e as Error).message;
        }
        return 'no error';
      })();
      expect(error, content).toMatch(rule);
      expect(error).not.toContain('secret');
      expect(error).not.toContain('12345678901234567890');
    }
    expect(() => parsed(['--credentials-file', join(dir, 'absent.json')])).toThrow(/^--credentials-file: cannot read .*absent\.json: ENOENT/);
  });
  it('warns when other users can read the file (the README writes it with umask 077), never when only its owner can', () => {
    const open = file(JSON.stringify({ 'sms-v2': { apiKey: 'sms-secret-in-warning' } }));
    chmodSync(open, 0o644);
    expect(parsed(['--credentials-file', open]).cli.warnings).toEqual([`--credentials-file: ${open} can be read by other users (mode 644): chmod 600 it`]);
    expect(parsed(['--credentials-file', file('{}')]).cli.warnings).toEqual([]);
    expect(parsed([]).cli.warnings).toEqual([]);
  });

  it('a control token too short is refused naming where it came from, never the token', () => {
    expect(() => parsed(['--credentials-file', file('{"controlToken": "short-secret"}')])).toThrow(/^--credentials-file: the control token must be at least 16 characters$/);
    expect(() => parsed([], { MESSAGING_SANDBOX_CONTROL_TOKEN: 'short-secret' })).toThrow(/^MESSAGING_SANDBOX_CONTROL_TOKEN: the control token must be at least 16 characters$/);
    expect(() => parsed(['--control-token', 'short-secret'])).toThrow(/^--control-token: the control token must be at least 16 characters$/);
  });
});

describe('the CLI started with the environment and with a file', () => {
  const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));
  /** The CLI's banner and stderr, its command line as `ps` reads it, and `use(url)` run while it serves. */
  function run(args: string[], env: NodeJS.ProcessEnv, use: (url: string) => Promise<void>) {
    return new Promise<{ out: string; err: string; cmdline: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
      let out = '';
      let err = '';
      let cmdline = '';
      const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no banner within 15 s: ${out} ${err}`))), 15_000);
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (!out.includes('Ctrl-C') || cmdline) return;
        cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
        use(/messaging sandbox on (\S+)/.exec(out)![1]!).then(() => child.kill('SIGINT'), (error) => (child.kill('SIGINT'), reject(error)));
      });
      child.on('close', () => (clearTimeout(timer), resolve({ out, err, cmdline })));
    });
  }
  const sendIm = (url: string, apiKey: string) =>
    fetch(`${url}/rest/im/v1/message`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hi' } } }),
    });

  it('takes the credentials and the control token, which show neither in its command line nor in what it prints', async () => {
    const path = file(JSON.stringify(SECRETS));
    const fromFile = await run(['--host', '0.0.0.0', '--credentials-file', path], {}, async (url) => {
      expect((await sendIm(url, SECRETS['im-v1'].apiKey)).status).toBe(202);
      expect((await fetch(`${url}/__sandbox/clock`, { headers: { 'x-sandbox-control-token': SECRETS.controlToken } })).status).toBe(200);
    });
    const fromEnv = await run(['--host', '0.0.0.0'], { MESSAGING_SANDBOX_IM_API_KEY: 'im-secret-from-env', MESSAGING_SANDBOX_CONTROL_TOKEN: 'control-secret-from-env' }, async (url) => {
      expect((await sendIm(url, 'im-secret-from-env')).status).toBe(202);
      expect((await fetch(`${url}/__sandbox/clock`, { headers: { 'x-sandbox-control-token': 'control-secret-from-env' } })).status).toBe(200);
    });
    for (const { out, err, cmdline } of [fromFile, fromEnv]) {
      for (const text of [out, err, cmdline]) expect(text).not.toMatch(/secret/);
    }
    expect(fromFile.out).toContain('authorization: <given by --credentials-file>');
    expect(fromFile.out).toContain('Basic gw-user:<given by --credentials-file>');
    expect(fromFile.err).toContain('x-sandbox-control-token: <given by --credentials-file>');
    expect(fromEnv.out).toContain('authorization: <given by MESSAGING_SANDBOX_IM_API_KEY>');
    expect(fromEnv.err).toContain('x-sandbox-control-token: <given by MESSAGING_SANDBOX_CONTROL_TOKEN>');
    expect(fromFile.err).not.toContain('can be read by other users');
    // A file others can read: said on stderr, and the sandbox starts all the same.
    chmodSync(path, 0o640);
    const readable = await run(['--credentials-file', path], {}, async (url) => expect((await sendIm(url, SECRETS['im-v1'].apiKey)).status).toBe(202));
    expect(readable.err).toContain(`messaging-sandbox: warning: --credentials-file: ${path} can be read by other users (mode 640): chmod 600 it`);
  }, 60_000);
});

// A credential flag written with `=` and a space leaves the credential as a stray argument, which
// parseArgs' refusal quoted ("Unexpected argument '<key>'"): its place is named instead (stray-argument.ts).
describe('a stray argument', () => {
  it('is refused naming the flag before it, never shown', () => {
    const key = 'im-key-given-by-mistake-7';
    for (const [argv, where] of [
      [['--im-api-key=', key], 'an argument after --im-api-key'],
      [['--control-token=', key, '--port', '0'], 'an argument after --control-token'],
      [[key], 'the first argument'],
    ] as const) {
      let message = '';
      try {
        parseCliArgs([...argv], {});
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, where).toBe(`${where} is not a flag (not shown: it may be a credential); the command takes flags only, a value as --flag=value or --flag value`);
    }
    // After `--`, the command to run: its arguments are not flags of the sandbox.
    expect(parsed(['--', 'node', key]).cli).toMatchObject({ command: ['node', key] });
  });

  // No shell reads the words after `--`: `-- API_KEY=<key> node --test` (a shell's habit) tried to
  // run a program named `API_KEY=<key>`, and its failure quoted it ("cannot run API_KEY=<key>: ENOENT").
  it('an environment assignment after -- is refused before anything runs, its value not shown', () => {
    const key = 'key-in-an-assignment-9';
    for (const command of [[`API_KEY=${key}`, 'node', '--test'], ['API_KEY=1', `OTHER=${key}`, 'node']]) {
      expect(() => parseCliArgs(['--', ...command], {})).toThrow(
        'API_KEY=… after -- is an environment assignment, not a command (no shell reads the words after --): set API_KEY before messaging-sandbox, as API_KEY=… messaging-sandbox … -- <command>',
      );
    }
  });
});
