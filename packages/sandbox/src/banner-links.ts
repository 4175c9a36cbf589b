// Where the CLI's banner sends a reader for request bodies and documentation. Run from a clone of
// this repository, the repository's own paths; installed from npm, what an npm user has: the
// `@messaging-contracts/openapi` package's bundles (by their export names, and on disk) and this
// package's README. `specs/dist/` exists only in the repository.
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const OPENAPI = '@messaging-contracts/openapi';
const SANDBOX = '@messaging-contracts/sandbox';

export interface BannerLinks {
  /** Where the request bodies' examples are: the bundles, `<id>` standing for the interface. */
  bundles: string;
  /** Where the sandbox (its control API, faults, sessions, callbacks) is documented. */
  docs: string;
}

/**
 * @param openapiDir the folder of the installed `@messaging-contracts/openapi` (resolved: a workspace
 * package is linked to its folder in the repository, an installed one sits under `node_modules`)
 * @param sandboxDir this package's folder (its README)
 * @param cwd the folder paths are shown relative to, when they are below it
 */
export function bannerLinks(openapiDir = installedOpenapi(), sandboxDir = ownFolder(), cwd = process.cwd()): BannerLinks {
  const inRepository = !openapiDir.split(sep).includes('node_modules');
  if (inRepository) {
    return {
      bundles: 'specs/dist/<id>.json',
      docs: 'packages/sandbox/README.md; the docs site: pnpm docs:serve (its Sandbox guide and control API reference)',
    };
  }
  // The file behind the export `./<id>.json`, from the package's own manifest.
  const exports = JSON.parse(readFileSync(join(openapiDir, 'package.json'), 'utf8')).exports as Record<string, unknown>;
  const file = exports['./gateway-v1.json'];
  const onDisk = typeof file === 'string' ? join(shown(openapiDir, cwd), file.replace('gateway-v1', '<id>')) : undefined;
  return {
    bundles: `${OPENAPI}/<id>.json${onDisk ? `, on disk ${onDisk}` : ''}`,
    docs: `${join(shown(sandboxDir, cwd), 'README.md')}, or npm docs ${SANDBOX}`,
  };
}

function ownFolder(): string {
  return realpathSync(fileURLToPath(new URL('..', import.meta.url)));
}

function installedOpenapi(): string {
  return dirname(realpathSync(require.resolve(`${OPENAPI}/package.json`)));
}

/** A path below `cwd` relative to it (`node_modules/...`), any other whole. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
