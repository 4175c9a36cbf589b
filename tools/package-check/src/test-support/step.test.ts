import { describe, expect, it } from 'vitest';
import { runStep } from './step.js';

const node = (script: string) => [process.execPath, ['-e', script]] as const;
const cwd = process.cwd();

describe('runStep', () => {
  it('kills a step that outlives its limit and names it, with the end of its output', async () => {
    // A shell, not node: it prints within milliseconds even on a loaded machine, where a node child
    // was once killed at the 1 s limit before it had printed anything.
    const [file, args] = ['/bin/sh', ['-c', "echo 'installed 3 of 4'; echo 'GET https://registry.example/slow' >&2; exec sleep 60"]] as const;
    await expect(runStep('install the tarballs', file, args, { cwd, timeoutMs: 1_000 })).rejects.toThrow(
      /^install the tarballs: `.+` in .+ did not end within 1 s and was killed\n--- stdout \(end\) ---\ninstalled 3 of 4\n--- stderr \(end\) ---\nGET https:\/\/registry\.example\/slow$/,
    );
  });

  it('gives a prompt end-of-file at once instead of waiting for an answer', async () => {
    const [file, args] = node("process.stdin.on('data', () => {}).on('end', () => console.log('no answer'))");
    await expect(runStep('a prompt', file, args, { cwd, timeoutMs: 30_000 })).resolves.toMatchObject({ code: 0, stdout: 'no answer\n' });
  });

  it('fails a step that exits non-zero, unless asked for its code', async () => {
    const [file, args] = node("console.error('error TS2322'); process.exit(2)");
    await expect(runStep('compile', file, args, { cwd, timeoutMs: 30_000 })).rejects.toThrow(/^compile: .+ exited with code 2 after [\d.]+ s\n[^]*error TS2322$/);
    await expect(runStep('compile', file, args, { cwd, timeoutMs: 30_000, allowFailure: true })).resolves.toEqual({ code: 2, stdout: '', stderr: 'error TS2322\n' });
  });
});
