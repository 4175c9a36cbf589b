// The CLI as a new user runs it: prints base URLs, credentials and how to point callbacks at a
// receiver; SIGINT closes it cleanly (exit 0); a bad flag is one line and exit 2.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The package's bin, `messaging-sandbox`, which runs the build (dist/cli.js; turbo builds the package
// before its tests), in a process of its own, as a user starts it (through tsx, each start cost
// twice the CPU).
const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));

function run(args: string[], from = { bin, cwd: process.cwd() }) {
  return spawn(process.execPath, [from.bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], cwd: from.cwd });
}

/** Starts the CLI and waits for its whole banner. */
async function banner(child: ReturnType<typeof run>) {
  const io = collect(child);
  await bannerOf(child, io);
  return io;
}

/**
 * Waits for the banner's last line; if the process exits first, or prints nothing for 15 s, fails
 * with what it printed (a bare test timeout, seen once in CI under load, said nothing of why).
 */
function bannerOf(child: ReturnType<typeof run>, io: ReturnType<typeof collect>) {
  return new Promise<void>((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${why}; stdout: ${io.out() || '(nothing)'}; stderr: ${io.err() || '(nothing)'}`));
    const timer = setTimeout(() => fail('no banner within 15 s'), 15_000);
    child.stdout.on('data', () => io.out().includes('Ctrl-C') && (clearTimeout(timer), resolve()));
    void io.exit.then((code) => (clearTimeout(timer), fail(`exited ${code} before its banner`)));
  });
}

/** Its exit code; if it has not exited within 15 s, fails with what it printed (a hang says so). */
function exitCode(io: ReturnType<typeof collect>) {
  return new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no exit within 15 s; stdout: ${io.out() || '(nothing)'}; stderr: ${io.err() || '(nothing)'}`)), 15_000);
    void io.exit.then((code) => (clearTimeout(timer), resolve(code)));
  });
}

function collect(child: ReturnType<typeof run>) {
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { out: () => out, err: () => err, exit };
}

