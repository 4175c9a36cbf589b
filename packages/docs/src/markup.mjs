// @ts-check
// Descriptions are Markdown, and Markdown passes raw HTML through: Redoc renders `<API_KEY>` outside
// a code span as an unknown HTML element, so the reader sees nothing where the spec says something.
// The build warns about each one; the fix belongs in the spec (a code span), not in the docs.

/**
 * @typedef {{ pointer: string, tag: string }} RawTag
 */

const TAG = /<\/?[A-Za-z][\w-]*(?:\s[^<>]*)?>/g;
// Tags a spec author writes on purpose and that render as intended.
const INTENDED = new Set(['br', 'p', 'b', 'i', 'em', 'strong', 'code', 'pre', 'a', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'sup', 'sub']);

/** @param {string} segment */
function escapePointer(segment) {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Every tag-like text in a `description` outside code spans and fenced code, with its JSON pointer.
 * @param {unknown} doc
 * @returns {RawTag[]}
 */
export function findRawTags(doc) {
  /** @type {RawTag[]} */
  const found = [];
  /** @param {unknown} node @param {string} pointer */
  const walk = (node, pointer) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${pointer}/${index}`));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        const at = `${pointer}/${escapePointer(key)}`;
        if (key === 'description' && typeof value === 'string') {
          const prose = value.replace(/```[\s\S]*?```/g, '').replace(/(`+)[\s\S]*?\1/g, '');
          for (const [tag] of prose.matchAll(TAG)) {
            const name = /^<\/?([A-Za-z][\w-]*)/.exec(tag)?.[1]?.toLowerCase() ?? '';
            if (!INTENDED.has(name)) found.push({ pointer: at, tag });
          }
        } else walk(value, at);
      }
    }
  };
  walk(doc, '');
  return found;
}
