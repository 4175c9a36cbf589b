import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'docs',
    include: ['src/**/*.test.ts'],
    // The browser tests start Chromium and render four references; the rest take milliseconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
