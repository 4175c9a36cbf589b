// Credentials are never recorded (README, "Guarding the control API"). The Authorization header is
// replaced whole (recorder.ts), but a client may put a credential anywhere else: another header, the
// query, a cookie, a Prefer value, the body (trial65, finding 3). The sandbox knows every credential
// it takes (its own, each live session's, the control token), so each is replaced where it occurs,
// by client-core's rule (createRedactor): a secret of 8 characters or more wherever it occurs, glued
// to a word (`Bearer<key>`) or inside a longer token; a shorter one only where it stands as a value
// of its own, so a short given key `key` leaves `api_key` and `keyboard` alone. The verifier redacts
// its reports with this class (packages/verify/src/redact.ts).
//
// A scan, not a regular expression: one alternation of every session's secrets costs about 9 µs per
// request with 50 sessions (the request path's budget, README "Benchmark"). Linear in the text, and
// mostly less: long forms are found as Wu and Manber's multi-pattern search finds words, by a table
// of 3-character blocks of their first 8 characters; where the 3 characters ending a place's first 8
// end no such block, no long form starts there nor at the next few places, and the scan skips them.
// Short forms are looked up only where a value may start. Measured 2026-11-29, a request's URL,
// headers and body (360 characters) with 51 scopes' credentials: 0.5 µs of CPU, the word-only scan
// this replaced 2.1. A text with escapes is searched again decoded (percent-escapes, JSON's), near
// each escape only, the decoded text built escape by escape: measured the same day, best of 7 on a
// loaded machine, 0.35 µs for 320 characters without escapes (0.33 before), 1.2 µs with six
// percent-escapes in the query (0.4 before: only whole upper- or lower-case encodings were found),
// 0.9 µs with a JSON escape in the body (3.8 to 5.0 before: the decoding was per character).
import { basicSecrets, secretForms } from '@messaging-contracts/client-core';
import type { Credentials } from './credentials.js';

export const REDACTED = '[redacted]';

/** A secret this long or longer is replaced wherever it occurs; a shorter one only as a value of its own (client-core's createRedactor draws the line at the same length). */
export const ANYWHERE_LENGTH = 8;

/** Every value of a scope's credentials a client could send: API keys; Basic's password, its `user:password` pair and the header's base64 token. */
export function credentialSecrets(credentials: Credentials): string[] {
  const secrets: string[] = [];
  for (const value of Object.values(credentials) as (Credentials['gateway-v1'] | Credentials['sms-v2'])[]) {
    if ('apiKey' in value) secrets.push(value.apiKey);
    // client-core's forms of a Basic pair (token, pair, password), less the user name: no secret,
    // and replacing it (`sandbox-gateway`) would blank the log where it names the scope.
    else secrets.push(...basicSecrets(value.username, value.password).slice(0, 3));
  }
  return secrets;
}

/**
 * The forms a secret takes in a request: as given, URL-encoded or form-encoded, and escaped in a
 * JSON string (client-core's secretForms, which the clients' redaction uses too); escapes in
 * another case, or of some characters only, are found in the text decoded (decodePercents). An
 * unpaired surrogate cannot be URL-encoded, so no URL carries it encoded.
 */
function sentForms(secret: string): string[] {
  // Each space a `+`, the rest as given or in escapes (found in the text with them decoded, where a
  // `+` stays): a literal `+` left as it is beside a `+` for a space, which no form decoding reads back.
  const plus = secret.includes(' ') ? [secret.replaceAll(' ', '+')] : [];
  try {
    return [...secretForms(secret), ...plus];
  } catch {
    return [secret, JSON.stringify(secret).slice(1, -1), ...plus];
  }
}

/** Letters, digits, `_` and `-`: a value beside one of these is part of a longer word. */
function isWord(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 45;
}
function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}
const PERCENT = 37;
const DOT = 46;

/** A value may start at `at`: the text starts there, or a non-word character or a percent-escape (`Basic%20<token>`) ends before it; a dot between words does not. */
function startsValue(text: string, at: number): boolean {
  if (at === 0) return true;
  if (at >= 3 && text.charCodeAt(at - 3) === PERCENT && isHex(text.charCodeAt(at - 2)) && isHex(text.charCodeAt(at - 1))) return true;
  const before = text.charCodeAt(at - 1);
  if (isWord(before)) return false;
  return !(before === DOT && at >= 2 && isWord(text.charCodeAt(at - 2)));
}

