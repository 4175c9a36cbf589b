// @ts-check
// What of a README the site shows. A README speaks to two readers: someone using the package, and
// the repository's maintainers (how it is tested, generated, benchmarked), whose sections say so in
// their heading: "## Test (for the repository's maintainers)". An outside reader of the site can use
// none of those (they name the repository's files and commands), so the guides leave them out; the
// READMEs keep them.
import { slug } from './markdown.mjs';

/** A heading that marks its section as the maintainers'. */
export const MAINTAINERS_HEADING = /\(for the repository's maintainers\)\s*$/;

/**
 * The README without its maintainers' sections (each from its heading to the next heading of the
 * same or a higher level; headings inside fenced code do not count). A link elsewhere in the README
 * to a section left out stays as its text.
 * @param {string} markdown
 * @returns {{ markdown: string, dropped: string[] }} dropped: the headings left out
 */
export function withoutMaintainerSections(markdown) {
  /** @type {string[]} */
  const kept = [];
  /** @type {string[]} */
  const dropped = [];
  let fence = '';
  let droppingAt = 0;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === '' || fenceMark.startsWith(fence))) fence = fence === '' ? fenceMark : '';
    const heading = fence === '' && !fenceMark ? /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      const level = heading[1]?.length ?? 0;
      if (droppingAt > 0 && level <= droppingAt) droppingAt = 0;
      if (droppingAt === 0 && MAINTAINERS_HEADING.test(heading[2] ?? '')) {
        droppingAt = level;
        dropped.push(heading[2] ?? '');
      }
    }
    if (droppingAt === 0) kept.push(line);
  }
  const anchors = new Set(dropped.map((text) => slug(text.replace(/`/g, ''))));
  const text = kept.join('\n').replace(/\[([^\]]+)\]\(#([^)\s]+)\)/g, (link, label, anchor) => (anchors.has(anchor) ? label : link));
  return { markdown: text, dropped };
}
