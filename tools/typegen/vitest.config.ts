import { packageTests } from '../../vitest.shared.js';

export default packageTests({
  name: 'typegen',
  include: ['*.test.ts'],
  // The first generation of a run loads openapi-typescript and TypeScript 5.9's compiler API,
  // seconds of CPU; beside CI's other test tasks on 2 cores it went past vitest's default 5 s
  // (5019 ms, a CI run on an idle machine). A bound on a hang, not a measure of speed.
  testTimeout: 30_000,
});
