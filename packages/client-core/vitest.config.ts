import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import { packageTests } from '../../vitest.shared.js';

export default mergeConfig(
  packageTests({
    name: 'client-core',
    include: ['src/**/*.test.ts'],
    // The *.test-d.ts files are compile-time assertions, checked by `pnpm lint` (tsc -b).
  }),
  // package.json's `#dispatch` points at the build (dist/); the tests read the source, as they do every other module.
  { resolve: { alias: { '#dispatch': fileURLToPath(new URL('./src/dispatch.ts', import.meta.url)) } } },
);
