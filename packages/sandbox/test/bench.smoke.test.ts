// `pnpm bench` for the sandbox still runs, and prints a row per interface against each server and
// its memory line (see test-kit's bench-smoke.ts). Its knobs turned down to seconds; no speed is asserted.
import { fileURLToPath } from 'node:url';
import { FIGURE, runBench } from '@messaging-contracts/test-kit/bench-smoke';
import { expect, it } from 'vitest';

it('pnpm bench runs to its end and prints the side-by-side rows and the memory line', async () => {
  const run = await runBench(fileURLToPath(new URL('..', import.meta.url)), 'bench:run', { BENCH_SECONDS: '1', BENCH_SLICE_MS: '100', BENCH_WARM_UP_MS: '100', BENCH_MESSAGES: '500' });
  expect(run.err + run.out).not.toMatch(/NaN|Infinity|Error|unexpected statuses/);
  expect(run).toMatchObject({ code: 0, timedOut: false });
  // Against the bare server, then against it writing its answers as the sandbox does: one row per interface each.
  for (const operation of ['A POST /messages', 'B POST /messages', 'C POST /message', 'D POST /{app}/lists']) {
    const rows = run.out.split('\n').filter((line) => line.startsWith(operation));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(new RegExp(`\\| +${FIGURE} +${FIGURE}$`));
  }
  expect(run.out).toMatch(new RegExp(`^memory: RSS ${FIGURE} MB before, ${FIGURE} MB after ${FIGURE} more created messages`, 'm'));
}, 240_000);
