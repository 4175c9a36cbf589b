import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'check-generated',
  include: ['*.test.ts'],
});
