import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'gateway-v1-types',
    include: ['src/**/*.test.ts'],
    // The *.test-d.ts files are compile-time assertions, checked by `pnpm lint` (tsc -b).
  },
});
