import { defineConfig } from 'vitest/config';

// `pnpm audit-document`: the tests that hold the contracts and the spec-check catalogue against the
// spec document itself (../shared/messaging-interfaces.md, or SPEC_DOCUMENT). They are the only
// tests that read anything outside the repository, so `pnpm test` leaves them out.
export default defineConfig({
  test: {
    name: 'audit-document',
    include: ['specs/test/**/*.audit.test.ts', 'packages/*/src/**/*.audit.test.ts', 'tools/*/src/**/*.audit.test.ts'],
    testTimeout: 60_000,
    // As every package's tests (vitest.shared.ts): files one after another in one worker thread
    // that keeps its module cache, not a process each.
    isolate: false,
    pool: 'threads',
  },
});
