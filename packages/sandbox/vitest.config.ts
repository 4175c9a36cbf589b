import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'sandbox',
  include: ['test/**/*.test.ts'],
  // The property suites drive the sandbox over HTTP for hundreds of cases: 4.1 s in a CI run on an
  // idle machine beside the other test tasks, under vitest's default 5 s bound. A bound on a hang,
  // not a measure of speed (the bench measures that); tests with more work set their own.
  testTimeout: 30_000,
});
