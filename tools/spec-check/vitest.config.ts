import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'spec-check',
    include: ['src/**/*.test.ts'],
    // The mutation suite runs the checker a few hundred times over real bundles.
    testTimeout: 60_000,
  },
});
