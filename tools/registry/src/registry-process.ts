// The registry in a child process (the `pnpm registry` CLI), for callers that block on commands
// talking to it (spawnSync of npm or pnpm): in the caller's own process it could not answer them.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NPMRC_FILE } from './registry.js';
import { RELEASE_HINT } from './release-command.js';

const cli = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'dist', 'cli.js');
const START_TIMEOUT_MS = 60_000;

export interface RegistryProcess {
  url: string;
  storage: string;
  npmrcFile: string;
  /** The `pnpm release:local ...` command it printed for itself, to run from the repository as is. */
  releaseCommand: string;
  /** Everything it printed at start. */
  banner: string;
  close(): Promise<void>;
}

export async function startRegistryProcess(storage: string): Promise<RegistryProcess> {
  const child: ChildProcess = spawn(process.execPath, [cli, '--port', '0', '--storage', storage], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the registry did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match && output.includes('Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the registry exited (${code}) before it started:\n${output}`));
    });
  });
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const releaseCommand = output.split('\n').find((line) => line.includes(RELEASE_HINT))?.split(RELEASE_HINT)[1];
  if (!releaseCommand) {
    await close();
    throw new Error(`the registry printed no release command ("${RELEASE_HINT}..."):\n${output}`);
  }
  return { url, storage, npmrcFile: join(storage, NPMRC_FILE), releaseCommand, banner: output, close };
}
