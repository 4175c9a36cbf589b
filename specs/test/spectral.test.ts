// Spectral (spectral:oas, ruleset .spectral.yaml) is a second linter, independent of Redocly: the
// bundles pass it with no result of any severity, and it does fail a bundle that breaks its rules.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiIds, loadBundle, specsDir } from './bundles.ts';

const spectral = join(specsDir, 'node_modules', '.bin', 'spectral');
const scratch = mkdtempSync(join(tmpdir(), 'spectral-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `spectral lint` as `pnpm lint:spectral` does, and returns its exit status and results. */
function lint(files: string[]): { status: number | null; results: Array<{ code: string; path: string[] }> } {
  const run = spawnSync(
    spectral,
    ['lint', ...files, '--ruleset', '.spectral.yaml', '--fail-severity=hint', '--format', 'json'],
    { cwd: specsDir, encoding: 'utf8', timeout: 60_000 },
  );
  if (run.error) throw run.error;
  const json = run.stdout.slice(run.stdout.indexOf('['), run.stdout.lastIndexOf(']') + 1);
  if (!json) throw new Error(`spectral printed no results:\n${run.stdout}\n${run.stderr}`);
  return { status: run.status, results: JSON.parse(json) };
}

describe('spectral', () => {
  it('finds nothing in the four bundles', { timeout: 60_000 }, () => {
    const { status, results } = lint(apiIds.map((id) => `dist/${id}.json`));
    expect(results).toEqual([]);
    expect(status).toBe(0);
  });

  // (Spectral does not check media-type keys; keys.test.ts does.)
  it('fails a bundle with a duplicated operationId', { timeout: 60_000 }, () => {
    const bundle = loadBundle('gateway-v1');
    bundle.paths['/messages/broadcast'].post.operationId = 'sendMessage';
    const file = join(scratch, 'gateway-v1.json');
    writeFileSync(file, JSON.stringify(bundle));
    const { status, results } = lint([file]);
    expect(status).not.toBe(0);
    expect(results.map((result) => result.code)).toContain('operation-operationId-unique');
  });
});
