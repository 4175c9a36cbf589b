// @ts-check
// The two kinds of page: the landing page and an interface's reference. Plain HTML strings: the
// pages are small, and the only script any page loads is the shared renderer.

import { forRedoc } from './view.mjs';

/** @typedef {import('./bundles.mjs').InterfaceFacts} InterfaceFacts */

/** The one renderer script, served from the site root and shared by every reference page. */
export const RENDERER_FILE = 'redoc.standalone.js';

// System font stacks: Redoc's default theme names Roboto and Montserrat, which a page would have to
// fetch from a font CDN; a docs site that works offline uses what the reader's system has.
const SANS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

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
function inline(text) {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/**
 * JSON that is safe inside <script type="application/json">: no `<` can close the element or open
 * a comment, whatever the spec's descriptions contain.
 * @param {unknown} value
 */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

// An empty icon: otherwise the browser asks the server for /favicon.ico, which a static host may
// not have (a 404 in the console of every page).
const NO_FAVICON = '<link rel="icon" href="data:,">';

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
    typography: {
      fontFamily: SANS,
      headings: { fontFamily: SANS },
      code: { fontFamily: MONO },
    },
  },
};

/**
 * One interface's reference: its bundle embedded as JSON (no second request, and the page also works
 * opened from disk), rendered by the shared Redoc script. The embedded copy is the bundle as
 * `forRedoc` adjusts it for Redoc 2; the JSON and YAML links point at the bundles themselves.
 * @param {InterfaceFacts} facts
 * @param {unknown} doc the bundle
 */
export function renderReference(facts, doc) {
  const title = `${facts.title} ${facts.version} · API reference`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(facts.purpose)}">
${NO_FAVICON}
<style>
  body { margin: 0; font-family: ${SANS}; }
  .site-bar { position: sticky; top: 0; z-index: 10; display: flex; gap: 1.25rem; align-items: center;
    padding: 0 1.25rem; height: 2.75rem; background: #263238; color: #fff; font-size: 0.875rem; }
  .site-bar a { color: #fff; text-decoration: none; }
  .site-bar a:hover, .site-bar a:focus { text-decoration: underline; }
  .site-bar .here { font-weight: 600; margin-right: auto; }
  .loading, noscript p { padding: 2rem 1.25rem; }
  /* Redoc clips the operation's path to one tight line box; with a monospace font whose underscore
     sits below that box (DejaVu Sans Mono, the usual Linux fallback) "/lists/{list_id}" reads as
     "/lists/{list id}". A taller line box keeps the underscores visible. */
  #redoc .http-verb + span { line-height: 1.5; }
</style>
</head>
<body>
<header class="site-bar">
  <a href="./index.html">← All interfaces</a>
  <span class="here">${escapeHtml(facts.title)} <span class="version">${escapeHtml(facts.version)}</span></span>
  <a href="./${facts.id}.json">JSON bundle</a>
  <a href="./${facts.id}.yaml">YAML bundle</a>
</header>
<main id="redoc"><p class="loading">Loading the ${escapeHtml(facts.title)} reference…</p></main>
<noscript><p>This reference is rendered by JavaScript. The contract itself is in the
<a href="./${facts.id}.json">JSON</a> and <a href="./${facts.id}.yaml">YAML</a> bundles.</p></noscript>
<script type="application/json" id="openapi-bundle">${jsonForScript(forRedoc(doc))}</script>
<script type="application/json" id="redoc-options">${jsonForScript(REDOC_OPTIONS)}</script>
<script src="./${RENDERER_FILE}"></script>
<script>
  (function () {
    var read = function (id) { return JSON.parse(document.getElementById(id).textContent); };
    // data-redoc tells a reader's tooling (and the browser tests) that rendering has finished.
    Redoc.init(read('openapi-bundle'), read('redoc-options'), document.getElementById('redoc'), function (error) {
      document.documentElement.setAttribute('data-redoc', error ? 'failed' : 'rendered');
      if (error) console.error(error);
    });
  })();
</script>
</body>
</html>
`;
}

/**
 * The landing page: every interface with its version, base path, auth scheme and purpose, and links
 * to its reference and bundles. No script.
 * @param {InterfaceFacts[]} interfaces
 */
export function renderLanding(interfaces) {
  const rows = interfaces
    .map(
      (api) => `    <tr id="${api.id}">
      <th scope="row"><a class="reference" href="./${api.id}.html">${escapeHtml(api.title)}</a>
        <div class="purpose">${inline(api.purpose)}</div></th>
      <td class="version">${escapeHtml(api.version)}</td>
      <td class="base-path"><code>${escapeHtml(api.basePath)}</code></td>
      <td class="auth">${api.auth.map(inline).join('<br>')}</td>
      <td class="count">${api.operations} ${api.operations === 1 ? 'operation' : 'operations'}${
        api.callbacks ? `, ${api.callbacks} ${api.callbacks === 1 ? 'callback' : 'callbacks'}` : ''
      }</td>
      <td class="links"><a href="./${api.id}.html">Reference</a> · <a href="./${api.id}.json">JSON</a> · <a href="./${api.id}.yaml">YAML</a></td>
    </tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Messaging service · API reference</title>
<meta name="description" content="References and OpenAPI 3.1 bundles of the messaging service's ${interfaces.length} HTTP/JSON interfaces.">
${NO_FAVICON}
<style>
  :root { color-scheme: light; --ink: #1f2933; --muted: #52606d; --rule: #d9e2ec; --accent: #32329f; }
  body { margin: 0; font-family: ${SANS}; color: var(--ink); line-height: 1.5; }
  header, main, footer { max-width: 72rem; margin: 0 auto; padding: 0 1.5rem; }
  header { padding-top: 2.5rem; }
  h1 { font-size: 1.75rem; margin: 0 0 0.5rem; }
  header p, footer { color: var(--muted); }
  table { width: 100%; border-collapse: collapse; margin: 1.5rem 0; }
  th, td { text-align: left; vertical-align: top; padding: 0.75rem 0.75rem 0.75rem 0; border-bottom: 1px solid var(--rule); }
  thead th { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
  tbody th { font-weight: 600; }
  .purpose { font-weight: normal; color: var(--muted); }
  a { color: var(--accent); }
  code { font-family: ${MONO}; font-size: 0.9em; }
  .links, .version, .count { white-space: nowrap; }
  footer { padding-bottom: 2.5rem; font-size: 0.875rem; }
</style>
</head>
<body>
<header>
  <h1>Messaging service API reference</h1>
  <p>The ${interfaces.length} HTTP/JSON interfaces of the messaging service. Each reference is rendered
  from its published OpenAPI 3.1 bundle; the bundles are the contract.</p>
</header>
<main>
  <table>
    <thead><tr><th scope="col">Interface</th><th scope="col">Version</th><th scope="col">Base path</th><th scope="col">Authentication</th><th scope="col">Operations</th><th scope="col">Reference and bundles</th></tr></thead>
    <tbody>
${rows}
    </tbody>
  </table>
</main>
<footer>
  <p>Base paths are relative to the service's <code>{base_url}</code>, which the contracts leave to the deployment.</p>
</footer>
</body>
</html>
`;
}
