// Spectral (spectral:oas, ruleset .spectral.yaml) is a second linter, independent of Redocly: the
// bundles pass it with no result of any severity, and it does fail a bundle that breaks its rules.
// One Spectral run lints the four bundles and the broken copy together (a start of Spectral is
// most of its time, issue 14); each result names its file. This test is how CI runs the gate
// `pnpm lint:spectral`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIds, loadBundle, specsDir } from './bundles.ts';

const spectral = join(specsDir, 'node_modules', '.bin', 'spectral');
const scratch = mkdtempSync(join(tmpdir(), 'spectral-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Result {
  code: string;
  source: string;
}

/** Runs `spectral lint` as `pnpm lint:spectral` does, and returns its exit status and results. */
function lint(files: string[]): { status: number | null; results: Result[] } {
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
  // A gateway bundle with a duplicated operationId, linted beside the four real ones.
  const broken = join(scratch, 'gateway-v1.json');
  let run: ReturnType<typeof lint>;
  beforeAll(() => {
    const bundle = loadBundle('gateway-v1');
    bundle.paths['/messages/broadcast'].post.operationId = 'sendMessage';
    writeFileSync(broken, JSON.stringify(bundle));
    run = lint([...apiIds.map((id) => `dist/${id}.json`), broken]);
  }, 60_000);

  it('finds nothing in the four bundles', () => {
    expect(run.results.filter((result) => result.source !== broken)).toEqual([]);
  });

  // (Spectral does not check media-type keys; keys.test.ts does.)
  it('fails a bundle with a duplicated operationId', () => {
    expect(run.status).not.toBe(0);
    expect(run.results.filter((result) => result.source === broken).map((result) => result.code)).toContain('operation-operationId-unique');
  });
});
