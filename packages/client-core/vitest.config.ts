import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'client-core',
    include: ['src/**/*.test.ts'],
    // The *.test-d.ts files are compile-time assertions: vitest runs tsc over them and reports
    // every type error (and every unused @ts-expect-error) as a failing test.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
