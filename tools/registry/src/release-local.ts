#!/usr/bin/env node
// `pnpm release:local [--storage <dir>]`: publishes every publishable package to the registry that
// `pnpm registry` runs, through `pnpm release` itself (build, then `changeset publish`): the same
// path as a real release, pointed at the local registry by npm's own settings. It adds
// `--no-git-tag`: a local registry is not a release, and a release tag would become the base that
// `pnpm spec-diff` compares with.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { publishablePackages, repoRoot } from '@messaging-contracts/package-check/dist/workspace.js';
import { publishedVersions } from './published.js';
import { NPMRC_FILE, SCOPE, defaultStorage } from './registry.js';

const USAGE = `usage: pnpm release:local [--storage <dir>]   (the folder pnpm registry printed; default ${defaultStorage()})`;

function fail(message: string, code = 1): never {
  process.stderr.write(`release:local: ${message}\n`);
  process.exit(code);
}

async function main() {
  let storage: string;
  try {
    const { values } = parseArgs({ options: { storage: { type: 'string' } }, strict: true });
    storage = values.storage ?? defaultStorage();
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const npmrcFile = join(storage, NPMRC_FILE);
  if (!existsSync(npmrcFile)) fail(`no registry has run with storage ${storage}: start one with \`pnpm registry\` in another terminal (or pass the --storage it printed)`);
  const url = new RegExp(`^${SCOPE}:registry=(.+)$`, 'm').exec(readFileSync(npmrcFile, 'utf8'))?.[1]?.trim();
  if (!url) fail(`${npmrcFile} has no ${SCOPE}:registry line: restart \`pnpm registry\``);
  const up = await fetch(new URL('-/ping', url), { signal: AbortSignal.timeout(10_000) }).then(
    (response) => response.ok,
    () => false,
  );
  if (!up) fail(`no registry answers at ${url}: start it with \`pnpm registry\` in another terminal`);

  const packages = publishablePackages(repoRoot);
  const before = await publishedVersions(url, packages.map((pkg) => pkg.name));
  const already = packages.filter((pkg) => before.get(pkg.name)?.includes(pkg.version));

  // npm's own settings, read by changeset publish, npm info and pnpm publish alike: the registry,
  // and the .npmrc holding its token (in place of the user's, so no other registry's token is sent).
  const env = { ...process.env, npm_config_registry: url, npm_config_userconfig: npmrcFile };
  const code = await new Promise<number>((done) => {
    const child = spawn('pnpm', ['release', '--no-git-tag'], { cwd: repoRoot, env, stdio: 'inherit' });
    child.on('close', (status) => done(status ?? 1));
    child.on('error', () => done(1));
  });

  const after = await publishedVersions(url, packages.map((pkg) => pkg.name));
  const published = packages.filter((pkg) => after.get(pkg.name)?.includes(pkg.version) && !already.includes(pkg));
  const missing = packages.filter((pkg) => !after.get(pkg.name)?.includes(pkg.version));
  const lines = [''];
  if (published.length > 0) lines.push(`published to ${url}:`, ...published.map((pkg) => `  ${pkg.name}@${pkg.version}`));
  if (already.length > 0) {
    lines.push(
      `already in ${url}, not published again (a version is published once; a change needs a new version: pnpm changeset, then pnpm version-packages):`,
      ...already.map((pkg) => `  ${pkg.name}@${pkg.version}`),
    );
  }
  if (missing.length > 0) lines.push('not published (see the output above):', ...missing.map((pkg) => `  ${pkg.name}@${pkg.version}`));
  lines.push('', `install one in a project whose .npmrc has the line ${SCOPE}:registry=${url}`, '');
  process.stdout.write(lines.join('\n'));
  process.exit(missing.length > 0 || code !== 0 ? 1 : 0);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
