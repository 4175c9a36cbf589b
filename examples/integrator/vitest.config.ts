import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One sandbox for the whole run (test/global-setup.ts); each file takes a session of its own.
    globalSetup: ['./test/global-setup.ts'],
    // The files run at the same time, in separate workers (vitest's default is one worker fewer
    // than the cores, a single one on a 2-core machine).
    fileParallelism: true,
    maxWorkers: 4,
    testTimeout: 30_000,
  },
});
