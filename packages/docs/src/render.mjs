// @ts-check
// The two kinds of page: the landing page and an interface's reference. Plain HTML strings: the
// pages are small, and the only script any page loads is the shared renderer.

import { createHash } from 'node:crypto';
import { escapeHtml, MONO, pageStart, SANS, SKIP_LINK_CSS, skipLink, withContentTarget } from './html.mjs';
import { SEARCH_BOX_CSS, searchBox } from './search-box.mjs';
import { prerender } from './prerender.mjs';
import { OPERATIONS_PAGE } from './operations.mjs';
import { forRedoc } from './view.mjs';

export { escapeHtml } from './html.mjs';

/**
 * @typedef {import('./bundles.mjs').InterfaceFacts} InterfaceFacts
 * @typedef {{ label: string, href: string, download?: string }} BarLink
 * @typedef {{ links: BarLink[], note?: string, root?: string, versions?: string, redoc?: Record<string, unknown>, operations?: string }} SiteBar
 *   operations: the Operations page, whose keys each operation's description then names (an interface's current reference); root: the way from the page's
 *   folder to the site's root (the landing page and the renderer), `./` unless the page is a version's;
 *   versions: the version switcher's markup; redoc: Redoc options that differ from REDOC_OPTIONS on this page
 */

/**
 * An interface reference's site bar: its published bundles and its changelog.
 * @param {string} id
 * @returns {SiteBar}
 */
export function interfaceBar(id) {
  return {
    links: [
      { label: 'JSON bundle', href: `${id}.json`, download: `${id}.json` },
      { label: 'YAML bundle', href: `${id}.yaml`, download: `${id}.yaml` },
      { label: 'Changelog', href: `changelog-${id}.html` },
      { label: 'Operations', href: OPERATIONS_PAGE },
    ],
    operations: OPERATIONS_PAGE,
  };
}


/**
 * The one renderer script, served from the site root and shared by every reference page, named by
 * its content (`redoc.standalone.<hash>.js`) so it can be cached for good.
 * @param {string | Buffer} script
 */
export function rendererFileName(script) {
  return `redoc.standalone.${createHash('sha256').update(script).digest('hex').slice(0, 12)}.js`;
}

/** Pattern of a content-hashed file name: the server caches these as immutable. */
export const HASHED_FILE = /\.[0-9a-f]{12}\.[a-z]+$/;

/** The renderer's licence notice, named as the renderer's first line names it. */
export const LICENSE_FILE = 'redoc.standalone.js.LICENSE.txt';

/**
 * JSON that is safe inside <script type="application/json">: no `<` can close the element or open
 * a comment, whatever the spec's descriptions contain.
 * @param {unknown} value
 */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Redoc options, chosen so a reader sees the whole contract without clicking: every response and
 * nested schema open (error shapes and headers included), every sample expanded, `x-` extensions
 * shown (they carry the limits JSON Schema cannot state, e.g. `x-max-days-ahead`).
 */
export const REDOC_OPTIONS = {
  expandResponses: 'all',
  jsonSampleExpandLevel: 'all',
  // Nested objects (C's destination, message, delivery attempts and error items) open too.
  schemasExpansionLevel: 'all',
  showExtensions: true,
  pathInMiddlePanel: true,
  requiredPropsFirst: true,
  // The site bar links the published JSON and YAML bundles; Redoc's own button would offer a
  // generated copy of the embedded object instead.
  hideDownloadButton: true,
  // The sticky site bar sits above Redoc; its sidebar and scroll targets start below it.
  scrollYOffset: '.site-bar',
  theme: {
    // Redoc's default (#757575) is 4.41:1 on the grey of a nested schema (#fafafa), under WCAG AA's
    // 4.5:1: the sandbox control API's nested arrays ("Array of") showed it. #616161 is 5.9:1 there.
    schema: { typeNameColor: '#616161' },
    typography: {
      fontFamily: SANS,
      headings: { fontFamily: SANS },
      code: { fontFamily: MONO },
    },
  },
};

/**
 * The page's own styles without their comments, which are for this file's readers (see PAGE_SCRIPT).
 * @param {string} css
 */
function withoutCssComments(css) {
  return css.replace(/\/\*[\s\S]*?\*\/\s*/g, '');
}

