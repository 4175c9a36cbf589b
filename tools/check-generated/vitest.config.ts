import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'check-generated',
    include: ['*.test.ts'],
    // Each case creates a git repository and runs a generator in it.
    testTimeout: 30_000,
  },
});
