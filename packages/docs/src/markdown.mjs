// @ts-check
// The Markdown the site shows outside Redoc (CHANGELOG.md files, package READMEs), rendered by
// markdown-it (CommonMark with GitHub's tables and strikethrough), so the pages read as the files do
// on GitHub. What the site adds: raw HTML is shown as text (a file cannot inject markup), links keep
// only http(s), relative and #anchor targets, an image is a link to it (the site loads nothing from
// outside itself), and each heading is shifted under the page's own and gets GitHub's anchor, so a
// README's own `#section` links land.
import MarkdownIt from 'markdown-it';
import { escapeHtml } from './html.mjs';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const allowedByDefault = md.validateLink.bind(md);
// markdown-it's own check refuses javascript:, vbscript:, file: and data: (but images' data:);
// on top of it, a link with any scheme but http(s) (mailto:, tel:, custom ones) stays text.
md.validateLink = (url) => allowedByDefault(url) && (!SCHEME.test(url.trim()) || /^https?:/i.test(url.trim()));

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = /** @type {import('markdown-it').Token} */ (tokens[idx]);
  const src = token.attrGet('src') ?? '';
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  return `<a href="${escapeHtml(src)}">${escapeHtml(alt || src)}</a>`;
};

/**
 * The text of an inline token's children (its text and code spans): what a reader sees of a heading
 * or a header cell, without the markup.
 * @param {import('markdown-it').Token | undefined} inline
 */
function plainText(inline) {
  return (inline?.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

// A table scrolls sideways inside its own box when its code and numbers do not fit (a phone): kept
// whole, not broken mid-word, as on GitHub (WCAG 1.4.10 lets a data table scroll in two directions).
// The box is focusable and named by the table's header cells, so a keyboard can scroll it (a group,
// not a region: a page with four clients' option tables is not four landmarks of one name).
md.renderer.rules.table_open = (tokens, idx, options, _env, self) => {
  const headers = [];
  for (let i = idx + 1; i < tokens.length && tokens[i]?.type !== 'thead_close'; i += 1) if (tokens[i]?.type === 'inline') headers.push(plainText(tokens[i]));
  const named = headers.filter((header) => header.trim() !== '');
  const label = named.length > 0 ? `Table: ${named.join(', ')}` : 'Table';
  return `<div class="table-scroll" role="group" tabindex="0" aria-label="${escapeHtml(label)}">\n${self.renderToken(tokens, idx, options)}`;
};
// A code span that names a file of the repository links to it (repository-paths.mjs), when the
// caller passes `linkPath` and the span is not inside a link already.
md.renderer.rules.code_inline = (tokens, idx, _options, env, self) => {
  const token = /** @type {import('markdown-it').Token} */ (tokens[idx]);
  const code = `<code${self.renderAttrs(token)}>${escapeHtml(token.content)}</code>`;
  let depth = 0;
  for (const before of tokens.slice(0, idx)) depth += before.type === 'link_open' ? 1 : before.type === 'link_close' ? -1 : 0;
  const href = depth === 0 ? env.linkPath?.(token.content) : undefined;
  return href ? `<a href="${escapeHtml(href)}">${code}</a>` : code;
};
md.renderer.rules.table_close = (tokens, idx, options, _env, self) => `${self.renderToken(tokens, idx, options)}</div>\n`;

/**
 * GitHub's anchor of a heading's text (github-slugger): lower case, everything but letters, marks,
 * digits, `_`, `-` and spaces removed, spaces as `-`.
 * @param {string} text
 */
export function slug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

// Each heading: its level plus the shift the caller passes (at most h6), and its anchor; a repeated
// anchor gets `-1`, `-2`... as on GitHub. Counted per page: a guide holds several READMEs (the four
// clients' share headings), and an id must be unique on its page, so a later README's repeated
// heading is numbered and that README's own `#anchor` links are pointed at it.
md.core.ruler.push('site_headings', (state) => {
  const { shift, seen } = /** @type {{ shift: number, seen: Map<string, number>, own: Map<string, string> }} */ (state.env);
  const own = new Map();
  state.env.own = own;
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') return;
    token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + shift)}`;
    if (token.type === 'heading_close') return;
    const base = slug(plainText(state.tokens[i + 1]));
    let id = base;
    while (seen.has(id)) {
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      id = `${base}-${count}`;
    }
    seen.set(id, 0);
    if (!own.has(base)) own.set(base, id);
    token.attrSet('id', id);
  });
});

// A file's `#anchor` link names the anchor GitHub gives its heading in that file: here, the id that
// heading got on the page.
md.core.ruler.push('own_anchors', (state) => {
  const { own } = /** @type {{ own: Map<string, string> }} */ (state.env);
  for (const token of state.tokens) {
    for (const child of token.children ?? []) {
      const href = child.type === 'link_open' ? child.attrGet('href') : null;
      const id = href?.startsWith('#') ? own.get(href.slice(1)) : undefined;
      if (id !== undefined) child.attrSet('href', `#${id}`);
    }
  }
});

/**
 * @param {string} markdown
 * @param {number} [shift] added to every heading level (a file's `#` under the page's own h1)
 * @param {Map<string, number>} [page] the heading ids already on the page (several files on one
 *   page: pass the same map to each), filled in
 * @param {(text: string) => string | undefined} [linkPath] the link of a code span's text, if any
 * @returns {string} HTML
 */
export function markdownToHtml(markdown, shift = 1, page = new Map(), linkPath = undefined) {
  return md.render(markdown, { shift, seen: page, linkPath });
}
