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
// this replaced 2.1.
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
 * The forms a secret takes in a request: as given, URL-encoded in either case of escape or
 * form-encoded, and escaped in a JSON string (client-core's secretForms, which the clients'
 * redaction uses too). An unpaired surrogate cannot be URL-encoded, so no URL carries it encoded.
 */
function sentForms(secret: string): string[] {
  try {
    return secretForms(secret);
  } catch {
    return [secret, JSON.stringify(secret).slice(1, -1)];
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
const BACKSLASH = 92;

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
  const index: Index = { anywhere: new Map(), skip: undefined, lengths: [], byPrefix: new Map(), first: new Uint8Array(128), firstBeyondAscii: false };
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
 * `text` with JSON's escapes decoded (`\u0061` as `a`, `\/` as `/`, `\\` as one backslash; a
 * backslash that starts no escape kept), and where in `text` each of its characters starts (one
 * more entry: the text's end). A body may spell a credential in escapes that JSON.parse, and so the
 * request log's listing, turns back into the credential. Code units in a typed array, one string
 * made at the end: a body of escapes is as cheap to decode as any other.
 */
function decodeEscapes(text: string): { text: string; starts: Int32Array } {
  const starts = new Int32Array(text.length + 1);
  const units = new Uint16Array(text.length);
  let length = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    starts[length] = i;
    if (code === BACKSLASH) {
      const next = text.charCodeAt(i + 1);
      const unit = next === 117 /* u */ ? unicodeEscape(text, i) : next < 128 ? ESCAPED[next]! : -1;
      if (unit >= 0) {
        units[length++] = unit;
        i += next === 117 ? 6 : 2;
        continue;
      }
    }
    units[length++] = code;
    i++;
  }
  starts[length] = text.length;
  const parts: string[] = [];
  // In slices: one call with a whole body's code units as arguments would overflow the stack.
  for (let at = 0; at < length; at += 8192) parts.push(String.fromCharCode.apply(null, units.subarray(at, Math.min(at + 8192, length)) as unknown as number[]));
  return { text: parts.join(''), starts };
}

/** The secrets of every live owner (a scope's credentials, the control token), and the redaction of recorded text by them. */
export class SecretRedactor {
  private readonly owners = new Map<object, readonly string[]>();
  /** Rebuilt at the next redaction after an owner comes or goes (a session created or deleted). */
  private index: Index | undefined;

  set(owner: object, secrets: readonly string[]): void {
    this.owners.set(owner, secrets);
    this.index = undefined;
  }

  delete(owner: object): void {
    if (this.owners.delete(owner)) this.index = undefined;
  }

  /**
   * `text` with every secret replaced by REDACTED: one of 8 characters or more wherever it occurs,
   * a shorter one where it stands as a value of its own; in the forms a request carries it (as
   * given, URL-encoded, JSON-escaped) and spelt in JSON's escapes (`\u0061…`, `\/`). The same string
   * when none occurs.
   */
  redact(text: string): string {
    const index = (this.index ??= buildIndex([...this.owners.values()].flat()));
    // The text as it is first (a secret with backslashes of its own, `C:\temp`, is found as given),
    // then decoded. Only a text with a backslash can spell a secret in escapes: the usual one costs
    // one indexOf more.
    const out = this.replace(text, index);
    if (out.indexOf('\\') < 0) return out;
    const decoded = decodeEscapes(out);
    if (decoded.text === out) return out;
    // Found in the decoded text, replaced in the text: a whole escape at either end of each.
    const found = this.find(decoded.text, index);
    if (found.length === 0) return out;
    const { starts } = decoded;
    return this.join(
      out,
      found.map(([from, to]) => [starts[from]!, starts[to]!]),
    );
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

  private replace(text: string, index: Index): string {
    const found = this.find(text, index);
    return found.length === 0 ? text : this.join(text, found);
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

  /** Where secrets occur in `text`, left to right, each the longest form that occurs at its place. */
  private find(text: string, index: Index): [number, number][] {
    const { anywhere, skip, lengths, byPrefix, first, firstBeyondAscii } = index;
    const anyShort = lengths.length > 0;
    const found: [number, number][] = [];
    let at = 0;
    while (at < text.length) {
      let length = 0;
      if (skip && at + PREFIX <= text.length) {
        const ahead = skip[blockSlot(text, at + PREFIX)]!;
        if (ahead === 0) {
          const bucket = anywhere.get(text.slice(at, at + PREFIX));
          if (bucket) for (const form of bucket) if (text.startsWith(form, at)) {
            length = form.length;
            break;
          }
        } else if (!anyShort) {
          // No long form starts within `ahead` places, and no short one is looked for.
          at += ahead;
          continue;
        }
      } else if (!anyShort) break;
      const code = text.charCodeAt(at);
      if ((code < 128 ? first[code] === 1 : firstBeyondAscii) && startsValue(text, at)) length = Math.max(length, this.valueAt(text, at, lengths, byPrefix));
      if (length === 0) {
        at++;
        continue;
      }
      found.push([at, at + length]);
      at += length;
    }
    return found;
  }

  /** The length of the longest short form that starts at `at` and ends a value, 0 if none. */
  private valueAt(text: string, at: number, lengths: readonly number[], byPrefix: ReadonlyMap<string, readonly string[]>): number {
    for (const length of lengths) {
      if (at + length > text.length) continue;
      const bucket = byPrefix.get(text.slice(at, at + length));
      if (!bucket) continue;
      for (const form of bucket) if (text.startsWith(form, at) && endsValue(text, at + form.length)) return form.length;
    }
    return 0;
  }
}
