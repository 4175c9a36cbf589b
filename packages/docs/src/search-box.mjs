// @ts-check
// The site-wide search box every page of ours carries (the landing page, the guides, the Operations
// page, the changelogs, and the references' site bar). The page holds only the form and a loader of a
// few lines: the behaviour (search.js, from site-search.client.js) and the index (search-index.json)
// are fetched when the reader first focuses the box, so a page's first view stays as it was (the
// references' are within a kilobyte of the 300 kB target, weights.mjs). Without scripts the box stays
// hidden: it could not search.
import { readFileSync } from 'node:fs';

/** The index's file name, at the site's root (search-index.mjs makes it). */
export const SEARCH_INDEX = 'search-index.json';

/** The behaviour's file name, at the site's root. */
export const SEARCH_SCRIPT = 'search.js';

/** The behaviour, as the site serves it. */
export function searchScript() {
  return readFileSync(new URL('./site-search.client.js', import.meta.url), 'utf8');
}

// The box's own look, for both kinds of bar (dark); the result list's is in search.js.
export const SEARCH_BOX_CSS = `.site-search{position:relative;display:flex;align-items:center;gap:.4rem}.site-search input{font:inherit;width:14rem;max-width:60vw;padding:.15rem .4rem;border:1px solid #90a4ae;border-radius:3px}`;

/**
 * @param {string} [root] the way from the page's folder to the site's root (`./`, `../../`: the
 *   site's own, never a reader's text, so not escaped; html.mjs imports this module)
 */
export function searchBox(root = './') {
  // The loader: show the box, and on its first focus load the behaviour (which fetches the index).
  // Until then Enter does nothing rather than reload the page.
  return `<form class="site-search" role="search" aria-label="Search the docs" data-root="${root}" data-index="${SEARCH_INDEX}" hidden><label for="site-search">Search</label><input id="site-search" type="search" autocomplete="off" spellcheck="false" placeholder="operations, fields, guides"></form><script>(function(f){var q=f.elements[0];f.hidden=false;f.onsubmit=function(){return false};q.addEventListener('focus',function l(){q.removeEventListener('focus',l);var s=document.createElement('script');s.src=f.dataset.root+'${SEARCH_SCRIPT}';document.head.appendChild(s)})})(document.currentScript.previousElementSibling)</script>`;
}
