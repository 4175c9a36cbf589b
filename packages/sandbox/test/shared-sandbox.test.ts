// A consumer's vitest project with two test files running in parallel against one sandbox started
// in globalSetup, each in its own session (test/shared-sandbox/): run as a child vitest, it passes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

it("README's per-file example makes its C client as the suite that runs it does: without retries, so an injected 429 is seen", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const suite = readFileSync(new URL('./shared-sandbox/suite.ts', import.meta.url), 'utf8');
  const example = readme.slice(readme.indexOf('// test/any.test.ts'));
  const readmeClient = /createImClient\(\{ baseUrl: inject\('sandboxUrl'\), apiKey: session\.credentials\['im-v1'\]\.apiKey(.*?) \}\)/.exec(example)?.[1];
  const suiteClient = /createImClient\(\{ baseUrl: inject\('sandboxUrl'\), apiKey: session\.credentials\['im-v1'\]\.apiKey(.*?) \}\)/.exec(suite)?.[1];
  expect(readmeClient).toBe(', retry: false');
  expect(suiteClient).toBe(readmeClient);
});
