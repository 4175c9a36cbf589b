import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'sandbox',
  include: ['test/**/*.test.ts'],
});
