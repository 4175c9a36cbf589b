import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'verify',
  include: ['test/**/*.test.ts'],
});
