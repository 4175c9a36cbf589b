import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'specs',
    include: ['test/**/*.test.ts'],
  },
});
