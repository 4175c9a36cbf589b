// The local registry: our scope only from its own storage, everything else through the uplink,
// publishing only with the token it writes to its storage folder (never prints), and a taken port refused.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/clone.js';
import { PortTakenError, type Registry, SCOPE, defaultStorage, startRegistry } from '../src/registry.js';
import { startRegistryProcess } from '../src/registry-process.js';
import { withoutExpected404s } from '../src/publish-output.js';
import { releaseLocalCommand } from '../src/release-command.js';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '..', 'dist', 'cli.js');

/** A stand-in for the default npm registry: it answers every packument request and records it. */
let uplink: Server;
let uplinkUrl: string;
const asked: string[] = [];
let storage: string;
let registry: Registry;

beforeAll(async () => {
  uplink = createServer((req, res) => {
    asked.push(decodeURIComponent(req.url ?? ''));
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': { name, version: '1.0.0', dist: { tarball: `${uplinkUrl}${name}/-/x-1.0.0.tgz`, shasum: '0' } } } }));
  }).listen(0, '127.0.0.1');
  await once(uplink, 'listening');
  uplinkUrl = `http://127.0.0.1:${(uplink.address() as AddressInfo).port}/`;
  storage = mkdtempSync(join(tmpdir(), 'registry-test-'));
  registry = await startRegistry({ port: 0, storage, uplink: uplinkUrl });
});

afterAll(async () => {
  await registry?.close();
  uplink?.close();
  rmSync(storage, { recursive: true, force: true });
});

