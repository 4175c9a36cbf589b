import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'typegen',
  include: ['*.test.ts'],
});
