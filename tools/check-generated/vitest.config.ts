import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'check-generated',
  include: ['*.test.ts'],
  // Each case creates a git repository and runs a generator in it.
  testTimeout: 30_000,
});
