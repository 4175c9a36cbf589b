import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'client-bench',
  include: ['src/**/*.test.ts'],
  // Bundles with esbuild and spawns node for the cold-import probe.
  testTimeout: 30_000,
});
