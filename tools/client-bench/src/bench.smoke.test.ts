// `pnpm bench` for the clients still runs, with --breakdown, and prints every check of issue 28's
// targets (see test-kit's bench-smoke.ts). Its counts turned down to a few seconds of load; what
// the checks say (PASS or FAIL) is not asserted: a run this short measures nothing.
import { fileURLToPath } from 'node:url';
import { FIGURE, runBench } from '@messaging-contracts/test-kit/bench-smoke';
import { expect, it } from 'vitest';
import { CLIENTS } from './size.js';

it('pnpm bench runs to its end, --breakdown included, and prints a check per target', async () => {
  const small = ['--quick', '--breakdown', '--rounds', '1', '--min-rounds', '1', '--sequential', '20', '--concurrent', '64', '--imports', '1'];
  const run = await runBench(fileURLToPath(new URL('..', import.meta.url)), 'bench:run', {}, small);
  expect(run.err + run.out).not.toMatch(/NaN|Infinity|Error/);
  expect(run).toMatchObject({ code: 0, timedOut: false });
  for (const mode of ['sequential', 'concurrency 32']) {
    for (const [name, floor] of [['openapi-fetch', '0\\.97'], ['axios', '1\\.0'], ['raw fetch', '0\\.9']] as const) {
      expect(run.out).toMatch(new RegExp(`^  (PASS|FAIL)  ours / ${name} req/s ≥ ${floor}, ${mode}: ${FIGURE}$`, 'm'));
    }
  }
  for (const { name } of CLIENTS) expect(run.out).toMatch(new RegExp(`^  (PASS|FAIL)  ${name} min\\+gz ≤ openapi-fetch \\+ 2048 B: \\+${FIGURE} B$`, 'm'));
  // --breakdown's table of each layer alone.
  expect(run.out).toMatch(new RegExp(`^  \\(c\\) our clients +${FIGURE}  \\(${FIGURE} over raw fetch\\)$`, 'm'));
}, 240_000);
