import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'spec-diff',
  include: ['src/**/*.test.ts'],
  // The gate tests bundle specs with Redocly and create git repositories.
  testTimeout: 60_000,
});
