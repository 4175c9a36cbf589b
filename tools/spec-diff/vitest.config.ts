import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'spec-diff',
    include: ['src/**/*.test.ts'],
    // The gate tests bundle specs with Redocly and create git repositories.
    testTimeout: 60_000,
  },
});
