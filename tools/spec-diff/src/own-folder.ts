import { lstatSync, mkdirSync } from 'node:fs';

/**
 * Whether `dir` is a folder only this user can write to (created so, mode 700, when missing). A
 * cache in the shared temp folder is used only then: its entries decide what a gate or a test
 * compares with, so one another user could write to is not used at all. Shared by spec-diff's base
 * bundles and package-check's compile results.
 */
export function ownFolder(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    const uid = process.getuid?.();
    return stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
