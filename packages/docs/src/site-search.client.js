// @ts-check
// The site-wide search box's behaviour, served as search.js and loaded by a page only when a reader
// first uses its box (the box's own small loader, search-box.mjs), so no page's first view grows by it.
// It fetches the index (search-index.json, made at build time by search-index.mjs) from the site
// itself, filters as the reader types, and follows the ARIA combobox pattern: arrows move through the
// results, Enter goes to the chosen one (the first by default), Escape closes the list, and a live
// region says how many results there are.
(() => {
  /** @typedef {{ kind: string, title: string, detail: string, url: string }} Entry */
  const MAX_SHOWN = 20;
  // The result list's look (the box's own is in the page: search-box.mjs). Colours as the pages'
  // (WCAG AA on white). The list is placed under the box and kept inside the window (place()).
  const CSS = `.site-search-results{position:absolute;top:100%;left:0;z-index:20;box-sizing:border-box;width:min(34rem,calc(100vw - 1rem));max-height:70vh;overflow:auto;margin:.3rem 0 0;padding:0;list-style:none;background:#fff;color:#1f2933;border:1px solid #90a4ae;border-radius:4px;box-shadow:0 4px 14px rgba(0,0,0,.25);font-size:.875rem;line-height:1.4;text-align:left}
.site-search-results li{padding:.4rem .6rem;cursor:pointer;border-bottom:1px solid #eceff1;overflow-wrap:anywhere}
.site-search-results li[aria-selected=true],.site-search-results li:hover{background:#e3e8f7;outline:2px solid #32329f;outline-offset:-2px}
.site-search-title{font-weight:600}.site-search-detail{display:block;color:#4a5662}
.site-search-status{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`;

  /**
   * Words of a text for matching: lower case, `-`, `_`, `.`, `/` and spaces as separators (so
   * "opt-out" meets `remove_opt_outs`), camelCase split too (so "after" meets `RetryAfter`) while the
   * whole word stays (so "retryafter" does).
   * @param {string} text
   */
  const words = (text) => {
    const split = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
    return [...new Set(`${text} ${split}`.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
  };

  /**
   * Entries whose words start with every word of the query, those matching by their title first.
   * @param {{ entry: Entry, title: string[], all: string[] }[]} index
   * @param {string} query
   */
  const search = (index, query) => {
    const wanted = words(query);
    if (wanted.length === 0) return [];
    const has = (/** @type {string[]} */ list, /** @type {string} */ word) => list.some((w) => w.startsWith(word));
    const found = index.filter((item) => wanted.every((word) => has(item.all, word)));
    const byTitle = (/** @type {{ title: string[] }} */ item) => (wanted.every((word) => has(item.title, word)) ? 0 : 1);
    return found.sort((a, b) => byTitle(a) - byTitle(b)).map((item) => item.entry);
  };

  /** @param {HTMLFormElement} form */
  const enhance = (form) => {
    const input = /** @type {HTMLInputElement} */ (form.querySelector('input'));
    const root = form.dataset.root ?? './';
    const list = document.createElement('ul');
    list.id = `${input.id}-results`;
    list.className = 'site-search-results';
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', 'Search results');
    list.hidden = true;
    const status = document.createElement('p');
    status.className = 'site-search-status';
    status.setAttribute('role', 'status');
    form.append(list, status);
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', list.id);
    input.setAttribute('aria-expanded', 'false');

    /** @type {{ entry: Entry, title: string[], all: string[] }[] | undefined} */
    let index;
    /** @type {Entry[]} */
    let shown = [];
    let active = -1;

    const choose = (/** @type {number} */ at) => {
      active = at;
      [...list.children].forEach((option, i) => option.setAttribute('aria-selected', String(i === at)));
      const option = list.children[at];
      if (option) {
        input.setAttribute('aria-activedescendant', option.id);
        option.scrollIntoView({ block: 'nearest' });
      } else input.removeAttribute('aria-activedescendant');
    };
    const close = () => {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      choose(-1);
    };
    const go = (/** @type {Entry | undefined} */ entry) => {
      if (!entry) return;
      close();
      window.location.href = root + entry.url;
    };
    // Under the box, moved left as far as it takes to end inside the window (the box sits at the
    // right of a wide bar and anywhere in a wrapped one on a phone): no page scrolls sideways.
    const place = () => {
      if (list.hidden) return;
      list.style.left = '0px';
      const room = document.documentElement.clientWidth;
      const box = list.getBoundingClientRect();
      const over = box.right - (room - 8);
      if (over > 0) list.style.left = `${-Math.min(over, box.left - 8)}px`;
    };
    const update = () => {
      if (!index) {
        status.textContent = 'Loading the search index…';
        return;
      }
      const query = input.value.trim();
      const results = query ? search(index, query) : [];
      shown = results.slice(0, MAX_SHOWN);
      list.replaceChildren(
        ...shown.map((entry, i) => {
          const option = document.createElement('li');
          option.id = `${list.id}-${i}`;
          option.setAttribute('role', 'option');
          option.setAttribute('aria-selected', 'false');
          option.dataset.url = entry.url;
          const title = document.createElement('span');
          title.className = 'site-search-title';
          title.textContent = entry.title;
          const detail = document.createElement('span');
          detail.className = 'site-search-detail';
          detail.textContent = `${entry.kind}: ${entry.detail}`;
          option.append(title, ' ', detail);
          option.addEventListener('mousedown', (event) => event.preventDefault());
          option.addEventListener('click', () => go(entry));
          return option;
        }),
      );
      list.hidden = shown.length === 0;
      input.setAttribute('aria-expanded', String(!list.hidden));
      place();
      choose(-1);
      status.textContent = !query
        ? ''
        : results.length === 0
          ? `No results for ${query}.`
          : `${results.length} ${results.length === 1 ? 'result' : 'results'}${results.length > shown.length ? `, the first ${shown.length} shown` : ''}. Arrow keys choose, Enter opens.`;
    };

    input.addEventListener('input', update);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (shown.length === 0) return;
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
        place();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        choose((active + step + shown.length + (active === -1 && step < 0 ? 1 : 0)) % shown.length);
      } else if (event.key === 'Escape') {
        if (!list.hidden) {
          event.preventDefault();
          close();
        } else input.value = '';
      }
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      go(shown[active === -1 ? 0 : active]);
    });
    input.addEventListener('blur', close);
    input.addEventListener('focus', () => {
      if (input.value.trim()) update();
    });

    fetch(`${root}${form.dataset.index ?? 'search-index.json'}`)
      .then((response) => {
        if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
        return response.json();
      })
      .then((/** @type {Entry[]} */ entries) => {
        index = entries.map((entry) => ({ entry, title: words(entry.title), all: words(`${entry.title} ${entry.detail}`) }));
        update();
      })
      .catch((error) => {
        status.textContent = 'The search index could not be loaded.';
        console.error(error);
      });
  };

  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  document.querySelectorAll('form.site-search').forEach((form) => enhance(/** @type {HTMLFormElement} */ (form)));
})();
