// A consumer's vitest project in miniature: one sandbox for the whole run (globalSetup), each test
// file in its own session. test/shared-sandbox.test.ts runs it as a child process.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.spec.ts'],
    globalSetup: ['./sandbox-setup.ts'],
    // The files run at the same time, as a consumer's do by default.
    fileParallelism: true,
    reporters: ['dot'],
    // Twenty HTTP round trips and callbacks per test: on a shared, loaded machine 5 s is too short,
    // and a test that times out keeps running and takes its own next test's queued fault.
    testTimeout: 60_000,
  },
});
