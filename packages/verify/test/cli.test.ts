// The messaging-verify command as a user runs it (the built dist/, spawned): the sandbox run and
// its reports, the exit codes, the --live guard, the budget and destinations, the dry run, bad
// flags (in process, through cli-main.ts), and credentials that never appear in anything it prints
// or writes.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@messaging-contracts/sandbox';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../src/cli-main.js';
import { startRecordingServer } from './support/recording-server.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'messaging-verify.mjs');
/** A folder for one test's reports, removed when the test ends. */
function temp() {
  const dir = mkdtempSync(join(tmpdir(), 'messaging-verify-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const SECRETS = {
  GATEWAY_V1_USERNAME: 'gw-user-s3cret',
  GATEWAY_V1_PASSWORD: 'gw-pass-s3cret',
  SMS_V2_API_KEY: 'sms-key-s3cret',
  IM_V1_API_KEY: 'im-key-s3cret',
  CAMPAIGN_MANAGER_V1_USERNAME: 'cm-user-s3cret',
  CAMPAIGN_MANAGER_V1_PASSWORD: 'cm-pass-s3cret',
};

function cli(args: string[], env: Record<string, string> = {}, nodeFlags: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeFlags, bin, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('messaging-verify', () => {
  it('--sandbox: every check passes, exit 0, progress on stderr, JSON and JUnit reports', async () => {
    const dir = temp();
    const { code, stdout, stderr } = await cli(['--sandbox', '--json', join(dir, 'r.json'), '--junit', join(dir, 'r.xml')]);
    expect(stderr).toContain('C im-v1 boundaries (section 8):');
    expect(lastLine(stdout)).toMatch(/^verify: \d+ checks, 0 failed$/);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(report.failed).toBe(0);
    expect(`verify: ${report.checks.length} checks, 0 failed`).toBe(lastLine(stdout));
    const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
    expect(junit).toContain(`<testsuites name="messaging-verify" tests="${report.checks.length}" failures="0"`);
    expect(junit).toContain('<testsuite name="im-v1"');
  });

  it('a server that answers 200 {} to everything: exit 1, each failure with section and curl, no credential anywhere', async () => {
    const server = await startRecordingServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }));
    const dir = temp();
    try {
      const { code, stdout, stderr } = await cli(['--base-url', `http://127.0.0.1:${server.port}`, '--json', join(dir, 'r.json'), '--junit', join(dir, 'r.xml')], SECRETS);
      expect(code).toBe(1);
      expect(lastLine(stdout)).toMatch(/^verify: \d+ checks, [1-9]\d* failed$/);
      expect(stderr).toMatch(/FAIL im-v1\.sendMessage accepted \(section 4\.3\) documented example 1: status 200, expected 202/);
      expect(stderr).toContain(`"authorization: $IM_V1_API_KEY"`);
      const written = [stdout, stderr, readFileSync(join(dir, 'r.json'), 'utf8'), readFileSync(join(dir, 'r.xml'), 'utf8')].join('\n');
      for (const secret of Object.values(SECRETS)) expect(written).not.toContain(secret);
      // The credentials did go to the server, where they belong.
      expect(server.requests.some((r) => r.headers.authorization === SECRETS.IM_V1_API_KEY)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('--quiet leaves out the progress lines and keeps the FAIL lines (and their curl)', async () => {
    const server = await startRecordingServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }));
    try {
      const { code, stderr, stdout } = await cli(['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'sms-v2', '--generated', '0', '--quiet'], { SMS_V2_API_KEY: 'k-quiet' });
      expect(code).toBe(1);
      const lines = stderr.trimEnd().split('\n');
      expect(lines.filter((line) => line.startsWith('  FAIL sms-v2.')).length).toBeGreaterThan(0);
      expect(lines.every((line) => line.startsWith('  FAIL ') || line.startsWith('       curl '))).toBe(true);
      expect(lastLine(stdout)).toMatch(/^verify: \d+ checks, [1-9]\d* failed$/);
    } finally {
      await server.close();
    }
  });

  it('wrong credentials against a sandbox, --quiet: the credentials-accepted FAIL line has its curl too, the key redacted', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const { code, stderr, stdout } = await cli(['--base-url', sandbox.url, '--api', 'im-v1', '--sandbox-control', '--quiet'], { IM_V1_API_KEY: 'a-stale-im-key' });
      expect(code).toBe(1);
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/^ {2}FAIL im-v1 credentials-accepted \(section 5\) the credentials given: every valid request was refused \(\d+ × 401\)/),
        expect.stringMatching(/^ {7}curl -X POST '[^']+\/rest\/im\/v1\/message' .*-H "authorization: \$IM_V1_API_KEY" --data-raw '\{/),
      ]);
      // One check in all, said in the singular (the trial read "1 checks").
      expect(stdout).toBe('verify: 1 check, 1 failed\n');
      expect(`${stdout}${stderr}`).not.toContain('a-stale-im-key');
    } finally {
      await sandbox.close();
    }
  });

  it('a non-loopback target without --live: exit 2 naming --live, nothing is sent, and stdout ends with the summary line, as other stops do', async () => {
    const server = await startRecordingServer(() => ({ status: 200 }));
    try {
      // 0.0.0.0 reaches this 127.0.0.1 server, but is not a loopback address by its text.
      const { code, stdout, stderr } = await cli(['--base-url', `http://0.0.0.0:${server.port}`], SECRETS);
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([`messaging-verify: --base-url http://0.0.0.0:${server.port} is not a loopback address: nothing is sent there without --live`]);
      expect(stdout).toBe('verify: 0 checks, 0 failed\n');
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('--live: destinations only from --destinations, and the request budget stops the run (exit 2)', async () => {
    const server = await startRecordingServer(() => ({ status: 202, headers: { 'content-type': 'application/json' }, body: '{"id":"3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d"}' }));
    const dir = temp();
    writeFileSync(join(dir, 'destinations.txt'), '# ours\n+447700900999\n');
    try {
      const noFile = await cli(['--base-url', `http://0.0.0.0:${server.port}`, '--live'], SECRETS);
      expect(noFile.code).toBe(2);
      expect(noFile.stderr).toContain('--live needs --destinations <file>');
      expect(server.requests).toEqual([]);

      const { code, stdout, stderr } = await cli(
        ['--base-url', `http://0.0.0.0:${server.port}`, '--live', '--destinations', join(dir, 'destinations.txt'), '--api', 'im-v1', '--max-requests', '12', '--interval-ms', '0'],
        SECRETS,
      );
      expect(code).toBe(2);
      expect(stderr).toContain('the request budget is spent (--max-requests 12)');
      expect(lastLine(stdout)).toMatch(/^verify: \d+ checks, \d+ failed$/);
      expect(server.requests).toHaveLength(12);
      const mobiles = server.requests.map((r) => JSON.parse(r.body || '{}').destination);
      for (const destination of mobiles) if (destination !== undefined) expect(destination).toEqual({ mobile: '+447700900999' });
    } finally {
      await server.close();
    }
  });

  it('--dry-run prints every request it would send, sends nothing, and redacts credentials', async () => {
    const { code, stdout } = await cli(['--base-url', 'https://api.example.com', '--dry-run', '--api', 'gateway-v1'], SECRETS);
    expect(code).toBe(0);
    const requests = stdout.split('\n').filter((l) => l.startsWith('would send: curl '));
    expect(requests.length).toBeGreaterThan(20);
    expect(lastLine(stdout)).toBe(`verify: dry run, ${requests.length} requests`);
    expect(stdout).toContain(`-u "$GATEWAY_V1_USERNAME:$GATEWAY_V1_PASSWORD"`);
    expect(stdout).toContain("'https://api.example.com/rest/gateway/messages/{$steps.send.outputs.id}'");
    for (const secret of Object.values(SECRETS)) expect(stdout).not.toContain(secret);
  });

  it.each([
    [['--base-url', 'http://127.0.0.1:1', '--max-requests', '0'], 'messaging-verify: --max-requests must be an integer from 1 to 100000'],
    [['--base-url', 'http://127.0.0.1:1', '--api', 'sms'], 'messaging-verify: --api must be one of gateway-v1, sms-v2, im-v1, campaign-manager-v1 (got "sms")'],
    [['--bogus'], "messaging-verify: Unknown option '--bogus'"],
    [[], 'messaging-verify: --base-url <url> is required (or --sandbox)'],
    [['--base-url', 'ftp://x'], 'messaging-verify: --base-url must be an absolute http or https URL'],
    [['--base-url', 'http://127.0.0.1:1', '--api', 'im-v1'], 'messaging-verify: --im-api-key (or IM_V1_API_KEY) is required to verify im-v1'],
    [['--sandbox', '--live'], 'messaging-verify: --sandbox runs on loopback; leave out --live'],
    // Credentials no request can carry: refused by their rule, the value never shown (the security
    // trial: "cannot reach …: TypeError" for a key with a newline, and a user-id with ":" sent as is).
    [['--base-url', 'http://127.0.0.1:1', '--api', 'im-v1', '--im-api-key', 'a\nb'], 'messaging-verify: --im-api-key (or IM_V1_API_KEY) must be a string of Latin-1 characters without control characters'],
    [['--base-url', 'http://127.0.0.1:1', '--api', 'sms-v2', '--sms-api-key', 'k\u20ac'], 'messaging-verify: --sms-api-key (or SMS_V2_API_KEY) must be a string of Latin-1 characters without control characters'],
    [
      ['--base-url', 'http://127.0.0.1:1', '--api', 'gateway-v1', '--gateway-user', 'a:b', '--gateway-password', 'p'],
      'messaging-verify: --gateway-user (or GATEWAY_V1_USERNAME) must be a string without ":", control characters or unpaired surrogates',
    ],
    [
      ['--dry-run', '--base-url', 'http://127.0.0.1:1', '--api', 'campaign-manager-v1', '--campaign-password', 'p\r'],
      'messaging-verify: --campaign-password (or CAMPAIGN_MANAGER_V1_PASSWORD) must be a string without control characters or unpaired surrogates',
    ],
    // With --sandbox, a credential the clients take but the sandbox refuses (its stricter rule:
    // visible ASCII) was an internal error naming the sandbox's option, not the flag.
    [['--sandbox', '--sms-api-key', 'k\u00e9y'], 'messaging-verify: --sms-api-key (or SMS_V2_API_KEY) must be visible ASCII characters, spaces only between them, as a header value carries it (the sandbox\'s rule, --sandbox)'],
  ])('bad usage %j: one line naming the flag, exit 2', async (args, line) => {
    // In this process (cli-main.ts's main, as the command runs it, with an empty environment): a
    // process start per case was most of this file's CPU. Exit code 2 through a real process is the
    // --live and unreachable cases'.
    let stdout = '';
    let stderr = '';
    const code = await main(args, {}, { out: (text) => void (stdout += text), err: (text) => void (stderr += text) });
    expect({ code, stdout, stderr: stderr.trimEnd() }).toEqual({ code: 2, stdout: '', stderr: line });
  });

  // The trial's hang: on Node 20 an AbortSignal.timeout inside AbortSignal.any may never fire once
  // garbage is collected, and the run waited for undici's own 300 s (a trickling answer, for ever).
  // The command runs here with a collection every 20 ms, so the old signal never fires.
  it.each([
    ['accepts the connection and never answers', (socket: Socket) => socket.on('data', () => {})],
    [
      'answers its headers, then trickles its body',
      (socket: Socket) =>
        socket.once('data', () => {
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
          const drip = setInterval(() => socket.write(' '), 50);
          socket.on('close', () => clearInterval(drip));
        }),
    ],
  ])('a target that %s: --timeout-ms ends each request, also after garbage collections', async (_case, serve) => {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      serve(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const { port } = server.address() as AddressInfo;
    const collecting = ['--expose-gc', '--import', 'data:text/javascript,setInterval(() => globalThis.gc(), 20).unref()'];
    const { code, stdout, stderr } = await cli(['--base-url', `http://127.0.0.1:${port}`, '--api', 'im-v1', '--timeout-ms', '300'], SECRETS, collecting);
    // No complete answer before: unreachable after three timeouts in a row (exit 2).
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(`messaging-verify: http://127.0.0.1:${port} gave no answer within 300 ms to 3 requests in a row, and none before`);
    expect(code).toBe(2);
    expect(lastLine(stdout)).toMatch(/^verify: \d+ checks?, \d+ failed$/);
  });

  it('an unreachable target: exit 2', async () => {
    const server = await startRecordingServer(() => ({ status: 200 }));
    await server.close(); // a port nothing listens on
    const { code, stdout, stderr } = await cli(['--base-url', `http://127.0.0.1:${server.port}`, '--api', 'im-v1'], SECRETS);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(`messaging-verify: cannot reach http://127.0.0.1:${server.port}: connection refused (ECONNREFUSED)`);
    // A stopped run still ends stdout with the summary line.
    expect(lastLine(stdout)).toBe('verify: 0 checks, 0 failed');
  });
});
