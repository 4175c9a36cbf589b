// The bounds spec-check reads input within (issue 12, items 15 and 16). Choices of this tool, not of
// the service: each far above what the real specs need (about 20 levels, files of tens of KB).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Largest document, or file a `$ref` names, that is read: 16 MiB. */
export const maxFileBytes = 16 * 1024 * 1024;

/** Deepest nesting of objects and arrays in a document or `$ref`'d file. */
export const maxDepth = 256;

/** Deepest chain of `$ref` and `allOf` steps one schema is read through. */
export const maxSchemaNesting = 256;

/** A schema nested past maxSchemaNesting: the document cannot be checked (exit 2). */
export class NestingTooDeep extends Error {}

/** The nesting depth of a parsed value, walked without recursion; stops counting past `limit`. */
export function depthOf(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Reads a regular file of at most `limit` bytes as UTF-8. Opened without following a final symlink
 * and without blocking (a FIFO would block on open), then checked on the open descriptor, so
 * `/dev/zero`, a FIFO or `/dev/stdin` is refused instead of hanging or exhausting memory.
 */
export function readRegularFile(path: string, limit = maxFileBytes): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error('not a regular file');
    if (stat.size > limit) throw new Error(`larger than ${limit} bytes (spec-check's limit)`);
    // Read at most limit + 1 bytes: a file that grows after the check is still bounded.
    const buffer = Buffer.alloc(Math.min(stat.size, limit) + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > limit) throw new Error(`larger than ${limit} bytes (spec-check's limit)`);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