describe('startRegistry', () => {
  it('listens on 127.0.0.1 and writes the .npmrc lines it returns (scope and token) to the storage folder, readable by its owner only', () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const host = registry.url.slice('http:'.length);
    expect(registry.npmrc).toMatch(new RegExp(`^${SCOPE}:registry=${registry.url}\\n${host}:_authToken=\\S+\\n$`));
    expect(readFileSync(registry.npmrcFile, 'utf8')).toBe(registry.npmrc);
    expect(readFileSync(join(storage, 'npmrc')).length).toBeGreaterThan(0);
  });

  it('never asks the uplink for our scope; anything else comes through the uplink', async () => {
    const ours = await fetch(new URL(`${SCOPE}%2fim-v1-client`, registry.url));
    expect(ours.status).toBe(404);
    expect(asked.filter((path) => path.includes(SCOPE))).toEqual([]);
    const other = await fetch(new URL('left-pad', registry.url));
    expect(other.status).toBe(200);
    expect(((await other.json()) as { name: string }).name).toBe('left-pad');
    expect(asked).toContain('/left-pad');
  });

  it('publishing needs the token in the storage folder: npm publish without it is refused, with it the package is installable by name', async () => {
    const pkg = mkdtempSync(join(tmpdir(), 'registry-pkg-'));
    try {
      writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: `${SCOPE}/registry-test`, version: '1.2.3' }));
      writeFileSync(join(pkg, 'index.js'), 'export {};\n');
      const withoutToken = join(pkg, 'no-token.npmrc');
      writeFileSync(withoutToken, `${SCOPE}:registry=${registry.url}\n`);
      const publish = (userconfig: string) =>
        run('npm', ['publish', '--registry', registry.url, '--userconfig', userconfig], { cwd: pkg, env: { ...process.env, npm_config_registry: registry.url } }).then(
          () => 0,
          (error: { code?: number }) => error.code ?? 1,
        );
      expect(await publish(withoutToken)).not.toBe(0);
      expect(await publish(registry.npmrcFile)).toBe(0);
      const packument = (await (await fetch(new URL(`${SCOPE}%2fregistry-test`, registry.url))).json()) as { versions: Record<string, unknown> };
      expect(Object.keys(packument.versions)).toEqual(['1.2.3']);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  it('restarted on the same storage: the packages are still there, and the token written before still works', async () => {
    const token = registry.npmrc.split('\n')[1]!.split('_authToken=')[1]!;
    const again = await startRegistry({ port: 0, storage, uplink: uplinkUrl });
    try {
      const whoami = await fetch(new URL('-/whoami', again.url), { headers: { authorization: `Bearer ${token}` } });
      expect(await whoami.json()).toEqual({ username: 'publisher' });
      const stranger = await fetch(new URL('-/whoami', again.url), { headers: { authorization: 'Bearer not-a-token' } });
      expect(await stranger.json().catch(() => ({}))).not.toEqual({ username: 'publisher' });
      expect((await fetch(new URL(`${SCOPE}%2fregistry-test`, again.url))).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('a taken port is an error naming the port, never another port', async () => {
    const port = Number(new URL(registry.url).port);
    await expect(startRegistry({ port, storage, uplink: uplinkUrl })).rejects.toThrow(PortTakenError);
    await expect(startRegistry({ port, storage, uplink: uplinkUrl })).rejects.toThrow(`port ${port} on 127.0.0.1 is taken`);
  });
});

describe('pnpm registry (the CLI)', () => {
  it('a bad --port is one line and exit code 2', async () => {
    const result = await run(process.execPath, [cli, '--port', 'abc']).catch((error: { code: number; stderr: string }) => error);
    expect('code' in result ? result.code : 0).toBe(2);
    expect((result as { stderr: string }).stderr).toContain('--port must be a port number from 0 to 65535');
  });

  it('a taken port: exit code 2 and the port named', async () => {
    const port = new URL(registry.url).port;
    const result = await run(process.execPath, [cli, '--port', port, '--storage', storage]).catch((error: { code: number; stderr: string }) => error);
    expect('code' in result ? result.code : 0).toBe(2);
    expect((result as { stderr: string }).stderr).toContain(`port ${port} on 127.0.0.1 is taken`);
  });

  it("prints the integrator's scope line on a line of its own, and never the publisher's token, saying where it is and that it is for publishing only", async () => {
    const own = mkdtempSync(join(tmpdir(), 'registry-banner-'));
    try {
      const started = await startRegistryProcess(own);
      await started.close();
      const lines = started.banner.split('\n');
      const scopeLine = `${SCOPE}:registry=${started.url}`;
      const at = lines.findIndex((line) => line.trim() === scopeLine);
      expect(lines[at - 1]).toMatch(/your project's \.npmrc.*only line an integrator needs/);
      const token = readFileSync(started.npmrcFile, 'utf8').split('_authToken=')[1]!.trim();
      expect(token.length).toBeGreaterThan(10);
      expect(started.banner).not.toContain(token);
      expect(started.banner).not.toContain('_authToken=');
      expect(started.banner).toContain(`the publisher's token (_authToken) is in ${started.npmrcFile}`);
      expect(started.banner).toMatch(/for publishing only \(pnpm release:local reads it there\): never copy it into a project's \.npmrc, never commit it/);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('prints the exact release command for its storage; run as printed, from the repository, it goes to this registry and no other', async () => {
    const own = mkdtempSync(join(tmpdir(), 'registry-own-'));
    try {
      const started = await startRegistryProcess(own);
      await started.close();
      // The storage is not the default one, so the command names it (bare \`pnpm release:local\` would
      // read the default storage's npmrc: another registry, or none).
      expect(started.releaseCommand).toBe(`pnpm release:local --storage ${own}`);
      // Run as printed with the registry stopped: it must name this registry's URL as the one that
      // does not answer (so it read this storage), and publish nothing anywhere.
      const result = await run('sh', ['-c', started.releaseCommand], { cwd: repoRoot, timeout: 120_000 }).catch((error: { code: number; stdout: string; stderr: string }) => error);
      expect('code' in result ? result.code : 0).toBe(1);
      expect(result.stderr).toContain(`release:local: no registry answers at ${started.url}`);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('releaseLocalCommand', () => {
  it('the default storage needs no flag; any other is named, quoted for sh when it must be', () => {
    const env = { XDG_DATA_HOME: '/home/someone/data' };
    expect(releaseLocalCommand(defaultStorage(env), env)).toBe('pnpm release:local');
    expect(releaseLocalCommand('/tmp/reg-1', env)).toBe('pnpm release:local --storage /tmp/reg-1');
    expect(releaseLocalCommand("/tmp/my reg's", env)).toBe(`pnpm release:local --storage '/tmp/my reg'\\''s'`);
  });
});

describe("release:local's output", () => {
  const output = [
    '🦋  info npm info @messaging-contracts/a',
    '🦋  warn Received 404 for npm info "@messaging-contracts/a"',
    '🦋  warn Received 404 for npm info "@messaging-contracts/b"',
    '🦋  info @messaging-contracts/a is being published because our local version (1.0.0) has not been published on npm',
    '🦋  error an error',
  ].join('\n');

  it("leaves out changesets' 404 warning only for the packages the registry did not hold, and counts them", () => {
    const { text, dropped } = withoutExpected404s(output, new Set(['@messaging-contracts/a']));
    expect(dropped).toBe(1);
    expect(text.split('\n')).toEqual([
      '🦋  info npm info @messaging-contracts/a',
      '🦋  warn Received 404 for npm info "@messaging-contracts/b"',
      '🦋  info @messaging-contracts/a is being published because our local version (1.0.0) has not been published on npm',
      '🦋  error an error',
    ]);
  });

  it('keeps everything when no package was absent', () => {
    expect(withoutExpected404s(output, new Set())).toEqual({ text: output, dropped: 0 });
  });
});
