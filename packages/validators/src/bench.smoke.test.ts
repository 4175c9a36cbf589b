// `pnpm bench` for the validators still runs, and prints its figures and its target line (see
// test-kit's bench-smoke.ts). Its knobs turned down to a second or two; no speed is asserted.
import { fileURLToPath } from 'node:url';
import { FIGURE, runBench } from '@messaging-contracts/test-kit/bench-smoke';
import { expect, it } from 'vitest';

it('pnpm bench runs to its end and prints the validations and the on/off target line', async () => {
  const run = await runBench(fileURLToPath(new URL('..', import.meta.url)), 'bench', { BENCH_ROUNDS: '1', BENCH_REQUESTS: '8', BENCH_ROUND_MS: '5' });
  expect(run.err + run.out).not.toMatch(/NaN|Infinity|Error/);
  expect(run).toMatchObject({ code: 0, timedOut: false });
  for (const api of ['A gateway-v1', 'B sms-v2', 'C im-v1', 'D campaign-manager-v1']) {
    expect(run.out).toMatch(new RegExp(`^\\| ${api} \\w+ \\| ${FIGURE} \\| ${FIGURE} \\|$`, 'm'));
  }
  expect(run.out).toMatch(new RegExp(`^request validation on / off: ${FIGURE} \\(target at least 0\\.9: (met|NOT met)\\)$`, 'm'));
}, 240_000);
