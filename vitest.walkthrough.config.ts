import { defineConfig } from 'vitest/config';

// `pnpm walkthrough`: CONTRIBUTING.md's three contract changes performed on temporary clones, each
// gate checked as it reacts (tools/contract-walkthrough). It builds several times, so `pnpm test`
// leaves it out; .ci/run runs it and counts its tests.
export default defineConfig({
  test: {
    name: 'walkthrough',
    include: ['tools/contract-walkthrough/*.walkthrough.ts'],
    // One command is bounded inside the file; this bounds a step that runs several.
    testTimeout: 20 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
