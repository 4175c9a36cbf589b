import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'validators',
  include: ['src/**/*.test.ts'],
});
