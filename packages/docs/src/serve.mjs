// @ts-check
// `pnpm docs:serve` (from the root) / `pnpm serve` (here): serves the built site (or `--dir <path>`)
// on 127.0.0.1 and prints its URL. The port is `--port <n>`, else the PORT environment variable, else
// 4173; a port that is taken is an error that names it, never a silent switch to another one. The
// root's `pnpm docs:serve` builds the site first (turbo replays an up-to-date build from its cache);
// a site older than the contract is refused here, so a stale page is never served as current.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DIST } from './build.mjs';
import { findBundles } from './bundles.mjs';
import { startServer } from './server.mjs';

export const DEFAULT_PORT = 4173;

/**
 * The port asked for, where the choice came from, and the folder to serve.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ port: number, source: string, dir: string } | { error: string }}
 */
export function choosePort(args, env) {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { port: { type: 'string', short: 'p' }, dir: { type: 'string' } }, strict: true }));
  } catch (error) {
    return { error: `${/** @type {Error} */ (error).message}. Usage: serve [--port <0-65535>] [--dir <built site>]` };
  }
  const [text, source] =
    values.port !== undefined ? [values.port, '--port'] : env.PORT !== undefined && env.PORT !== '' ? [env.PORT, 'PORT'] : [String(DEFAULT_PORT), 'the default'];
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) return { error: `${source} must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(text)}` };
  return { port, source, dir: values.dir ?? DIST };
}

/**
 * The interfaces whose bundle differs from the copy the site holds (`<dir>/<id>.json`, a byte copy
 * build.mjs makes): the site was built before a contract change. A folder without the copies (a
 * site of another layout) has nothing to compare.
 * @param {string} dir
 * @param {{ id: string, jsonPath: string }[]} [bundles] default: the contract's current bundles
 * @returns {string[]}
 */
export function staleInterfaces(dir, bundles = findBundles()) {
  return bundles
    .filter(({ id, jsonPath }) => {
      const copy = join(dir, `${id}.json`);
      return existsSync(copy) && (!existsSync(jsonPath) || !readFileSync(copy).equals(readFileSync(jsonPath)));
    })
    .map(({ id }) => id);
}

async function main() {
  const chosen = choosePort(process.argv.slice(2), process.env);
  if ('error' in chosen) {
    console.error(chosen.error);
    return 2;
  }
  if (!existsSync(join(chosen.dir, 'index.html'))) {
    console.error(`The docs site is not built (${chosen.dir} has no index.html): run \`pnpm build\` from the repository root first.`);
    return 1;
  }
  const stale = staleInterfaces(chosen.dir);
  if (stale.length > 0) {
    console.error(
      `The docs site in ${chosen.dir} is older than the contract (${stale.join(', ')} changed since it was built): not served. Run \`pnpm docs:serve\` from the repository root, which builds it first (or \`pnpm build\`).`,
    );
    return 1;
  }
  let server;
  try {
    server = await startServer({ root: chosen.dir, port: chosen.port });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE') {
      console.error(`Port ${chosen.port} (${chosen.source}) on 127.0.0.1 is taken. Stop what uses it, or pick another: --port <n> or PORT=<n> (0: any free port).`);
      return 1;
    }
    throw error;
  }
  const why = chosen.port === 0 ? `any free port, as ${chosen.source} asked` : `port ${chosen.port} from ${chosen.source}`;
  console.log(`Docs site: ${server.url}  (${why}; Ctrl-C to stop)`);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      server.close().then(() => process.exit(0));
    });
  }
  return undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const code = await main();
  if (code !== undefined) process.exitCode = code;
}
