import { defineConfig } from 'vitest/config';

// One vitest run over every workspace package; each package has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['specs', 'packages/*', 'tools/*'],
  },
});
