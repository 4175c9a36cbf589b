// A consumer's vitest project with two test files running in parallel against one sandbox started
// in globalSetup, each in its own session (test/shared-sandbox/): run as a child vitest, it passes.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const require = createRequire(import.meta.url);

it('runs two test files in parallel against one shared sandbox without cross-talk', () => {
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const config = fileURLToPath(new URL('./shared-sandbox/vitest.config.ts', import.meta.url));
  const run = spawnSync(process.execPath, [vitest, 'run', '--config', config], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
  expect(run.stdout + run.stderr).toMatch(/Test Files\s+2 passed \(2\)/);
  expect(run.status).toBe(0);
}, 130_000);
