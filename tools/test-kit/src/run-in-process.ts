// Runs a CLI's `main(argv, io)` in the test's own process, with everything it could print captured:
// its io, and console and process.stdout/stderr for what a library prints by itself. The fuzz
// suites run most of their cases this way (a process start and a fresh load of Redocly per case
// was most of their time, issue 14) and keep a few cases as real processes for what only a
// process shows: its exit code and what reaches its stderr.
import { vi } from 'vitest';
import type { CliRun } from './spawn-cli.js';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface InProcessRun extends CliRun {
  /** What `main` threw (a process would print it with its stack and exit 1); the suites fail on it. */
  thrown?: unknown;
}

/** As `spawnCli`'s result, with what `main` threw, if anything. */
export async function runInProcess(main: (argv: string[], io: CliIo) => number | Promise<number>, argv: string[]): Promise<InProcessRun> {
  let out = '';
  let err = '';
  const toOut = (...parts: unknown[]) => void (out += `${parts.map(String).join(' ')}\n`);
  const toErr = (...parts: unknown[]) => void (err += `${parts.map(String).join(' ')}\n`);
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(toOut),
    vi.spyOn(console, 'info').mockImplementation(toOut),
    vi.spyOn(console, 'warn').mockImplementation(toErr),
    vi.spyOn(console, 'error').mockImplementation(toErr),
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true)),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true)),
  ];
  try {
    const code = await main(argv, { out: (line) => void (out += `${line}\n`), err: (line) => void (err += `${line}\n`) });
    return { code, out, err, timedOut: false };
  } catch (thrown) {
    return { code: 1, out, err, timedOut: false, thrown };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
