import { execFileSync } from 'node:child_process';

/**
 * The registry npm itself is configured with (`npm config get registry`: the user's mirror if they
 * have one, else npm's default), minus a scope setting of ours: packages outside our scope come
 * from there.
 */
export function defaultUplink(): string {
  const env = { ...process.env };
  // A registry override meant for our scope's publishing (pnpm release:local) is not the uplink.
  delete env.npm_config_registry;
  delete env.NPM_CONFIG_REGISTRY;
  const url = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', env, timeout: 30_000 }).trim();
  if (!/^https?:\/\//.test(url)) throw new Error(`npm config get registry printed ${JSON.stringify(url)}, not a URL`);
  return url.endsWith('/') ? url : `${url}/`;
}
