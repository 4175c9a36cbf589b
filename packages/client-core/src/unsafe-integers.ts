// An answer's integer literal beyond 2^53 - 1 in magnitude is never handed back as a number:
// JSON.parse would round it (12345678901234567895 becomes 12345678901234567000), a different id,
// silently. A (sections 2.1, 4.1) types its ids int64 and D (section 2.4) its ids as integers
// without a bound, so the clients of those two pass `unsafeIntegers(rule)` to createCoreClient
// (its `integers` option); B's and C's answers hold only bounded integers (int32, or ranges within
// 200 to 600), and leaving this module out spares their bundles its ~0.5 kB min+gz (which puts A's
// and D's clients over the 2048 B target of tools/client-bench: +2562 B and +2472 B, 2026-11-28). Its own module: a bundle whose
// client does not pass it contains none of it. The pass reads the text, not the parsed value:
// JSON.parse keeps only the last value of a repeated key and puts integer-like keys first, and
// turns 1e20 into an integer as well, so a walk of its result cannot say which literal came first.
//
// Cost: an ordinary answer costs a look at one character in 16 of its text, for a run of 16 digits
// (the fewest that can exceed 2^53 - 1 = 9007199254740991: hasDigitRun); only then is the text read
// token by token (one regular expression; strings walked by hand: a regular expression that
// matches a whole string of 16 MiB, escapes and all, overflows V8's backtracking stack), once, to find the first such
// literal and its JSON pointer. The text is already bounded by maxResponseBytes and
// valid JSON (JSON.parse accepted it first); the pass keeps one entry per open container, and the
// message shows at most SHOWN levels of the pointer and SHOWN characters of each part.
import { ClientNetworkError, shown } from './errors.js';

/**
 * What createCoreClient calls with each JSON answer's text once JSON.parse has accepted it: throws
 * ClientNetworkError kind `unsafe-integer` when the text holds one (the client's redactor then
 * replaces any credential the text echoes).
 */
export type IntegerCheck = (text: string, request: { method: string; url: string }) => void;

/** Levels of a JSON pointer shown (a deeper value is shown under its 64th level's pointer and `/…`), and characters of a key or a literal, then `…`. */
const SHOWN = 64;
const cut = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);
/** The tokens the pass reads: a number (or a letter of true, false, null: not an integer, so skipped), a quote, a bracket, a comma, a colon. */
const TOKEN = /[-+\d.eE]+|["[\]{},:]/g;

/**
 * The check for an interface whose answers may carry integers beyond 2^53 - 1; `rule` says where
 * its contract types them (e.g. "the contract types A's ids int64 (sections 2.1, 4.1)").
 */
export const unsafeIntegers =
  (rule: string): IntegerCheck =>
  (text, { method, url }) => {
    const [pointer, digits] = firstUnsafeInteger(text) ?? [];
    if (digits) {
      throw Object.assign(
        new ClientNetworkError(
          'unsafe-integer',
          method,
          shown(url),
          `answered ${cut(digits)} at "${pointer}": beyond 2^53-1, not exact as a JavaScript number; ${rule}. Read error.text with an exact JSON parser, or use parseAs: 'text'`,
        ),
        { pointer, digits, text },
      );
    }
  };

/**
 * Whether the text has 16 digits in a row, the fewest that can exceed 2^53 - 1 = 9007199254740991.
 * Such a run covers one of every 16 positions, so only those are looked at, and the run around a
 * digit there measured: on an answer full of shorter numbers (D's lists of members) about 5 times
 * faster than `/\d{16}/`, which tries every position.
 */
export function hasDigitRun(text: string): boolean {
  // NaN outside the text: not a digit.
  const digit = (i: number) => (text.charCodeAt(i) ^ 48) < 10;
  for (let k = 15; k < text.length; k += 16) {
    // To the non-digits either side of k (k itself, when it is one).
    let before = k;
    let after = k;
    while (digit(before)) before--;
    while (digit(after)) after++;
    if (after - before > 16) return true;
  }
  return false;
}

/**
 * The JSON pointer (RFC 6901) and the digits of the first integer literal (no fraction, no
 * exponent) beyond 2^53 - 1 in magnitude in a valid JSON text (the pointer bounded: SHOWN levels
 * of SHOWN characters); undefined when there is none. One pass over the text's tokens, no
 * recursion, and only when it has a run of 16 digits. The sandbox holds request bodies to it too.
 */
export function firstUnsafeInteger(text: string): [pointer: string, digits: string] | undefined {
  if (!hasDigitRun(text)) return;
  // Per open container, where the pass is in it: an array's index, an object's current key (a
  // comma turns a key into NaN: in valid JSON a key and a colon follow it).
  const path: any[] = [];
  // The last string read: a key when a colon follows it.
  let string = '';
  TOKEN.lastIndex = 0;
  for (let match, i; (match = TOKEN.exec(text)); ) {
    const [token] = match;
    if (token === '"') {
      // Bounded by the text's end too: a string left open (never in valid JSON) must not hang.
      for (i = match.index; ++i < text.length && text[i] !== '"'; ) if (text[i] === '\\') i++;
      string = text.slice(match.index, (TOKEN.lastIndex = i + 1));
    } else if (token === ':') path[path.length - 1] = JSON.parse(string);
    else if (token === ',') path[path.length - 1]++;
    else if (token === '[' || token === '{') path.push(0);
    else if (token === ']' || token === '}') path.pop();
    else if (/^-?\d+$/.test(token) && !Number.isSafeInteger(+token)) {
      // At most SHOWN levels and SHOWN characters of each: the message stays bounded.
      const pointer = path.slice(0, SHOWN).map((segment) => `/${cut(`${segment}`).replaceAll('~', '~0').replaceAll('/', '~1')}`);
      return [pointer.join('') + (path.length > SHOWN ? '/…' : ''), token];
    }
  }
  return undefined;
}