describe('messaging-sandbox CLI', () => {
  it('prints where everything is, and stops cleanly on SIGINT', async () => {
    const child = run(['--port', '0', '--seed', 'cli', '--im-api-key', 'key-c', '--im-status-url', 'http://127.0.0.1:9/cb']);
    const io = collect(child);
    await bannerOf(child, io);
    expect(io.out()).toMatch(/A gateway-v1 +http:\/\/127\.0\.0\.1:\d+\/rest\/gateway +Basic sandbox-gateway:/);
    // A key given is not printed back, only where it came from.
    expect(io.out()).toContain('authorization: <given by --im-api-key>');
    expect(io.out()).not.toContain('key-c');
    expect(io.out()).toContain('C status http://127.0.0.1:9/cb');
    expect(io.out()).toContain('/__sandbox/callbacks');
    // What to call, from the route table: C's one operation, and D's paths after its base path.
    expect(io.out()).toMatch(/^ +im-v1 +POST \/message$/m);
    expect(io.out()).toContain('GET /{application_name}/lists · POST /{application_name}/lists');
    // From the repository: its own paths.
    expect(io.out()).toContain('request bodies: the examples in specs/dist/<id>.json');
    expect(io.out()).toMatch(/docs: packages\/sandbox\/README\.md; the docs site: pnpm docs:serve/);
    expect(io.out()).toMatch(/control API: http:\/\/127\.0\.0\.1:\d+\/__sandbox\/ \(described at http:\/\/127\.0\.0\.1:\d+\/__sandbox\/openapi\.json\)/);
    expect(io.out()).toContain('\n  CORS: loopback origins only; add others with --cors <origin>\n');
    child.kill('SIGINT');
    expect(await exitCode(io)).toBe(0);
    expect(io.out()).toContain('messaging sandbox stopped');
  }, 30_000);

  // Installed from npm there is no specs/dist/: the banner names what the user has. The layout npm
  // makes (node_modules/@messaging-contracts/<name>, real folders), from the packages' published files.
  it('installed from npm, points at the @messaging-contracts/openapi bundles and the README it has', async () => {
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'sandbox-npm-')));
    try {
      const require = createRequire(import.meta.url);
      const scope = join(project, 'node_modules', '@messaging-contracts');
      const sandboxDir = fileURLToPath(new URL('..', import.meta.url));
      // The sandbox's dependencies as npm installs them (client-core: request bodies are held to its
      // integer check; openapi-fetch is client-core's).
      const clientCoreDir = dirname(require.resolve('@messaging-contracts/client-core/package.json'));
      for (const [name, dir] of [
        ['sandbox', sandboxDir],
        ['openapi', dirname(require.resolve('@messaging-contracts/openapi/package.json'))],
        ['validators', dirname(require.resolve('@messaging-contracts/validators/package.json'))],
        ['client-core', clientCoreDir],
      ] as const) {
        const files: string[] = [...(require(join(dir, 'package.json')).files as string[]), 'package.json', 'README.md'];
        for (const file of files) if (existsSync(join(dir, file))) cpSync(join(dir, file), join(scope, name, file), { recursive: true });
      }
      const openapiFetchDir = dirname(createRequire(join(clientCoreDir, 'package.json')).resolve('openapi-fetch/package.json'));
      for (const file of ['package.json', 'dist']) cpSync(join(openapiFetchDir, file), join(project, 'node_modules', 'openapi-fetch', file), { recursive: true });
      const child = run(['--port', '0'], { bin: join(scope, 'sandbox', 'bin', 'messaging-sandbox.mjs'), cwd: project });
      const io = await banner(child);
      child.kill('SIGINT');
      expect(await exitCode(io)).toBe(0);
      expect(io.out()).not.toContain('specs/');
      expect(io.out()).not.toContain('pnpm');
      expect(io.out()).toContain('request bodies: the examples in @messaging-contracts/openapi/<id>.json, on disk node_modules/@messaging-contracts/openapi/dist/<id>.json');
      expect(io.out()).toContain('docs: node_modules/@messaging-contracts/sandbox/README.md, or npm docs @messaging-contracts/sandbox');
      // What it names is there: the export from the project, the file and the README on disk.
      expect(createRequire(join(project, 'index.js'))('@messaging-contracts/openapi/gateway-v1.json').openapi).toBe('3.1.0');
      expect(existsSync(join(project, 'node_modules/@messaging-contracts/openapi/dist/gateway-v1.json'))).toBe(true);
      expect(existsSync(join(project, 'node_modules/@messaging-contracts/sandbox/README.md'))).toBe(true);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 20_000);

  it('beyond loopback, warns, prints reachable addresses and the control token, and requires it', async () => {
    const child = run(['--port', '0', '--host', '0.0.0.0', '--request-log-size', '10']);
    const io = collect(child);
    await bannerOf(child, io);
    expect(io.err()).toMatch(/warning: listening on 0\.0\.0\.0, beyond loopback/);
    expect(io.err()).toMatch(/reachable at: http:\/\/127\.0\.0\.1:\d+/);
    const token = /x-sandbox-control-token: ([0-9a-f]{32})/.exec(io.err())![1]!;
    expect(io.err()).toContain('at most 256 connections at once (--max-connections)');
    // Every address printed answers: 0.0.0.0 is IPv4 only, so no IPv6 address is listed.
    const reachable = /reachable at: (.*)/.exec(io.err())![1]!.split(', ');
    expect(reachable.filter((address) => address.includes('['))).toEqual([]);
    for (const address of reachable) expect((await fetch(`${address}/__sandbox/`, { headers: { 'x-sandbox-control-token': token } })).status, address).toBe(200);
    expect(io.out()).not.toContain('0.0.0.0');
    const url = /messaging sandbox on (http:\/\/\S+)/.exec(io.out())![1]!;
    expect((await fetch(`${url}/__sandbox/`)).status).toBe(401);
    expect((await fetch(`${url}/__sandbox/`, { headers: { 'x-sandbox-control-token': token } })).status).toBe(200);
    // The banner's curl lines carry the token, so pasted as printed they are not answered 401.
    for (const line of io.out().split('\n').filter((l) => l.includes('curl -X'))) expect(line).toContain(`-H 'x-sandbox-control-token: ${token}'`);
    expect(io.out().split('\n').filter((l) => l.includes('curl -X'))).toHaveLength(2);
    child.kill('SIGINT');
    expect(await exitCode(io)).toBe(0);
  }, 20_000);

  it('--host 0 (0.0.0.0 spelt otherwise) prints the machine’s addresses as 0.0.0.0 does, not http://0:<port>', async () => {
    const child = run(['--port', '0', '--host', '0']);
    const io = collect(child);
    await bannerOf(child, io);
    expect(io.err()).toMatch(/warning: listening on 0 \(0\.0\.0\.0\), beyond loopback/);
    const reachable = /reachable at: (.*)/.exec(io.err())![1]!.split(', ');
    expect(reachable).toContainEqual(expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/));
    expect(reachable.filter((address) => address.startsWith('http://0:'))).toEqual([]);
    // Said once: the CLI's lines follow startSandbox's warning rather than repeat it.
    expect(io.err().match(/beyond loopback/g)).toHaveLength(1);
    expect(io.err()).toContain('at most 256 connections at once (--max-connections)');
    child.kill('SIGINT');
    expect(await exitCode(io)).toBe(0);
  }, 20_000);

  it('with --https, writes the generated certificate to a file a shell trusts with curl --cacert, removed when it stops', async () => {
    const child = run(['--port', '0', '--https']);
    const io = collect(child);
    await bannerOf(child, io);
    const pem = /PEM: (\S+) \(removed when the sandbox stops\)/.exec(io.out())![1]!;
    const url = /messaging sandbox on (https:\/\/\S+)/.exec(io.out())![1]!;
    expect(io.out()).toContain(`trust it: curl --cacert ${pem} ${url}/__sandbox/`);
    expect(io.out()).toContain(`NODE_EXTRA_CA_CERTS=${pem} node`);
    // For a browser: the SHA-256 of the certificate's public key (SPKI), as openssl computes it from the PEM.
    const openssl = (args: string[], input?: Buffer) => spawnSync('openssl', args, { input, timeout: 15_000 }).stdout;
    const spki = openssl(['dgst', '-sha256', '-binary'], openssl(['pkey', '-pubin', '-outform', 'der'], openssl(['x509', '-pubkey', '-noout', '-in', pem]))).toString('base64');
    expect(spki).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(io.out()).toContain(`public key (SPKI) SHA-256, base64: ${spki}\n`);
    expect(io.out()).toContain(`chromium --ignore-certificate-errors-spki-list=${spki} `);
    const curl = (...args: string[]) => spawnSync('/usr/bin/curl', ['-sS', '--max-time', '10', ...args], { encoding: 'utf8', timeout: 15_000 });
    const trusted = curl('--cacert', pem, `${url}/__sandbox/clock`);
    expect(trusted.stderr).toBe('');
    expect(JSON.parse(trusted.stdout)).toMatchObject({ mode: 'real' });
    // Without it curl refuses the self-signed certificate (60: peer certificate cannot be authenticated).
    expect(curl(`${url}/__sandbox/clock`).status).toBe(60);
    // The banner's curl lines carry it: pasted into a shell as printed, they work.
    const lines = io.out().split('\n').filter((l) => l.includes('curl --cacert') && l.includes(' -X '));
    expect(lines).toHaveLength(2);
    const asPrinted = spawnSync('sh', ['-c', `${lines[0]!.slice(lines[0]!.indexOf('curl'))} -sS --max-time 10 -o /dev/null -w '%{http_code}'`], { encoding: 'utf8', timeout: 15_000 });
    expect([asPrinted.stderr, asPrinted.stdout]).toEqual(['', '200']);
    child.kill('SIGINT');
    expect(await exitCode(io)).toBe(0);
    expect(existsSync(dirname(pem))).toBe(false);
  }, 30_000);

  it('with --cors off, says so in the banner, and names a refused Origin on stderr once', async () => {
    const child = run(['--port', '0', '--cors', 'off']);
    const io = collect(child);
    await bannerOf(child, io);
    expect(io.out()).toContain('\n  CORS: none (--cors off): no page on another origin, loopback or not, can read the answers\n');
    const url = /messaging sandbox on (http:\/\/\S+)/.exec(io.out())![1]!;
    const preflight = () => fetch(`${url}/rest/im/v1/message`, { method: 'OPTIONS', headers: { origin: 'http://app.example.test:4921', 'access-control-request-method': 'POST' } });
    expect((await preflight()).status).toBe(403);
    expect((await preflight()).status).toBe(403);
    child.kill('SIGINT');
    expect(await exitCode(io)).toBe(0);
    expect(io.err()).toBe(
      'messaging-sandbox: CORS refused the Origin "http://app.example.test:4921" (allowed: none (--cors off)), so a page there gets only a network error ("Failed to fetch"); ' +
        'to allow it, start the sandbox with --cors http://app.example.test:4921 (startSandbox: the cors option)\n',
    );
  }, 20_000);

  it.each([[['--port', 'x']], [['--nope']], [['--sms-status-url', 'not a url']], [['--host', '0.0.0.0', '--seed', 'demo']]])('refuses %j in one line with exit 2', async (args) => {
    const io = collect(run(args));
    expect(await exitCode(io)).toBe(2);
    expect(io.err().trim().split('\n')).toHaveLength(1);
    expect(io.err()).toMatch(/^messaging-sandbox: /);
  }, 20_000);
});
