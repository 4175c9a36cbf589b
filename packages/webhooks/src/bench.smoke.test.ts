// `pnpm bench` for the webhooks still runs, and prints its three target lines (see test-kit's
// bench-smoke.ts). Its knobs turned down to a few seconds; no speed is asserted.
import { fileURLToPath } from 'node:url';
import { FIGURE, runBench } from '@messaging-contracts/test-kit/bench-smoke';
import { expect, it } from 'vitest';

it('pnpm bench runs to its end and prints the validator, de-duplication and end-to-end target lines', async () => {
  const run = await runBench(fileURLToPath(new URL('..', import.meta.url)), 'bench', {
    BENCH_VALIDATOR_ROUNDS: '1',
    BENCH_VALIDATOR_ROUND_MS: '5',
    BENCH_DEDUPE_ENTRIES: '100',
    BENCH_DEDUPE_ADDS: '200',
    BENCH_DEDUPE_ROUNDS: '1',
    BENCH_E2E_ROUNDS: '1',
    BENCH_E2E_REQUESTS: '200',
  });
  expect(run.err + run.out).not.toMatch(/NaN|Infinity|Error/);
  expect(run).toMatchObject({ code: 0, timedOut: false });
  const verdict = String.raw`: (met|NOT met)\)`;
  expect(run.out).toMatch(new RegExp(`^B status, valid bodies: ${FIGURE} validations/s \\(target 2,000,000${verdict}$`, 'm'));
  expect(run.out).toMatch(new RegExp(`^store / bare Map: ${FIGURE}; store ${FIGURE} adds/s \\(target 1,000,000${verdict}$`, 'm'));
  expect(run.out).toMatch(new RegExp(`^receiver / bare, median of the per-round ratios: ${FIGURE} \\(target 0\\.8${verdict};`, 'm'));
}, 240_000);
