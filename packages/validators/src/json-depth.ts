// The nesting bound of JSON bodies, checked on the text before it is parsed: a body nested 100 000
// deep parses, but everything that walks it afterwards (validation, serialising, a handler's own
// recursion) overflows the stack. One pass, linear in the text, no recursion. Shared by the sandbox
// (requests, control bodies, fixtures) and the webhook receivers (callback bodies).

/** The deepest nesting of arrays and objects a body may have. */
export const MAX_JSON_DEPTH = 64;

/** True when JSON text nests arrays/objects deeper than `max` (strings are skipped, escapes too). */
export function exceedsDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // To the string's closing quote: the next quote after an even run of backslashes. indexOf
      // jumps over the string's text (most of a large body) in native code; each run of
      // backslashes is counted once, by the quote after it, so this stays linear.
      let end = text.indexOf('"', i + 1);
      while (end >= 0) {
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c /* \ */) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end < 0) return false;
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
