import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'sms-v2-types',
  include: ['src/**/*.test.ts'],
  // The *.test-d.ts files are compile-time assertions, checked by `pnpm lint` (tsc -b).
});