// The reference page's own script, after the renderer. Its comments are for this file's readers: the
// page is sent without them (the heaviest first view is within a kilobyte of its target, weights.mjs).
const PAGE_SCRIPT = `  (function () {
    var read = function (id) { return JSON.parse(document.getElementById(id).textContent); };
    var root = document.getElementById('redoc');
    // Redoc 2.5 names each sidebar entry by its label alone (aria-label) but shows a badge before
    // it ("get", "post", "Event"), so the name lacks what is shown and a speech-input user saying
    // "get Get message details" reaches nothing (WCAG 2.5.3, Label in Name). Each entry is named
    // by what it shows instead, also the entries Redoc adds later (search results). The badge and
    // the label are two spans with nothing between them, which reads as one word ("getGet"), so
    // a space goes between them (the label is a flex row: the space takes no room).
    var nameByWhatIsShown = function () {
      root.querySelectorAll('li[role="menuitem"][aria-label]').forEach(function (item) {
        var label = item.firstElementChild;
        if (!label) return;
        for (var part = label.firstElementChild; part && part.nextSibling; part = part.nextElementSibling) {
          if (part.nextSibling.nodeType === Node.ELEMENT_NODE) label.insertBefore(document.createTextNode(' '), part.nextSibling);
        }
        var shown = label.textContent.replace(/\\s+/g, ' ').trim();
        if (shown && item.getAttribute('aria-label') !== shown) item.setAttribute('aria-label', shown);
      });
    };
    // The skip link's target: Redoc's content column (the sidebar's many links come first in the
    // markup), focusable by script only. Set again on the markup Redoc draws in place of the build's.
    var markContent = function () {
      var content = root.querySelector('.api-content');
      if (content && content.id !== 'content') { content.id = 'content'; content.tabIndex = -1; }
    };
    // Redoc marks up sections below an operation's h2 as h5 ("Authorizations:", "Request Body
    // schema") and h3 ("Responses"): a screen reader's heading list jumps from 2 to 5. Each heading
    // that skips levels is given the level after the previous one (aria-level; the element and its
    // styling stay Redoc's).
    var levelHeadings = function () {
      var last = 0;
      root.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach(function (heading) {
        var own = Number(heading.tagName.slice(1));
        var level = own > last + 1 ? last + 1 : own;
        if (level !== own) { if (heading.getAttribute('aria-level') !== String(level)) heading.setAttribute('aria-level', String(level)); }
        else if (heading.hasAttribute('aria-level')) heading.removeAttribute('aria-level');
        last = level;
      });
    };
    // On a phone Redoc opens its menu with a floating div (the sibling after .menu-content) that has
    // no role, name or tab stop: a keyboard could not open the menu. It becomes a button that says
    // whether the menu is open (Redoc shows the menu by a class it changes when it opens it).
    var menuButton = function () {
      var menu = root.querySelector('.menu-content');
      var toggle = menu && menu.nextElementSibling;
      if (!toggle || toggle.getAttribute('role') === 'button') return;
      if (!menu.id) menu.id = 'redoc-menu';
      toggle.setAttribute('role', 'button');
      toggle.setAttribute('aria-label', 'Menu');
      toggle.setAttribute('aria-controls', menu.id);
      toggle.tabIndex = 0;
      var sync = function () { toggle.setAttribute('aria-expanded', String(getComputedStyle(menu).display !== 'none')); };
      toggle.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); toggle.click(); }
      });
      new MutationObserver(sync).observe(menu, { attributes: true, attributeFilter: ['class'] });
      window.addEventListener('resize', sync);
      sync();
    };
    var adjust = function () { nameByWhatIsShown(); markContent(); levelHeadings(); menuButton(); };
    adjust();
    new MutationObserver(adjust).observe(root, { subtree: true, childList: true, attributeFilter: ['aria-label'] });
    // The page arrives with Redoc's markup rendered at build time (prerender.mjs); Redoc renders the
    // interactive reference in its place. Not a hydration: the standalone script carries its own React
    // 18 and styled-components 5, the build renders with the versions redoc was installed with, and
    // markup that differs by a class name would not hydrate cleanly.
    // data-redoc tells a reader's tooling (and the browser tests) that rendering has finished.
    Redoc.init(read('openapi-bundle'), read('redoc-options'), root, function (error) {
      if (!error) document.querySelectorAll('style[data-prerendered]').forEach(function (style) { style.remove(); });
      document.documentElement.setAttribute('data-redoc', error ? 'failed' : 'rendered');
      if (error) console.error(error);
    });
  })();
`.replace(/^\s*\/\/.*\n/gm, '');

/**
 * One interface's reference: its bundle embedded as JSON (no second request, and the page also works
 * opened from disk), rendered by the shared Redoc script. The embedded copy is the bundle as
 * `forRedoc` adjusts it for Redoc 2; the JSON and YAML links point at the bundles themselves.
 * @param {InterfaceFacts} facts
 * @param {unknown} doc the bundle
 * @param {Map<string, import('./samples.mjs').CodeSample[]>} samples code samples by operationId
 * @param {string} renderer the renderer's file name (rendererFileName)
 * @param {SiteBar} [bar] the site bar's links after the way home, and a note beside the title;
 *   by default an interface's: its JSON and YAML bundles and its changelog
 */
