import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'campaign-manager-v1-client',
  include: ['src/**/*.test.ts'],
  // The *.test-d.ts files are compile-time assertions, checked by `pnpm lint` (tsc -b).
});
