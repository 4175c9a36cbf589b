// @ts-check
// What every page of the site shares: escaping, the font stacks, and the shell of the pages that are
// not Redoc references (landing, changelogs, sandbox): plain HTML, no script, readable from 320 px.

// System font stacks: Redoc's default theme names Roboto and Montserrat, which a page would have to
// fetch from a font CDN; a docs site that works offline uses what the reader's system has.
export const SANS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';
export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

import { SEARCH_BOX_CSS, searchBox } from './search-box.mjs';

// An empty icon: otherwise the browser asks the server for /favicon.ico, which a static host may
// not have (a 404 in the console of every page).
export const NO_FAVICON = '<link rel="icon" href="data:,">';

/**
 * The start of every page, up to its own styles: doctype, language, charset, viewport, title,
 * description and the empty icon.
 * @param {string} title
 * @param {string} description
 */
export function pageStart(title, description) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
${NO_FAVICON}
`;
}

// A skip link, the page's first stop for Tab: past the site bar (and a reference's sidebar) to the
// page's own content (WCAG 2.4.1). Hidden until focused.
export const SKIP_LINK_CSS = `.skip-link{position:absolute;left:.5rem;top:-3rem;z-index:30;padding:.4rem .75rem;background:#fff;color:#32329f;border:2px solid #32329f;border-radius:3px}.skip-link:focus{top:.5rem}`;

/** @param {string} target the id of the element holding the page's content */
export function skipLink(target) {
  return `<a class="skip-link" href="#${target}">Skip to main content</a>`;
}

/**
 * The build's markup of a Redoc reference with its content column as the skip link's target, as the
 * page's script marks Redoc's own (render.mjs).
 * @param {string} html
 */
export function withContentTarget(html) {
  return html.replace(/<div class="([^"]*\bapi-content\b[^"]*)"/, '<div id="content" tabindex="-1" class="$1"');
}

/** @param {string} text */
export function escapeHtml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Escapes, then shows Markdown `code spans` (the specs use them in summaries) as <code>.
 * @param {string} text
 */
export function inline(text) {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

// Colours checked for WCAG AA contrast on white (axe-core runs on every page in the browser tests).
const PAGE_CSS = `
  :root { color-scheme: light; --ink: #1f2933; --muted: #4a5662; --rule: #d9e2ec; --accent: #32329f; --code-bg: #f3f5f8; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: ${SANS}; color: var(--ink); line-height: 1.5; overflow-wrap: anywhere; }
  ${SKIP_LINK_CSS}
  .top { background: #263238; color: #fff; padding: 0.6rem 1rem; font-size: 0.875rem; display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; justify-content: space-between; }
  ${SEARCH_BOX_CSS}
  .top a { color: #fff; }
  header, main, footer { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
  header { padding-top: 1.5rem; }
  h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 0.5rem; }
  h2 { font-size: 1.3rem; line-height: 1.3; margin: 2rem 0 0.5rem; }
  h3 { font-size: 1.05rem; margin: 1.25rem 0 0.4rem; }
  p, li { max-width: 48rem; }
  header p, footer, .muted { color: var(--muted); }
  a { color: var(--accent); }
  code, pre { font-family: ${MONO}; font-size: 0.875rem; }
  code { background: var(--code-bg); padding: 0 0.2em; border-radius: 3px; }
  pre { background: var(--code-bg); padding: 0.75rem; border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.5rem 0; }
  pre code { background: none; padding: 0; }
  table { border-collapse: collapse; font-size: 0.875rem; margin: 0.5rem 0; }
  th, td { border-bottom: 1px solid var(--rule); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
  .table-scroll { overflow-x: auto; margin: 0.5rem 0; } .table-scroll table { margin: 0; } .table-scroll :is(th, td) { overflow-wrap: normal; }
  footer { padding: 2rem 1rem; font-size: 0.875rem; }
  .versions { font-size: 0.875rem; color: var(--muted); }
  .versions a[aria-current] { font-weight: 600; color: var(--ink); text-decoration: none; }
`;

/**
 * A page of the site that is not a Redoc reference.
 * @param {{ title: string, description: string, body: string, css?: string, back?: boolean, root?: string }} page
 *   root: the way from the page's folder to the site's root (`../../` from a version's folder)
 */
export function staticPage({ title, description, body, css = '', back = true, root = './' }) {
  return `${pageStart(title, description)}<style>${PAGE_CSS}${css}</style>
</head>
<body>
${skipLink('main')}
<nav class="top" aria-label="Site">${back ? `<a href="${root}index.html">← All interfaces</a>` : ''}${searchBox(root)}</nav>
${body.replace(/<main\b/, '<main id="main" tabindex="-1"')}
</body>
</html>
`;
}
