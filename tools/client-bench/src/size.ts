// Bundle size as a user's bundler would ship it: esbuild bundles a one-line entry that exports
// the client factory (minified, ESM, browser platform, so nothing Node-only sneaks in), then
// gzip -9. The baseline is the same for openapi-fetch's createClient; every client contains it.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface SizeTarget {
  name: string;
  /** The module that the entry exports from, resolved from this package. */
  specifier: string;
  /** What it exports. */
  exports: string;
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

export interface Size {
  minified: number;
  gzipped: number;
}

const resolveDir = fileURLToPath(new URL('..', import.meta.url));

export async function bundleSize(target: SizeTarget): Promise<Size> {
  const result = await build({
    stdin: { contents: `export { ${target.exports} } from '${target.specifier}';`, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}
