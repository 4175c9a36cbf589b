// The serve command as typed: the port it uses and why, and a clear failure when the port is taken.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST } from './build.mjs';
import { findBundles } from './bundles.mjs';
import { choosePort, DEFAULT_PORT, staleInterfaces } from './serve.mjs';

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

// A site built before a contract change (the served C page showed the old limit after a spec
// change and \`pnpm test\`, which does not rebuild the site) is refused, naming the command.
describe('a site older than the contract', () => {
  const bundles = findBundles();
  const built = () => {
    const site = mkdtempSync(join(tmpdir(), 'docs-serve-built-'));
    writeFileSync(join(site, 'index.html'), '<p>x</p>');
    for (const { id, jsonPath } of bundles) copyFileSync(jsonPath, join(site, `${id}.json`));
    return site;
  };

  it('is served while its copies of the bundles are the contract', async () => {
    const site = built();
    try {
      expect(staleInterfaces(site)).toEqual([]);
      const { stdout } = await serve(['--port', '0', '--dir', site]);
      expect(stdout).toMatch(/^Docs site: http:\/\/127\.0\.0\.1:\d+\//);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('is refused, exit 1, naming the interfaces changed and pnpm docs:serve, once a bundle changed', async () => {
    const site = built();
    try {
      const im = join(site, 'im-v1.json');
      const before = JSON.parse(readFileSync(im, 'utf8'));
      before.components.schemas.MessagePostRequest.properties.reference.maxLength += 1;
      writeFileSync(im, JSON.stringify(before, null, 2));
      expect(staleInterfaces(site)).toEqual(['im-v1']);
      const { code, stdout, stderr } = await serve(['--port', '0', '--dir', site]);
      expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
      expect(stderr).toContain(`The docs site in ${site} is older than the contract (im-v1 changed since it was built): not served. Run \`pnpm docs:serve\` from the repository root, which builds it first`);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
