// JSON with integers beyond 2^53 kept exactly: A's ids are int64 (section 2.1), and a JavaScript
// number rounds 9007199254740993 to …992, so a workflow that looked the id up asked for another
// message. Such an integer becomes the string of its digits; everything else parses as JSON.parse
// does. Linear in the text: one pass of a regular expression over strings and numbers.
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** The JSON value of `text` with unsafe integers as their digits; undefined when it holds none (use JSON.parse's value). */
export function parseExact(text: string): unknown {
  if (!/\d{16}/.test(text)) return undefined;
  let changed = false;
  const kept = text.replace(TOKEN, (token) => {
    if (token.startsWith('"') || !/^-?\d+$/.test(token) || Number.isSafeInteger(Number(token))) return token;
    changed = true;
    return `"${token}"`;
  });
  return changed ? JSON.parse(kept) : undefined;
}
