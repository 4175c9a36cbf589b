// Bundle size as a user's bundler would ship it: esbuild bundles a one-line entry that exports
// the client factory (minified, ESM, browser platform, so nothing Node-only sneaks in), then
// gzip -9. The baseline is the same for openapi-fetch's createClient; every client contains it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface SizeTarget {
  name: string;
  /** The module that the entry exports from, resolved from this package. */
  specifier: string;
  /** What it exports. */
  exports: string;
  /** Further modules the same entry exports from (the opt-in validation beside a client). */
  also?: readonly { specifier: string; exports: string }[];
}

export const OPENAPI_FETCH: SizeTarget = { name: 'openapi-fetch', specifier: 'openapi-fetch', exports: 'default as createClient' };

export const CLIENTS: SizeTarget[] = [
  { name: 'gateway-v1-client', specifier: '@messaging-contracts/gateway-v1-client', exports: 'createGatewayClient' },
  { name: 'sms-v2-client', specifier: '@messaging-contracts/sms-v2-client', exports: 'createSmsClient' },
  { name: 'im-v1-client', specifier: '@messaging-contracts/im-v1-client', exports: 'createImClient' },
  {
    name: 'campaign-manager-v1-client',
    specifier: '@messaging-contracts/campaign-manager-v1-client',
    exports: 'createCampaignManagerClient',
  },
];

/**
 * Each client as a user who opts in to contract validation bundles it: the client factory,
 * `withValidation` and that interface's validators (@messaging-contracts/validators).
 */
export const VALIDATED_CLIENTS: SizeTarget[] = CLIENTS.map((client) => ({
  ...client,
  name: `${client.name} + validation`,
  also: [
    { specifier: '@messaging-contracts/validators/client', exports: 'withValidation' },
    { specifier: `@messaging-contracts/validators/${client.name.replace(/-client$/, '')}`, exports: 'operations' },
  ],
}));

export interface Size {
  minified: number;
  gzipped: number;
}

const resolveDir = fileURLToPath(new URL('..', import.meta.url));

export async function bundleSize(target: SizeTarget, options: BundleOptions = {}): Promise<Size> {
  return (await bundle(target, options)).size;
}

export interface BundleOptions {
  /**
   * Bundle A's and D's clients with client-core's int64 check (unsafe-integers.js) replaced by a
   * check that does nothing: what the rest of the client weighs, so the report can say what the
   * check itself costs (sections 2.1, 2.4: ids beyond 2^53 - 1 are never handed back rounded).
   */
  withoutIntegerCheck?: boolean;
}

/** A module with the same exports as `source`'s, each a function that does nothing (the check a no-op). */
const doNothing = (source: string) =>
  [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map(([, name]) => `export const ${name} = () => () => {};`).join('\n');
const INTEGER_CHECK = /client-core[\\/]dist[\\/]unsafe-integers\.js$/;

/**
 * The bundle's size, the files it read (paths relative to this package) and, of those, the ones
 * that left code in the output (tree shaking drops what nothing uses).
 */
export async function bundle(target: SizeTarget, options: BundleOptions = {}): Promise<{ size: Size; inputs: string[]; kept: string[] }> {
  const contents = [target, ...(target.also ?? [])].map(({ specifier, exports }) => `export { ${exports} } from '${specifier}';`).join('\n');
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: options.withoutIntegerCheck
      ? [{ name: 'without-integer-check', setup: (b) => b.onLoad({ filter: INTEGER_CHECK }, ({ path }) => ({ contents: doNothing(readFileSync(path, 'utf8')), loader: 'js' })) }]
      : [],
  });
  const code = result.outputFiles[0]!.contents;
  const kept = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path),
  );
  return { size: { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length }, inputs: Object.keys(result.metafile.inputs), kept };
}
