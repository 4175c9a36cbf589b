import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'client-core',
    include: ['src/**/*.test.ts'],
    // The *.test-d.ts files are compile-time assertions, checked by `pnpm lint` (tsc -b).
  },
});
