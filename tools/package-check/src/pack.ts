import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { unpack } from '@publint/pack';
import type { WorkspacePackage } from './workspace.js';

const run = promisify(execFile);

export interface PackedPackage extends WorkspacePackage {
  /** Absolute path of the .tgz that `pnpm pack` wrote. */
  tarball: string;
  /** Every path in the tarball, relative to its root folder (`dist/index.js`), sorted. */
  files: string[];
}

/**
 * Packs one package with `pnpm pack` from its own folder, exactly as `pnpm publish` (and so
 * `changeset publish`) would: `workspace:` ranges rewritten, `files` applied, lifecycle scripts run.
 */
export async function packPackage(pkg: WorkspacePackage, destination: string): Promise<PackedPackage> {
  let stdout: string;
  try {
    ({ stdout } = await run('pnpm', ['pack', '--pack-destination', destination, '--json'], { cwd: pkg.dir, maxBuffer: 16 * 1024 * 1024 }));
  } catch (error) {
    // pnpm prints a failed lifecycle script on stdout: both streams, so the reason is in the error.
    const { stdout: out = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`pnpm pack failed in ${pkg.relativeDir}:\n${`${out}\n${stderr}`.trim()}`);
  }
  return packedFrom(pkg, (JSON.parse(stdout) as { filename: string }).filename);
}

/** The package with its tarball and the tarball's file list. */
export async function packedFrom(pkg: WorkspacePackage, tarball: string): Promise<PackedPackage> {
  const contents = await readTarball(tarball);
  return { ...pkg, tarball, files: [...contents.keys()].sort() };
}

/** The files of a packed tarball by path relative to its root folder (npm's `package/`). */
export async function readTarball(tarball: string): Promise<Map<string, Uint8Array>> {
  const { files, rootDir } = await unpack(await readFile(tarball));
  const prefix = `${rootDir}/`;
  return new Map(
    files.map((file) => [file.name.startsWith(prefix) ? file.name.slice(prefix.length) : file.name, file.data]),
  );
}

export function fileText(files: Map<string, Uint8Array>, path: string): string | undefined {
  const data = files.get(path);
  return data === undefined ? undefined : new TextDecoder().decode(data);
}
