// The nesting bound of request bodies, checked on the text before it is parsed: a body nested
// 100 000 deep parses, but everything that walks it afterwards (validation, serialising a stored
// message or the request log) overflows the stack. One pass, linear in the text, no recursion.

/** The deepest nesting of arrays and objects a request body (and a control body) may have. */
export const MAX_JSON_DEPTH = 64;

/** True when JSON text nests arrays/objects deeper than `max` (strings are skipped, escapes too). */
export function exceedsDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
