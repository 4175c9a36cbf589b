import { defineConfig } from 'vitest/config';

// `pnpm lifecycle`: the release lifecycle on a temporary clone and a fresh local registry
// (tools/contract-walkthrough/release-lifecycle.lifecycle.ts). It builds and publishes three times,
// so `pnpm test` leaves it out; .ci/run runs it and counts its tests.
export default defineConfig({
  test: {
    name: 'lifecycle',
    include: ['tools/contract-walkthrough/*.lifecycle.ts'],
    // One command is bounded inside the file; this bounds a step that runs several.
    testTimeout: 20 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
