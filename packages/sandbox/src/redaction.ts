// Credentials are never recorded (README, "Guarding the control API"). The Authorization header is
// replaced whole (recorder.ts), but a client may put a credential anywhere else: another header, the
// query, a cookie, a Prefer value, the body (trial65, finding 3). The sandbox knows every credential
// it takes (its own, each live session's, the control token), so each is replaced wherever it stands
// as a value of its own, as the verifier redacts its reports (packages/verify/src/redact.ts): never
// inside a longer word, so a short given key `key` leaves `api_key` and `keyboard` alone.
//
// A scan, not a regular expression: one alternation of every session's secrets costs about 9 µs per
// request with 50 sessions, this under 2 (the request path's budget, README "Benchmark").
import type { Credentials } from './credentials.js';

export const REDACTED = '[redacted]';

/** Every value of a scope's credentials a client could send: API keys; Basic's password, its `user:password` pair and the header's base64 token. */
export function credentialSecrets(credentials: Credentials): string[] {
  const secrets: string[] = [];
  for (const value of Object.values(credentials) as (Credentials['gateway-v1'] | Credentials['sms-v2'])[]) {
    if ('apiKey' in value) secrets.push(value.apiKey);
    else {
      const pair = `${value.username}:${value.password}`;
      secrets.push(value.password, pair, Buffer.from(pair).toString('base64'));
    }
  }
  return secrets;
}

/** The forms a secret takes in a request: as given, URL-encoded (a path segment, a query value with `%20` or `+`), and escaped in a JSON string. */
function sentForms(secret: string): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1)];
  try {
    forms.push(encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2));
  } catch {
    // An unpaired surrogate cannot be URL-encoded, so no URL carries it encoded.
  }
  return forms;
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

/** Forms looked up by their first PREFIX characters (all of a shorter one): one Map lookup per place a value may start. */
const PREFIX = 8;

interface Index {
  /** Prefix lengths present, longest first, so a longer form wins over one it contains. */
  lengths: number[];
  /** Forms by prefix, longest first. */
  byPrefix: Map<string, string[]>;
  /** First characters of the forms (ASCII), and whether any form starts beyond ASCII. */
  first: Uint8Array;
  firstBeyondAscii: boolean;
}

function buildIndex(secrets: Iterable<string>): Index {
  const forms = [...new Set([...secrets].flatMap(sentForms))].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  const byPrefix = new Map<string, string[]>();
  const lengths = new Set<number>();
  const first = new Uint8Array(128);
  let firstBeyondAscii = false;
  for (const form of forms) {
    const prefix = form.slice(0, PREFIX);
    lengths.add(prefix.length);
    const bucket = byPrefix.get(prefix);
    if (bucket) bucket.push(form);
    else byPrefix.set(prefix, [form]);
    const code = form.charCodeAt(0);
    if (code < 128) first[code] = 1;
    else firstBeyondAscii = true;
  }
  return { lengths: [...lengths].sort((a, b) => b - a), byPrefix, first, firstBeyondAscii };
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

  /** `text` with every secret that stands as a value of its own replaced by REDACTED; the same string when none does. */
  redact(text: string): string {
    const index = (this.index ??= buildIndex([...this.owners.values()].flat()));
    const { lengths, byPrefix, first, firstBeyondAscii } = index;
    let out: string[] | undefined;
    let kept = 0;
    let at = 0;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      const found = (code < 128 ? first[code] === 1 : firstBeyondAscii) && startsValue(text, at) ? this.formAt(text, at, lengths, byPrefix) : undefined;
      if (found === undefined) {
        at++;
        continue;
      }
      (out ??= []).push(text.slice(kept, at), REDACTED);
      at += found.length;
      kept = at;
    }
    if (!out) return text;
    out.push(text.slice(kept));
    return out.join('');
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

  /** The longest form that starts at `at` and ends a value, if any. */
  private formAt(text: string, at: number, lengths: readonly number[], byPrefix: ReadonlyMap<string, readonly string[]>): string | undefined {
    for (const length of lengths) {
      if (at + length > text.length) continue;
      const bucket = byPrefix.get(text.slice(at, at + length));
      if (!bucket) continue;
      for (const form of bucket) if (text.startsWith(form, at) && endsValue(text, at + form.length)) return form;
    }
    return undefined;
  }
}
