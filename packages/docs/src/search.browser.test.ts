// The site-wide search box in Chromium (search-box.mjs, site-search.client.js): on each kind of page
// of ours it loads nothing until used, then finds what trial 67 could not find (M2: "opt-out" and
// `remove_opt_outs` on D's page, "fallback" beyond C's title), is driven by the keyboard alone, and
// Enter lands on the entry's anchor, in view.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectClean, openSite, seriousViolations } from './browser-site.js';
import { SEARCH_INDEX, SEARCH_SCRIPT } from './search-box.mjs';

const site = openSite(() => ['campaign-manager-v1.html', 'index.html', 'sandbox.html', 'operations.html']);

/** The options listed for a query typed into the box: each one's title and detail. */
async function typeQuery(page: Page, query: string) {
  const box = page.getByRole('combobox', { name: 'Search' });
  await page.getByRole('searchbox', { name: 'Search' }).or(box).first().focus();
  await page.keyboard.type(query);
  await expect.poll(() => page.locator('.site-search-status').textContent()).toMatch(/result/);
  return page.locator('.site-search-results [role="option"]').evaluateAll((options) =>
    options.map((option) => ({ title: option.querySelector('.site-search-title')?.textContent ?? '', detail: option.querySelector('.site-search-detail')?.textContent ?? '' })),
  );
}

/** Arrow down to the first option whose title is `title`, as a keyboard user would. */
async function arrowTo(page: Page, title: string) {
  const titles = await page.locator('.site-search-results [role="option"] .site-search-title').allTextContents();
  const at = titles.indexOf(title);
  expect(at, `${title} among ${titles.join(', ')}`).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= at; i += 1) await page.keyboard.press('ArrowDown');
  const active = await page.locator('.site-search input').getAttribute('aria-activedescendant');
  expect(await page.locator(`[id="${active}"] .site-search-title`).textContent()).toBe(title);
}

/** After Enter: the page and anchor of the entry, and the anchor's element is in the viewport. */
async function expectLandedOn(page: Page, url: string) {
  const [path, anchor = ''] = url.split('#');
  await page.waitForURL((address) => address.pathname.endsWith(`/${path}`) && decodeURIComponent(address.hash) === `#${anchor}`);
  if ((await page.locator('main#redoc').count()) > 0) await page.waitForSelector('html[data-redoc="rendered"]');
  await expect
    .poll(() =>
      page.evaluate((id) => {
        const element = document.getElementById(id);
        if (!element) return 'missing';
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.height > 0 ? 'visible' : `at ${Math.round(box.top)} of ${window.innerHeight}`;
      }, anchor),
    )
    .toBe('visible');
}

describe('on D\'s reference: "opt-out"', () => {
  const visited = site.visited('campaign-manager-v1.html');
  it('loads neither the search script nor its index before the box is used', () => {
    const { requested } = visited();
    expect(requested.filter((path) => path.endsWith(SEARCH_SCRIPT) || path.endsWith(SEARCH_INDEX))).toEqual([]);
  });

  it('finds remove_opt_outs and opt_out_response (`-`, `_` and spaces are one), says how many in a live region, and Enter lands on the field\'s operation', async () => {
    const { page } = visited();
    const options = await typeQuery(page, 'opt-out');
    const titles = options.map((option) => option.title);
    expect(titles).toContain('remove_opt_outs');
    expect(titles).toContain('opt_out_response');
    expect(await page.locator('.site-search [role="status"]').textContent()).toMatch(new RegExp(`^${options.length} results`));
    await arrowTo(page, 'remove_opt_outs');
    await page.keyboard.press('Enter');
    await expectLandedOn(page, 'campaign-manager-v1.html#tag/lists/operation/createList');
    expect(await page.locator('[id="tag/lists/operation/createList"]').innerText()).toContain('remove_opt_outs');
    expectClean(visited());
  });
});

describe('on the landing page: "fallback"', () => {
  const visited = site.visited('index.html');
  it("lists C's card, C's operation and its fields that mention a fallback; Escape closes the list; Enter opens C's reference at the operation", async () => {
    const { page } = visited();
    const options = await typeQuery(page, 'fallback');
    expect(options[0]?.title).toMatch(/^C · Fallback messaging interface/);
    expect(options.find((option) => option.title === 'POST /message')?.detail).toContain('C · ');
    expect(options.filter((option) => option.detail.startsWith('property:')).length).toBeGreaterThan(1);
    const input = page.locator('.site-search input');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    // With the list open and an option chosen: no serious or critical accessibility violation.
    await page.keyboard.press('ArrowDown');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.site-search-results').isHidden()).toBe(true);
    await arrowTo(page, 'POST /message');
    await page.keyboard.press('Enter');
    await expectLandedOn(page, 'im-v1.html#tag/messages/operation/sendMessage');
    expectClean(visited());
  });
});

describe.each([
  { page: 'sandbox.html', where: 'a guide', query: 'mask', found: "A's mask", letter: 'A', lands: 'gateway-v1.html#tag/messages/operation/sendMessage', shows: 'mask' },
  { page: 'operations.html', where: 'the Operations page', query: 'RetryAfter', found: "C's RetryAfter definition", letter: 'C', lands: 'im-v1.html#tag/Other-definitions/RetryAfter', shows: 'RetryAfter' },
])('on $where: "$query"', ({ page: path, query, found, letter, lands, shows }) => {
  const visited = site.visited(path);
  it(`lists ${found} first and Enter lands where it is shown`, async () => {
    const { page } = visited();
    const options = await typeQuery(page, query);
    expect(options[0]).toMatchObject({ title: query });
    expect(options[0]?.detail).toContain(`${letter} · `);
    await page.keyboard.press('Enter');
    await expectLandedOn(page, lands);
    expect(await page.locator(`[id="${lands.split('#')[1]}"]`).innerText()).toContain(shows);
    expectClean(visited());
  });
});
