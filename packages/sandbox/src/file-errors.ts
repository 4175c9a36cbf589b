// Reading the files the CLI is given (--fixtures, --credentials-file, --https-cert, --https-key): an
// error names the file and the reason (the system's code, or where the JSON breaks), so a wrong path
// or a stray comma is found without guessing. Never the file's content (it may hold a key).
import { MAX_JSON_DEPTH, scanJsonText } from '@messaging-contracts/validators';
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The file's text; throws `<file>: <CODE> (<what it means>)`, or `<file> is over <n> bytes`. The
 * bound is counted as the file is read, not taken from its size: a pipe (`--fixtures <(make-fixtures)`)
 * or a device reports size 0, and `/dev/zero` read whole grew the process past 4 GB.
 */
export function readTextFile(file: string, maxBytes: number): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw new RangeError(`${file} is over ${maxBytes} bytes`);
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw new TypeError(`cannot read ${file}: ${systemReason(error)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `ENOENT (no such file or directory)` from a node:fs error, without the path it repeats. */
function systemReason(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  // node:fs messages read `ENOENT: no such file or directory, open '<path>'`.
  const meaning = /^[A-Z]+: ([^,]+)/.exec(text)?.[1];
  if (typeof code === 'string') return meaning ? `${code} (${meaning})` : code;
  return 'unreadable';
}

/** The line and column (from 1) of a character offset. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line} column ${offset - before.lastIndexOf('\n')}`;
}

/**
 * Where and why JSON.parse refused `text`: `line 3 column 7: Expected ',' or '}' after property
 * value`. V8's messages that quote the input are cut to their first clause.
 */
export function jsonSyntaxError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const at = /^(.*) in JSON at position (\d+)/.exec(message);
  if (at) return `${lineColumn(text, Number(at[2]))}: ${at[1]}`;
  if (/Unexpected end of JSON input/.test(message)) return `${lineColumn(text, text.length)}: the JSON ends early`;
  return (message.split(',')[0] ?? '').slice(0, 60) || 'not JSON';
}

/**
 * A JSON file's text and value, read as the sandbox reads a request body: at most `maxBytes`, 64
 * levels deep, and no object repeating a key. RFC 8259 section 4: JSON.parse keeps the last value of
 * a repeated key without a word, so `{"apiKey":"a","apiKey":"b"}` started the sandbox with `b`
 * while whoever wrote the file may have meant `a`. Throws a TypeError naming the file, where and
 * the rule; never a value.
 */
export function readJsonFile(file: string, maxBytes: number): { text: string; json: unknown } {
  const text = readTextFile(file, maxBytes);
  const scan = scanJsonText(text);
  if (scan.tooDeep) throw new TypeError(`${file} is nested deeper than ${MAX_JSON_DEPTH} levels`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`${file} is not JSON: ${jsonSyntaxError(text, error)}`);
  }
  if (scan.duplicateKey !== undefined) throw new TypeError(`${file}: the key at ${scan.duplicateKey} is given more than once in its object (duplicate-key)`);
  return { text, json };
}
