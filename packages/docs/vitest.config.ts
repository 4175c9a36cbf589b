import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'docs',
  include: ['src/**/*.test.ts'],
  // One build of the site for every test file that reads it (src/site.global-setup.ts).
  globalSetup: ['src/site.global-setup.ts'],
  // The browser tests start Chromium and render four references; the rest take milliseconds.
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
