import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'webhooks',
  include: ['src/**/*.test.ts'],
});
