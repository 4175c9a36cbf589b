// The `pnpm release:local` command for one registry, exactly as the user must type it: release:local
// finds the registry through `<storage>/npmrc`, so a registry on another storage than the default
// needs `--storage <dir>` (without it, release:local reads the default storage's npmrc: no registry
// answers there, or worse, another one does and gets the packages). The port needs no flag: the
// storage's npmrc names it.
import { resolve } from 'node:path';
import { defaultStorage } from './registry.js';

/** What `pnpm registry` prints before the command (registry-process.ts reads the command after it). */
export const RELEASE_HINT = 'publish every package to it (from this repository, in another terminal): ';

/** One word for sh: as is when it is only safe characters, else single-quoted. */
export function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** `pnpm release:local`, with `--storage <dir>` when `storage` is not the default one. */
export function releaseLocalCommand(storage: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(storage) === resolve(defaultStorage(env)) ? 'pnpm release:local' : `pnpm release:local --storage ${shellWord(resolve(storage))}`;
}
