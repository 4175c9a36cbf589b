#!/usr/bin/env node
// `pnpm release:local [--storage <dir>]`: publishes the release this commit would make to the
// registry that `pnpm registry` runs: HEAD's pending changesets applied in a temporary clone, then
// `pnpm release` itself (build, then `changeset publish`), the same path as a real release
// (release.ts). So the versions are the ones the next release will have (1.0.0 for the first), never
// the 0.0.0 placeholders of the working tree, which a caret range would pin exactly.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { withoutExpected404s } from './publish-output.js';
import { publishedVersions } from './published.js';
import { publishTo, versionThisCommit } from './release.js';
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
  // Named with its storage: a registry started on another storage printed its own command (with --storage).
  if (!up) fail(`no registry answers at ${url}, the last one started on storage ${storage}: start it (\`pnpm registry\`, with that --storage if it is not the default) in another terminal, or run the release command the running registry printed`);

  process.stdout.write('release:local: the release HEAD would make (its pending changesets applied in a temporary clone; commit first: uncommitted changes are not in it)\n');
  const versioned = versionThisCommit();
  const { packages } = versioned;
  const before = await publishedVersions(url, packages.map((pkg) => pkg.name));
  const already = packages.filter((pkg) => before.get(pkg.name)?.includes(pkg.version));
  let code: number | null;
  try {
    const run = publishTo({ url, npmrcFile }, versioned);
    // The packages this registry has never held: changesets' 404 warning for each is expected.
    const absent = new Set(packages.filter((pkg) => (before.get(pkg.name) ?? []).length === 0).map((pkg) => pkg.name));
    const { text, dropped } = withoutExpected404s(run.output, absent);
    process.stdout.write(text);
    if (dropped > 0) process.stdout.write(`\n(${dropped} lines "warn Received 404 for npm info" left out: changesets asks the registry for each package first, and these ${dropped} were not in it yet)\n`);
    code = run.code;
  } finally {
    versioned.clone.remove();
  }
  const after = await publishedVersions(url, packages.map((pkg) => pkg.name));
  const published = packages.filter((pkg) => after.get(pkg.name)?.includes(pkg.version) && !already.includes(pkg));
  const missing = packages.filter((pkg) => !after.get(pkg.name)?.includes(pkg.version));
  const lines = [''];
  if (published.length > 0) lines.push(`published to ${url}:`, ...published.map((pkg) => `  ${pkg.name}@${pkg.version}`));
  if (already.length > 0) {
    lines.push(
      `already in ${url}, not published again (a version is published once: to publish changed packages at the same versions, start \`pnpm registry --storage <a new folder>\`; a real release needs a changeset):`,
      ...already.map((pkg) => `  ${pkg.name}@${pkg.version}`),
    );
  }
  if (missing.length > 0) lines.push('not published (see the output above):', ...missing.map((pkg) => `  ${pkg.name}@${pkg.version}`));
  lines.push('', `install one in a project whose .npmrc has the line ${SCOPE}:registry=${url}`, '');
  process.stdout.write(lines.join('\n'));
  process.exit(missing.length > 0 || code !== 0 ? 1 : 0);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
