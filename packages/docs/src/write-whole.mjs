// @ts-check
// Every file the build puts in the site is written under a temporary name beside it and renamed into
// place. A rename within one file system is atomic, so `pnpm docs:serve` during a rebuild sends the
// previous file or the new one whole, never a page cut where the writer had got to.
import { copyFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

let written = 0;

/**
 * @param {string} path
 * @param {(temporary: string) => void} fill
 */
function replace(path, fill) {
  written += 1;
  const temporary = `${path}.${process.pid}.${written}.tmp`;
  try {
    fill(temporary);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * @param {string} path
 * @param {string | Uint8Array} data
 */
export function writeWhole(path, data) {
  replace(path, (temporary) => writeFileSync(temporary, data));
}

/**
 * @param {string} source
 * @param {string} path
 */
export function copyWhole(source, path) {
  replace(path, (temporary) => copyFileSync(source, temporary));
}
