import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'spec-check',
  include: ['src/**/*.test.ts'],
  // The audits read the spec document outside the repository: `pnpm audit-document` runs them.
  exclude: ['**/*.audit.test.ts', '**/node_modules/**'],
  // The mutation suite runs the checker a few hundred times over real bundles.
  testTimeout: 60_000,
});
