// The CLI as a new user runs it: prints base URLs, credentials and how to point callbacks at a
// receiver; SIGINT closes it cleanly (exit 0); a bad flag is one line and exit 2.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The package's bin, `messaging-sandbox`, which runs the build (dist/cli.js; turbo builds the package
// before its tests), in a process of its own, as a user starts it (through tsx, each start cost
// twice the CPU).
const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));

function run(args: string[]) {
  return spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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
    await new Promise<void>((resolve) => child.stdout.on('data', () => io.out().includes('Ctrl-C') && resolve()));
    expect(io.out()).toMatch(/A gateway-v1 +http:\/\/127\.0\.0\.1:\d+\/rest\/gateway +Basic sandbox-gateway:/);
    expect(io.out()).toContain('authorization: key-c');
    expect(io.out()).toContain('C status http://127.0.0.1:9/cb');
    expect(io.out()).toContain('/__sandbox/callbacks');
    // What to call, from the route table: C's one operation, and D's paths after its base path.
    expect(io.out()).toMatch(/^ +im-v1 +POST \/message$/m);
    expect(io.out()).toContain('GET /{application_name}/lists · POST /{application_name}/lists');
    child.kill('SIGINT');
    expect(await io.exit).toBe(0);
    expect(io.out()).toContain('messaging sandbox stopped');
  }, 20_000);

  it('beyond loopback, warns, prints reachable addresses and the control token, and requires it', async () => {
    const child = run(['--port', '0', '--host', '0.0.0.0', '--request-log-size', '10']);
    const io = collect(child);
    await new Promise<void>((resolve) => child.stdout.on('data', () => io.out().includes('Ctrl-C') && resolve()));
    expect(io.err()).toMatch(/warning: listening on 0\.0\.0\.0, beyond loopback/);
    expect(io.err()).toMatch(/reachable at: http:\/\/127\.0\.0\.1:\d+/);
    const token = /x-sandbox-control-token: ([0-9a-f]{32})/.exec(io.err())![1]!;
    expect(io.out()).not.toContain('0.0.0.0');
    const url = /messaging sandbox on (http:\/\/\S+)/.exec(io.out())![1]!;
    expect((await fetch(`${url}/__sandbox/`)).status).toBe(401);
    expect((await fetch(`${url}/__sandbox/`, { headers: { 'x-sandbox-control-token': token } })).status).toBe(200);
    child.kill('SIGINT');
    expect(await io.exit).toBe(0);
  }, 20_000);

  it.each([[['--port', 'x']], [['--nope']], [['--sms-status-url', 'not a url']]])('refuses %j in one line with exit 2', async (args) => {
    const io = collect(run(args));
    expect(await io.exit).toBe(2);
    expect(io.err().trim().split('\n')).toHaveLength(1);
    expect(io.err()).toMatch(/^messaging-sandbox: /);
  }, 20_000);
});
