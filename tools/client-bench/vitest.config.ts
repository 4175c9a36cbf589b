import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'client-bench',
    include: ['src/**/*.test.ts'],
    // Bundles with esbuild and spawns node for the cold-import probe.
    testTimeout: 30_000,
  },
});
