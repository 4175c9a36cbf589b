import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'spec-document',
  include: ['src/**/*.test.ts'],
});
