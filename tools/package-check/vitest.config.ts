import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'package-check',
  include: ['src/**/*.test.ts'],
  // Builds and packs every publishable package once per run; the tests share the tarballs.
  globalSetup: ['src/test-support/global-setup.ts'],
  // npm installs (the consumer project, TypeScript 7's native binary) and `changeset version`.
  testTimeout: 120_000,
  hookTimeout: 300_000,
});