/** A value may end at `at`: the mirror of startsValue (a sentence's final dot ends a value; `api.example` does not). */
function endsValue(text: string, at: number): boolean {
  if (at === text.length) return true;
  const after = text.charCodeAt(at);
  if (after === PERCENT && isHex(text.charCodeAt(at + 1)) && isHex(text.charCodeAt(at + 2))) return true;
  if (isWord(after)) return false;
  return !(after === DOT && at + 1 < text.length && isWord(text.charCodeAt(at + 1)));
}

/** Forms looked up by their first PREFIX characters (all of a shorter one): one Map lookup per candidate place. Every long form has at least this many. */
const PREFIX = ANYWHERE_LENGTH;

/** Characters in a block of the skip table, and the table's size (blocks are hashed into it; a collision only shortens a skip). */
const BLOCK = 3;
const SKIP_BITS = 15;
const MOST_SKIP = PREFIX - BLOCK + 1;
/** The slot of the block of BLOCK (3) characters that ends before `end`. */
const blockSlot = (text: string, end: number) => (text.charCodeAt(end - 3) * 961 + text.charCodeAt(end - 2) * 31 + text.charCodeAt(end - 1)) & ((1 << SKIP_BITS) - 1);

interface Index {
  /**
   * Forms of long secrets by prefix, longest first; and by the slot of each block of 3 characters,
   * how far the first 8 characters of any of them end after that block (undefined when there is no
   * long form): how far a scan may skip when the block ending a place's first 8 is the given one.
   */
  anywhere: Map<string, string[]>;
  skip: Uint8Array | undefined;
  /** Forms of short secrets: prefix lengths present, longest first; forms by prefix, longest first. */
  lengths: number[];
  byPrefix: Map<string, string[]>;
  /** First characters of the short forms (ASCII), and whether any starts beyond ASCII. */
  first: Uint8Array;
  firstBeyondAscii: boolean;
  /** The length of the longest form. */
  longest: number;
  /** Whether a secret has a space: only then is a `+` read as one (a form body's encoding). */
  anySpace: boolean;
}

/** The length of the longest long form that starts at `at`, 0 if none. */
function longAt(text: string, at: number, anywhere: ReadonlyMap<string, readonly string[]>): number {
  if (at + PREFIX > text.length) return 0;
  const bucket = anywhere.get(text.slice(at, at + PREFIX));
  if (bucket) for (const form of bucket) if (text.startsWith(form, at)) return form.length;
  return 0;
}

function bucketed(map: Map<string, string[]>, prefix: string, form: string) {
  const bucket = map.get(prefix);
  if (bucket) bucket.push(form);
  else map.set(prefix, [form]);
}

function buildIndex(secrets: Iterable<string>): Index {
  // A form is long when a long secret gives it (forms only grow: a short secret's JSON or URL form may be 8 characters or more, and stays a value-of-its-own form).
  const long = new Set<string>();
  const short = new Set<string>();
  for (const secret of secrets) for (const form of sentForms(secret)) if (form.length > 0) (secret.length >= ANYWHERE_LENGTH ? long : short).add(form);
  const byLength = (a: string, b: string) => b.length - a.length;
  const index: Index = { anywhere: new Map(), skip: undefined, lengths: [], byPrefix: new Map(), first: new Uint8Array(128), firstBeyondAscii: false, longest: 0, anySpace: false };
  for (const form of [...long, ...short]) {
    index.longest = Math.max(index.longest, form.length);
    index.anySpace ||= form.includes(' ');
  }
  for (const form of [...long].sort(byLength)) {
    const skip = (index.skip ??= new Uint8Array(1 << SKIP_BITS).fill(MOST_SKIP));
    for (let end = BLOCK; end <= PREFIX; end++) {
      const at = blockSlot(form, end);
      skip[at] = Math.min(skip[at]!, PREFIX - end);
    }
    bucketed(index.anywhere, form.slice(0, PREFIX), form);
  }
  const lengths = new Set<number>();
  for (const form of [...short].filter((form) => !long.has(form)).sort(byLength)) {
    const prefix = form.slice(0, PREFIX);
    lengths.add(prefix.length);
    bucketed(index.byPrefix, prefix, form);
    const code = form.charCodeAt(0);
    if (code < 128) index.first[code] = 1;
    else index.firstBeyondAscii = true;
  }
  index.lengths = [...lengths].sort((a, b) => b - a);
  return index;
}

/** JSON's two-character escapes: the character after the backslash, and the one it stands for. */
const ESCAPED = new Int32Array(128).fill(-1);
for (const [after, unit] of [['"', '"'], ['\\', '\\'], ['/', '/'], ['b', '\b'], ['f', '\f'], ['n', '\n'], ['r', '\r'], ['t', '\t']] as const) ESCAPED[after.charCodeAt(0)] = unit.charCodeAt(0);

