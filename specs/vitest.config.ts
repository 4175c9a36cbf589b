import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'specs',
    include: ['test/**/*.test.ts'],
    // The audits read the spec document outside the repository: `pnpm audit-document` runs them.
    exclude: ['**/*.audit.test.ts', '**/node_modules/**'],
  },
});
