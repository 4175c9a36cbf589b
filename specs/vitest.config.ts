import { packageTests } from '../vitest.shared.js';

export default packageTests({
  name: 'specs',
  include: ['test/**/*.test.ts'],
  // The audits read the spec document outside the repository: `pnpm audit-document` runs them.
  exclude: ['**/*.audit.test.ts', '**/node_modules/**'],
});