/** The value of a hex digit, -1 for any other character. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** The code unit `\uXXXX` at `at` stands for, -1 when the four characters there are no hex digits. */
function unicodeEscape(text: string, at: number): number {
  let unit = 0;
  for (let i = at + 2; i < at + 6; i++) {
    const digit = hexValue(text.charCodeAt(i));
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

/**
 * A text decoded from a recorded one (JSON's escapes, or percent-escapes), and where in the recorded
 * one each of its characters starts. Built escape by escape: its cost follows the escapes, not the
 * text (a query with a few `%3A` is common on the request path), and the string is made once.
 */
class Decoded {
  private readonly parts: string[] = [];
  /** Per decoded escape: where it starts in the decoded text and in the recorded one, the recorded characters it took and the decoded ones it gave. */
  private readonly marks: number[] = [];
  private kept = 0;
  private length = 0;
  text = '';

  constructor(private readonly source: string) {}

  /** The escape at `at` in the source, `taken` characters long, decodes to `decoded`. */
  escape(at: number, taken: number, decoded: string): void {
    this.parts.push(this.source.slice(this.kept, at), decoded);
    this.length += at - this.kept;
    this.marks.push(this.length, at, taken, decoded.length);
    this.length += decoded.length;
    this.kept = at + taken;
  }

  /** Ends the decoding: true when any escape was decoded. */
  done(): boolean {
    if (this.marks.length === 0) return false;
    // Joined once: a flat string, which the scan reads faster than one built by `+`.
    this.parts.push(this.source.slice(this.kept));
    this.text = this.parts.join('');
    return true;
  }

  /** Where the decoded text's character `at` starts in the source (its end for the decoded text's end): an escape's characters all start where it does. */
  position(at: number): number {
    const { marks } = this;
    // The last escape that starts at or before `at`, by bisection.
    let low = 0;
    let high = marks.length / 4;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (marks[middle * 4]! <= at) low = middle + 1;
      else high = middle;
    }
    if (low === 0) return at;
    const m = (low - 1) * 4;
    const into = at - marks[m]!;
    return into < marks[m + 3]! ? marks[m + 1]! : marks[m + 1]! + marks[m + 2]! + into - marks[m + 3]!;
  }

  /**
   * Where in the decoded text a form of at most `longest` characters must start to take in a
   * decoded escape, merged, in order: elsewhere the decoded text is the source, already searched.
   */
  windows(longest: number): [number, number][] {
    const { marks } = this;
    const out: [number, number][] = [];
    for (let m = 0; m < marks.length; m += 4) {
      const from = Math.max(0, marks[m]! - longest + 1);
      const to = marks[m]! + marks[m + 3]!;
      const last = out[out.length - 1];
      if (last && from <= last[1]) last[1] = to;
      else out.push([from, to]);
    }
    return out;
  }

  /** Ranges found in the decoded text, as ranges of the source: whole escapes at either end. */
  mapped(ranges: readonly (readonly [number, number])[]): [number, number][] {
    return ranges.map(([from, to]) => [this.position(from), this.position(to)]);
  }
}

/** The byte of the percent-escape at `at`, -1 when there is none. */
function escapedByte(text: string, at: number): number {
  if (text.charCodeAt(at) !== PERCENT) return -1;
  const high = hexValue(text.charCodeAt(at + 1));
  const low = hexValue(text.charCodeAt(at + 2));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/** Each ASCII character as a string: most escapes decode to one. */
const ASCII = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));

/** The least code point of a UTF-8 sequence by its continuation bytes (RFC 3629: a longer spelling is refused). */
const LEAST = [0, 0x80, 0x800, 0x10000];

