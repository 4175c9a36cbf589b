import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sms-v2-client',
    include: ['src/**/*.test.ts'],
    // The *.test-d.ts files are compile-time assertions, checked by `pnpm lint` (tsc -b).
  },
});
