// The serve command as typed: the port it uses and why, and a clear failure when the port is taken.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST } from './build.mjs';
import { choosePort, DEFAULT_PORT } from './serve.mjs';

const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url));

describe('choosePort', () => {
  it.each([
    [[], {}, { port: DEFAULT_PORT, source: 'the default', dir: DIST }],
    [[], { PORT: '5001' }, { port: 5001, source: 'PORT', dir: DIST }],
    [['--port', '5002', '--dir', '/srv/site'], { PORT: '5001' }, { port: 5002, source: '--port', dir: '/srv/site' }],
    [['-p', '0'], {}, { port: 0, source: '--port', dir: DIST }],
    [[], { PORT: '' }, { port: DEFAULT_PORT, source: 'the default', dir: DIST }],
  ])('%j with %j: %j', (args, env, want) => {
    expect(choosePort(args, env)).toEqual(want);
  });

  it.each([
    [['--port', 'abc'], {}, /--port must be a port number from 0 to 65535 .*"abc"/],
    [[], { PORT: '70000' }, /PORT must be a port number/],
    [[], { PORT: '-1' }, /PORT must be a port number/],
    [['--prot', '1'], {}, /Unknown option '--prot'.*Usage: serve \[--port/],
  ])('refuses %j %j, naming the setting', (args, env, message) => {
    const result = choosePort(args, env);
    expect('error' in result && result.error).toMatch(message);
  });
});

/** Runs the serve command until it exits, or until it prints its URL (then stops it). */
async function serve(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (stdout.includes('Docs site:')) child.kill('SIGTERM');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

describe('serve', () => {
  const site = mkdtempSync(join(tmpdir(), 'docs-serve-'));
  writeFileSync(join(site, 'index.html'), '<p>x</p>');

  it('exits non-zero and names the port when it is taken, instead of picking another', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, stdout, stderr } = await serve(['--port', String(port), '--dir', site]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toContain(`Port ${port} (--port) on 127.0.0.1 is taken.`);
    } finally {
      blocker.close();
    }
  });

  it('says which port it serves on and why', async () => {
    const { stdout } = await serve(['--port', '0', '--dir', site]);
    expect(stdout).toMatch(/^Docs site: http:\/\/127\.0\.0\.1:\d+\/  \(any free port, as --port asked; Ctrl-C to stop\)/);
    rmSync(site, { recursive: true, force: true });
  });

  it('says the site is not built, and exits non-zero', async () => {
    const { code, stderr } = await serve(['--port', '0', '--dir', join(site, 'missing')]);
    expect(code).toBe(1);
    expect(stderr).toContain('The docs site is not built');
  });
});