/** The code point of the UTF-8 sequence spelt in percent-escapes at `at`, times 4, plus the escapes it takes less one (one number: no array per escape); -1 when there is none. */
function escapedPoint(text: string, at: number): number {
  const lead = escapedByte(text, at);
  // The continuation bytes a lead byte announces.
  const more = lead < 0 ? -1 : lead < 0x80 ? 0 : lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : -1;
  if (more < 0) return -1;
  let point = more === 0 ? lead : lead & (0x3f >> more);
  for (let k = 1; k <= more; k++) {
    const byte = escapedByte(text, at + 3 * k);
    if (byte < 0x80 || byte > 0xbf) return -1;
    point = point * 64 + (byte & 0x3f);
  }
  if (point < LEAST[more]! || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return -1;
  return point * 4 + more;
}

/**
 * `text` with its percent-escapes decoded as UTF-8, in either case of hex digit (RFC 3986 section
 * 6.2.2.1): a secret is found however many of its characters a client or a receiver encoded, and in
 * which case. An escape that starts no valid UTF-8 sequence is kept as it is. With `plus`, a `+` is
 * a space too, as a form body is decoded (`%2B` being the `+` itself). Undefined when the text has
 * no escape.
 */
function decodePercents(text: string, plus: boolean): Decoded | undefined {
  let percent = text.indexOf('%');
  // The next `+`, found again only once passed: a text of many escapes is not searched for it each time.
  let next = plus ? text.indexOf('+') : -1;
  if (percent < 0 && next < 0) return undefined;
  const decoded = new Decoded(text);
  while (percent >= 0 || next >= 0) {
    if (next >= 0 && (percent < 0 || next < percent)) {
      decoded.escape(next, 1, ' ');
      next = text.indexOf('+', next + 1);
      continue;
    }
    const found = escapedPoint(text, percent);
    const taken = found < 0 ? 1 : 3 * ((found & 3) + 1);
    if (found >= 0) decoded.escape(percent, taken, found < 512 ? ASCII[found >> 2]! : String.fromCodePoint(found >> 2));
    percent = text.indexOf('%', percent + taken);
  }
  return decoded.done() ? decoded : undefined;
}

/** Ranges in order of their starts as ranges apart: ranges that overlap become one, ranges that only touch stay two. */
function coalesce(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = out[out.length - 1];
    if (last && from < last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** Two lists of ranges (each in order, apart) as one: ranges that overlap become one, ranges that only touch stay two. */
function union(a: readonly (readonly [number, number])[], b: readonly (readonly [number, number])[]): [number, number][] {
  if (b.length === 0) return a as [number, number][];
  if (a.length === 0) return b as [number, number][];
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]![0] <= b[j]![0]) ? a[i++]! : b[j++]!;
    const last = out[out.length - 1];
    if (last && next[0] < last[1]) last[1] = Math.max(last[1], next[1]);
    else out.push([next[0], next[1]]);
  }
  return out;
}

/**
 * `text` with JSON's escapes decoded (`\u0061` as `a`, `\/` as `/`, `\\` as one backslash; a
 * backslash that starts no escape kept). A body may spell a credential in escapes that JSON.parse,
 * and so the request log's listing, turns back into the credential. Undefined when the text has no
 * escape.
 */
function decodeEscapes(text: string): Decoded | undefined {
  let at = text.indexOf('\\');
  if (at < 0) return undefined;
  const decoded = new Decoded(text);
  while (at >= 0) {
    const next = text.charCodeAt(at + 1);
    const unit = next === 117 /* u */ ? unicodeEscape(text, at) : next < 128 ? ESCAPED[next]! : -1;
    if (unit >= 0) decoded.escape(at, next === 117 ? 6 : 2, String.fromCharCode(unit));
    at = text.indexOf('\\', unit < 0 ? at + 1 : next === 117 ? at + 6 : at + 2);
  }
  return decoded.done() ? decoded : undefined;
}

/** The secrets of every live owner (a scope's credentials, the control token), and the redaction of recorded text by them. */
export class SecretRedactor {
  private readonly owners = new Map<object, readonly string[]>();
  /** Rebuilt at the next redaction after an owner comes or goes (a session created or deleted); the second of the secrets lower-cased. */
  private index: Index | undefined;
  private lowerIndex: Index | undefined;

  set(owner: object, secrets: readonly string[]): void {
    this.owners.set(owner, secrets);
    this.index = this.lowerIndex = undefined;
  }

  delete(owner: object): void {
    if (this.owners.delete(owner)) this.index = this.lowerIndex = undefined;
  }

  /** `text` redacted as by `redact`, for a text that was lower-cased (Node's header names): the secrets are looked for lower-cased. */
  redactLowerCase(text: string): string {
    return this.redactBy(text, (this.lowerIndex ??= buildIndex([...this.owners.values()].flat().map((secret) => secret.toLowerCase()))));
  }

  /**
   * `text` with every secret replaced by REDACTED: one of 8 characters or more wherever it occurs,
   * a shorter one where it stands as a value of its own; in the forms a request carries it (as
   * given, URL-encoded, JSON-escaped), spelt in percent-escapes of any case for any of its
   * characters (`%2f` beside `%3A`, a `+` for a space) and in JSON's escapes (`\u0061…`, `\/`).
   * The same string when none occurs.
   */
  redact(text: string): string {
    return this.redactBy(text, (this.index ??= buildIndex([...this.owners.values()].flat())));
  }

