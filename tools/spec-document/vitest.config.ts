import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'spec-document',
    include: ['src/**/*.test.ts'],
  },
});
