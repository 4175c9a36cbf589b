// The nesting bound of JSON bodies, checked on the text before it is parsed: a body nested 100 000
// deep parses, but everything that walks it afterwards (validation, serialising, a handler's own
// recursion) overflows the stack. One pass, linear in the text, no recursion. Shared by the sandbox
// (requests, control bodies, fixtures) and the webhook receivers (callback bodies).
//
// The same pass finds a repeated key (scanJsonText). RFC 8259 section 4: an object's names SHOULD
// be unique, and with a repeated one "the behavior of software that receives such an object is
// unpredictable": JSON.parse keeps the last value, a proxy, a WAF or a log pipeline may keep the
// first, so two readers of one body disagree (`"status":"failed","status":"received"`). The
// sandbox and the webhook receivers refuse such a body (their READMEs; the spec document says
// nothing of repeated keys).

/** The deepest nesting of arrays and objects a body may have. */
export const MAX_JSON_DEPTH = 64;

/** What one pass over a JSON text finds. */
export interface JsonTextScan {
  /** Arrays and objects nest deeper than the bound: the pass stopped there. */
  tooDeep: boolean;
  /**
   * The JSON pointer (RFC 6901) of the first member whose key its object already has (keys
   * compared unescaped: `"a"` and `"\u0061"` are one), each key in it cut to 64 characters and
   * `…`; undefined when no key repeats. Only meaningful once JSON.parse has accepted the text.
   */
  duplicateKey: string | undefined;
}

/** Characters of a key shown in a pointer (a key may be as long as the body), then `…`. */
const SHOWN = 64;

/**
 * The index of the closing quote of the JSON string opening at `open` (the next quote after an
 * even run of backslashes), -1 if none. Also what the sandbox skips strings with when it reads a
 * body's numbers.
 */
export function closingQuote(text: string, open: number): number {
  // indexOf jumps over the string's text (most of a large body) in native code; each run of
  // backslashes is counted once, by the quote after it, so this stays linear.
  let end = text.indexOf('"', open + 1);
  while (end >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** A key as JSON.parse reads it; the raw text where it is not a valid string (JSON.parse refuses the body then). */
function keyOf(text: string, open: number, close: number): string {
  const raw = text.slice(open + 1, close);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    return raw;
  }
}

const pointerToken = (key: string | number): string =>
  typeof key === 'number' ? String(key) : (key.length > SHOWN ? `${key.slice(0, SHOWN)}…` : key).replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Depth and repeated keys of a JSON text in one pass, strings skipped (escapes too): memory is one
 * entry per open array or object (at most `max + 1`) and the keys of the open objects. Text that
 * is not JSON is read without throwing; what the pass says of it then does not matter, as
 * JSON.parse refuses it.
 */
export function scanJsonText(text: string, max = MAX_JSON_DEPTH, keys = true): JsonTextScan {
  let depth = 0;
  // Per open container: an object's keys so far (undefined for an array), and the key or index of
  // its current member, the pointer's tokens.
  const seen: (Set<string> | undefined)[] = [];
  const at: (string | number)[] = [];
  let expectKey = false;
  let duplicateKey: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = closingQuote(text, i);
      if (end < 0) break;
      const set = seen[depth - 1];
      if (expectKey && set && duplicateKey === undefined) {
        const key = keyOf(text, i, end);
        at[depth - 1] = key;
        if (set.has(key)) duplicateKey = `/${at.slice(0, depth).map(pointerToken).join('/')}`;
        else set.add(key);
      }
      expectKey = false;
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return { tooDeep: true, duplicateKey };
      if (keys && depth > 0) {
        seen[depth - 1] = c === 0x7b ? new Set() : undefined;
        at[depth - 1] = 0;
        expectKey = c === 0x7b;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (keys && depth > 0) seen[depth - 1] = undefined; // its keys are no longer needed
      depth--;
      expectKey = false;
    } else if (c === 0x2c /* , */ && keys && depth > 0) {
      if (seen[depth - 1]) expectKey = true;
      else at[depth - 1] = (at[depth - 1] as number) + 1;
    }
  }
  return { tooDeep: false, duplicateKey };
}

/** True when JSON text nests arrays/objects deeper than `max` (strings are skipped, escapes too). */
export function exceedsDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  return scanJsonText(text, max, false).tooDeep;
}
