import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'client-bench',
  include: ['src/**/*.test.ts'],
});