  private redactBy(text: string, index: Index): string {
    // The text as it is (a secret with backslashes or escapes of its own, `C:\temp`, is found as
    // given), then decoded, each found range mapped back to whole escapes of the text. Only a text
    // with a `%` or a backslash can spell a secret in escapes: the usual one costs two indexOf more.
    let found = this.findIn(text, index);
    const json = decodeEscapes(text);
    if (json) found = union(found, json.mapped(this.findIn(json.text, index, json.windows(index.longest))));
    return found.length === 0 ? text : this.join(text, found);
  }

  /** Where secrets occur in `text` (starting in `windows`, default all of it): as it is, and with its percent-escapes decoded. */
  private findIn(text: string, index: Index, windows?: readonly (readonly [number, number])[]): [number, number][] {
    // The windows are in order, so what each finds starts after what the one before found: one
    // merge of the lot (merging window by window into what was found cost the square of the
    // escapes: 3.4 MB of repeated encoded secrets took 520 s).
    let found = windows ? coalesce(windows.flatMap(([from, to]) => this.find(text, index, from, to))) : this.find(text, index);
    // Percent-escapes are decoded in the whole text, and searched near each: a secret spelt in
    // escapes of both kinds takes in a percent-escape, or is found in `windows` without one. Then
    // as a form is decoded, a `+` a space, where a secret has a space and the text a `+`.
    for (const plus of index.anySpace && text.indexOf('+') >= 0 ? [false, true] : [false]) {
      const decoded = decodePercents(text, plus);
      if (decoded) found = union(found, coalesce(decoded.mapped(decoded.windows(index.longest).flatMap(([from, to]) => this.find(decoded.text, index, from, to)))));
    }
    return found;
  }

  /**
   * A body's JSON text redacted. It stays JSON: a replacement inside a string keeps it one; should a
   * secret span the JSON's own syntax (one with a quote in it), the whole body is replaced instead.
   */
  redactJson(text: string): string {
    const out = this.redact(text);
    if (out === text) return text;
    try {
      JSON.parse(out);
      return out;
    } catch {
      return JSON.stringify(REDACTED);
    }
  }

  /** `text` with each of the ranges (in order, apart) replaced by REDACTED. */
  private join(text: string, ranges: readonly (readonly [number, number])[]): string {
    const out: string[] = [];
    let kept = 0;
    for (const [from, to] of ranges) {
      out.push(text.slice(kept, from), REDACTED);
      kept = to;
    }
    out.push(text.slice(kept));
    return out.join('');
  }

  /**
   * Where secrets occur in `text`, left to right, overlapping ones as one range (of two credentials
   * where the end of one is the start of the other, neither is left in part). The place where a
   * found one ends may start a short one's value, and a short one may end where a long one starts:
   * `<key><short>` is two values, not one word (the long one's characters made the short look part of one).
   */
  private find(text: string, index: Index, from = 0, to = text.length): [number, number][] {
    const { anywhere, skip, lengths, first, firstBeyondAscii } = index;
    const anyShort = lengths.length > 0;
    const found: [number, number][] = [];
    let end = -1;
    let at = from;
    while (at < to) {
      let length = 0;
      if (skip && at + PREFIX <= text.length) {
        const ahead = skip[blockSlot(text, at + PREFIX)]!;
        if (ahead === 0) length = longAt(text, at, anywhere);
        else if (!anyShort) {
          // No long form starts within `ahead` places, and no short one is looked for.
          at += ahead;
          continue;
        }
      } else if (!anyShort) break;
      const code = text.charCodeAt(at);
      if ((code < 128 ? first[code] === 1 : firstBeyondAscii) && (at === end || startsValue(text, at))) length = Math.max(length, this.valueAt(text, at, index));
      if (length > 0) {
        if (at < end) found[found.length - 1]![1] = end = Math.max(end, at + length);
        else found.push([at, (end = at + length)]);
      }
      at++;
    }
    return found;
  }

  /** The length of the longest short form that starts at `at` and ends a value (or where a long form starts), 0 if none. */
  private valueAt(text: string, at: number, { lengths, byPrefix, anywhere }: Index): number {
    for (const length of lengths) {
      if (at + length > text.length) continue;
      const bucket = byPrefix.get(text.slice(at, at + length));
      if (!bucket) continue;
      for (const form of bucket) if (text.startsWith(form, at) && (endsValue(text, at + form.length) || longAt(text, at + form.length, anywhere) > 0)) return form.length;
    }
    return 0;
  }
}
