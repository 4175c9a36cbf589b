import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'gateway-v1-types',
  include: ['src/**/*.test.ts'],
  // The *.test-d.ts files are compile-time assertions, checked by `pnpm lint` (tsc -b).
});
