import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'verify',
  include: ['test/**/*.test.ts'],
  // Each test runs a verification over HTTP or spawns the CLI: a few seconds alone, many more on
  // a machine shared with other work (vitest's 5 s default failed them all in one such run).
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
