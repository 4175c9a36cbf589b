// examples/integrator's lockfile policy: our scope left out, everything else held to what is committed.
import { describe, expect, it } from 'vitest';
import { type LockFile, dropScope, thirdPartyDifferences } from '../src/lockfile.js';

const scope = '@messaging-contracts';
const lock = (extra: LockFile['packages'] = {}): LockFile => ({
  lockfileVersion: 3,
  packages: {
    '': { name: 'app' },
    'node_modules/vitest': { version: '4.1.12', integrity: 'sha512-a' },
    'node_modules/openapi-fetch': { version: '0.17.0', integrity: 'sha512-b' },
    ...extra,
  },
});

describe('dropScope', () => {
  it('removes our packages and what is installed inside them, and nothing else', () => {
    const withOurs = lock({
      'node_modules/@messaging-contracts/im-v1-client': { version: '1.0.0' },
      'node_modules/@messaging-contracts/im-v1-client/node_modules/openapi-fetch': { version: '0.16.0' },
      'node_modules/@messaging-contractsx/other': { version: '1.0.0' },
    });
    expect(Object.keys(dropScope(withOurs, scope).packages!)).toEqual(['', 'node_modules/vitest', 'node_modules/openapi-fetch', 'node_modules/@messaging-contractsx/other']);
  });
});

describe('thirdPartyDifferences', () => {
  it('none when only our packages were added by the install', () => {
    expect(thirdPartyDifferences(lock(), lock({ 'node_modules/@messaging-contracts/webhooks': { version: '1.2.0' } }), scope)).toEqual([]);
  });

  it('names a package outside the scope whose version, integrity or tarball changed, or that appeared or went', () => {
    const installed = lock({ 'node_modules/tinyrainbow': { version: '3.0.0' } });
    installed.packages!['node_modules/vitest'] = { version: '4.1.13', integrity: 'sha512-c' };
    installed.packages!['node_modules/openapi-fetch'] = { version: '0.17.0', integrity: 'sha512-b', resolved: 'http://127.0.0.1:4873/openapi-fetch/-/openapi-fetch-0.17.0.tgz' };
    expect(thirdPartyDifferences(lock(), installed, scope)).toEqual(['node_modules/openapi-fetch', 'node_modules/tinyrainbow', 'node_modules/vitest']);
    const { 'node_modules/vitest': _gone, ...rest } = lock().packages!;
    expect(thirdPartyDifferences(lock(), { packages: rest }, scope)).toEqual(['node_modules/vitest']);
  });
});
