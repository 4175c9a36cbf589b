// With --live, every destination in a request body comes from the user's --destinations file,
// never from an example or the generator: a live request reaches a real handset or mailbox.
// The file: one destination a line, `#` comments; `+<digits>` is a mobile number, a line with `@`
// an e-mail address. Bounded: at most 64 KiB and 100 destinations.
import { closeSync, openSync, readSync } from 'node:fs';

export interface Destinations {
  numbers: string[];
  emails: string[];
}

export const DESTINATIONS_MAX_BYTES = 64 * 1024;
export const DESTINATIONS_MAX_COUNT = 100;

export class DestinationsError extends Error {
  static { DestinationsError.prototype.name = 'DestinationsError'; }
}

export function readDestinations(file: string): Destinations {
  // The bound is counted as the file is read, not taken from its size: a pipe (`--destinations
  // <(command)`) or a device reports size 0, and `/dev/zero` read whole grew the process past 4 GB.
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    throw new DestinationsError(`--destinations: cannot read ${file}`);
  }
  try {
    const buffer = Buffer.allocUnsafe(DESTINATIONS_MAX_BYTES + 1);
    let total = 0;
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buffer, total, buffer.length - total, null);
      } catch {
        throw new DestinationsError(`--destinations: cannot read ${file}`);
      }
      if (read === 0) break;
      total += read;
      if (total > DESTINATIONS_MAX_BYTES) throw new DestinationsError(`--destinations: ${file} is over ${DESTINATIONS_MAX_BYTES} bytes`);
    }
    return parseDestinations(buffer.toString('utf8', 0, total), file);
  } finally {
    closeSync(fd);
  }
}

export function parseDestinations(text: string, name = 'the file'): Destinations {
  const out: Destinations = { numbers: [], emails: [] };
  const lines = text.split(/\r?\n/).map((l) => l.replace(/#.*/, '').trim());
  lines.forEach((line, i) => {
    if (line === '') return;
    if (/^\+[1-9]\d{1,14}$/.test(line)) out.numbers.push(line);
    else if (/^[^\s@]+@[^\s@]+$/.test(line)) out.emails.push(line);
    else throw new DestinationsError(`--destinations: ${name} line ${i + 1} is neither a mobile number (+ and 2 to 15 digits) nor an e-mail address`);
  });
  if (out.numbers.length + out.emails.length > DESTINATIONS_MAX_COUNT) throw new DestinationsError(`--destinations: at most ${DESTINATIONS_MAX_COUNT} destinations`);
  if (out.numbers.length === 0) throw new DestinationsError(`--destinations: ${name} holds no mobile number (+ and 2 to 15 digits)`);
  return out;
}

/** Property names that hold a destination in the four interfaces' request bodies (sections 2.1 to 2.4). */
const NUMBER_KEYS = new Set(['destination', 'mobile']);
const ADDRESS_KEYS = new Set(['email', 'contact_id']);

/** Whether a body path (property names, `*` for items) ends in a destination. */
export function isDestinationPath(path: readonly string[]): boolean {
  return path.some((token) => NUMBER_KEYS.has(token) || ADDRESS_KEYS.has(token) || token === 'members');
}

/**
 * `body` with every destination replaced from the file: numbers for `destination`/`mobile` (an
 * array gets one number per item; C's Destination object becomes `{ mobile }`), e-mail addresses for
 * `email` (removed when the file has none), and `contact_id` removed (a generated contact is nobody's).
 */
export function withDestinations(body: unknown, destinations: Destinations): unknown {
  let n = 0;
  const number = () => destinations.numbers[n++ % destinations.numbers.length]!;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (NUMBER_KEYS.has(key)) {
        if (typeof value === 'string') out[key] = number();
        else if (Array.isArray(value)) out[key] = value.map(() => number());
        else if (value !== null && typeof value === 'object') out[key] = { mobile: number() };
        else out[key] = value;
      } else if (key === 'email') {
        if (destinations.emails.length > 0) out[key] = destinations.emails[0];
      } else if (key === 'contact_id') {
        // dropped
      } else out[key] = visit(value);
    }
    return out;
  };
  return visit(body);
}
