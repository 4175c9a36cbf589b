import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'typegen',
    include: ['*.test.ts'],
  },
});
