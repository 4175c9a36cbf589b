import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'registry',
  include: ['test/**/*.test.ts'],
  // Each test starts Verdaccio (a second or two; more under load).
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