export function renderReference(facts, doc, samples, renderer, bar = interfaceBar(facts.id)) {
  const title = `${facts.title} ${facts.version} · API reference`;
  const view = forRedoc(doc, samples, bar.operations ? { id: facts.id, operationsPage: bar.operations } : undefined);
  // The server-rendered styles are marked so the page's script can drop them once Redoc has drawn the
  // page with its own (the static markup they style is gone by then).
  const options = { ...REDOC_OPTIONS, ...bar.redoc };
  const prerendered = prerender(view, options);
  const staticStyles = prerendered.css.replace(/<style\b/g, '<style data-prerendered');
  return `${pageStart(title, facts.purpose)}${staticStyles}
<style>${withoutCssComments(`
  body { margin: 0; font-family: ${SANS}; }
  .site-bar { position: sticky; top: 0; z-index: 10; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; align-items: center;
    padding: 0.55rem 1.25rem; min-height: 2.75rem; box-sizing: border-box; background: #263238; color: #fff; font-size: 0.875rem; }
  .site-bar a { color: #fff; text-decoration: none; }
  ${SKIP_LINK_CSS}
  .site-bar a:hover, .site-bar a:focus { text-decoration: underline; }
  .site-bar .here { font-weight: 600; margin-right: auto; }
  .site-bar .versions a[aria-current] { font-weight: 600; text-decoration: underline; }
  ${SEARCH_BOX_CSS}
  .site-bar .note { background: #ffe08a; color: #1f2933; border-radius: 3px; padding: 0.1rem 0.45rem; font-weight: 600; }
  /* On a phone the title gets a line of its own, whole, above the links (never an ellipsis). */
  @media (max-width: 40rem) {
    .site-bar { padding: 0.4rem 0.75rem; gap: 0.15rem 1rem; }
    .site-bar .here { order: -1; flex-basis: 100%; font-size: 0.95rem; }
  }
  .loading, noscript p { padding: 2rem 1.25rem; }
  /* Redoc clips the operation's path to one tight line box; with a monospace font whose underscore
     sits below that box (DejaVu Sans Mono, the usual Linux fallback) "/lists/{list_id}" reads as
     "/lists/{list id}". A taller line box keeps the underscores visible. */
  #redoc .http-verb + span { line-height: 1.5; }
  /* Redoc sets samples in one unbroken line per value and cuts them at the right panel's edge: wrap
     them instead, so a long text, URL or UUID is read whole at any width. */
  #redoc .redoc-json, #redoc .redoc-json code, #redoc pre, #redoc pre code { white-space: pre-wrap; overflow-wrap: anywhere; }
  #redoc .redoc-json .hoverable { display: inline; }
  /* Redoc's Example (and Content type) chooser draws the chosen name in a label over an invisible
     select, on one line as wide as the name: a long one (C's "Delivery attempts with their fields
     directly in each element") ran about 100 px past the box at 1366 px and was cut by the panel.
     The label takes the box's width and wraps, keeping the room Redoc leaves for the arrow; the
     select covers the box whatever its height. */
  #redoc .dropdown-select + label { display: block; white-space: normal; overflow-wrap: anywhere; }
  /* Redoc's floating menu toggle, a button by the page's script, shows no focus of its own. */
  #redoc [role="button"][aria-controls]:focus-visible { outline: 3px solid #32329f; outline-offset: 2px; }
`)}</style>
</head>
<body>
${skipLink('content')}
<header class="site-bar">
  <a href="${bar.root ?? './'}index.html">← All interfaces</a>
  <span class="here">${escapeHtml(facts.letter ? `${facts.letter} · ${facts.title}` : facts.title)} <span class="version">${escapeHtml(facts.version)}</span></span>
${bar.versions ? `  ${bar.versions}\n` : ''}${bar.note ? `  <span class="note">${escapeHtml(bar.note)}</span>\n` : ''}${bar.links
  .map((link) => `  <a href="./${escapeHtml(link.href)}"${link.download ? ` download="${escapeHtml(link.download)}"` : ''}>${escapeHtml(link.label)}</a>`)
  .join('\n')}
  ${searchBox(bar.root ?? './')}
</header>
<main id="redoc">${withContentTarget(prerendered.html)}</main>
<noscript><p>Without scripts this reference is static: search and collapsing sections need JavaScript. The document itself is in
${bar.links.filter((link) => link.download).map((link) => `<a href="./${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`).join(' and ')}.</p></noscript>
<script type="application/json" id="openapi-bundle">${jsonForScript(view)}</script>
<script type="application/json" id="redoc-options">${jsonForScript(options)}</script>
<script src="${bar.root ?? './'}${renderer}"></script>
<script>
${PAGE_SCRIPT}</script>
</body>
</html>
`;
}

