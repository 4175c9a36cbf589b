// @ts-check
// A reference's HTML before any script runs: Redoc's own components rendered to a string at build time
// (react-dom/server with styled-components' ServerStyleSheet, the path `redocly build-docs` takes), so
// each operation's summary, parameters, schemas, responses and samples are in the page itself, for
// readers without scripts, search engines and tools that fetch the page. The page's script then renders
// the interactive reference in its place (render.mjs says why it replaces rather than hydrates).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @type {{ AppStore: any, Redoc: any, React: any, renderToString: (element: unknown) => string, ServerStyleSheet: any } | undefined} */
let loaded;
/**
 * Redoc's library build and the React, react-dom and styled-components it was installed with (its
 * peers, resolved from redoc's own folder), so the server rendering is the pinned Redoc's markup.
 * Loaded on first use: the docs server imports this package's modules and renders nothing.
 */
function renderer() {
  if (!loaded) {
    const fromRedoc = createRequire(require.resolve('redoc'));
    const { AppStore, Redoc } = fromRedoc('redoc');
    loaded = { AppStore, Redoc, React: fromRedoc('react'), renderToString: fromRedoc('react-dom/server').renderToString, ServerStyleSheet: fromRedoc('styled-components').ServerStyleSheet };
  }
  return loaded;
}

/**
 * Redoc passes raw HTML in a description through to its markup (in the browser it is set as
 * innerHTML, where a script never runs); in a page's source it would run. The build's markup check
 * already warns about raw tags in descriptions (markup.mjs); here a script element or an event
 * handler attribute is made text, so the server-rendered part can never run code.
 * @param {string} html
 */
export function inert(html) {
  return html.replace(/<(\/?)script\b/gi, '&lt;$1script').replace(/(<[a-z][^>]*?\s)(on[a-z]+\s*=)/gi, '$1data-inert-$2');
}

/**
 * The reference as static HTML and the styles it needs.
 * @param {unknown} view the bundle as Redoc renders it (`forRedoc`)
 * @param {Record<string, unknown>} options Redoc's options
 * @returns {{ html: string, css: string }} css: `<style>` elements for the page's head
 */
export function prerender(view, options) {
  const { AppStore, Redoc, React, renderToString, ServerStyleSheet } = renderer();
  // A CSS selector for scrollYOffset needs a document; on the server it would only print a warning.
  const { scrollYOffset: _, ...serverOptions } = options;
  // The store built synchronously from the document as it is: the view has internal $refs only, so
  // createStore's asynchronous bundling step has nothing to resolve.
  const store = new AppStore(view, undefined, serverOptions);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(React.createElement(Redoc, { store })));
    return { html: inert(html), css: sheet.getStyleTags() };
  } finally {
    // No store.dispose(): outside a browser the store binds no listener, and its search has no worker
    // to terminate (dispose throws on it).
    sheet.seal();
  }
}
