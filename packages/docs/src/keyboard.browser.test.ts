// Keyboard and screen-reader use of the pages (trial 67 L6): a skip link first on every page of
// ours; on a reference at a phone's width, Redoc's floating menu toggle (a div) reachable by Tab and
// worked by Enter and Space, saying whether the menu is open; and no heading that skips levels in a
// reference (Redoc's h2 operation is followed by h5 sections), all with no serious or critical
// axe-core violation.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectClean, openSite, seriousViolations } from './browser-site.js';

const site = openSite(() => ['im-v1.html', 'index.html', 'sandbox.html']);

/** What has the keyboard's focus: its tag, id, role, name and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { tag: element?.tagName.toLowerCase(), id: element?.id, role: element?.getAttribute('role'), label: element?.getAttribute('aria-label'), text: element?.textContent?.trim().slice(0, 40) };
  });

/** Tab from the skip link (the page's first stop) until `found` holds; the stops passed on the way. */
async function tabUntil(page: Page, found: (stop: Awaited<ReturnType<typeof focused>>) => boolean, limit = 25) {
  await page.locator('.skip-link').focus();
  const stops = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    stops.push(stop);
    if (found(stop)) return stops;
  }
  throw new Error(`not reached in ${limit} Tab presses: ${stops.map((s) => `${s.tag}${s.role ? `[${s.role}]` : ''} ${s.label ?? s.text}`).join(' | ')}`);
}

/** Headings as a screen reader lists them: aria-level where set, else the element's level. */
const headingLevels = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('#redoc :is(h1, h2, h3, h4, h5, h6)')].map((h) => Number(h.getAttribute('aria-level') ?? h.tagName.slice(1))));

describe('a reference (C, the longest)', () => {
  const visited = site.visited('im-v1.html');

  it('has a skip link as its first Tab stop, which moves the focus to the content column, past the site bar and the sidebar', async () => {
    const { page } = visited();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to main content' });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ id: 'content' });
    expect(await page.locator('#content').innerText()).toContain('Send a message');
  });

  it('has no heading that skips a level, and keeps the heading elements Redoc styles', async () => {
    const { page } = visited();
    const levels = await headingLevels(page);
    expect(levels[0]).toBe(1);
    const skips = levels.flatMap((level, i) => (i > 0 && level > (levels[i - 1] ?? 0) + 1 ? [`${levels[i - 1]} → ${level} at heading ${i}`] : []));
    expect(skips).toEqual([]);
    // Redoc's own h5 elements are still there (its styles select them), each read at a lower level.
    expect(await page.locator('#redoc h5[aria-level]').count()).toBeGreaterThan(0);
  });

  it('at 375 px, Tab reaches the menu toggle, a button named Menu; Enter opens the menu and Space closes it', async () => {
    const { page } = visited();
    await page.setViewportSize({ width: 375, height: 740 });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    const menu = page.locator('#redoc .menu-content');
    expect(await menu.isVisible()).toBe(false);
    await tabUntil(page, (stop) => stop.role === 'button' && stop.label === 'Menu');
    // Its focus shows (Redoc draws none on it).
    expect(await toggle.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await toggle.focus();
    await page.keyboard.press(' ');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expectClean(visited());
  });
});

describe.each(['index.html', 'sandbox.html'])('%s', (path) => {
  const visited = site.visited(path);
  it('has a skip link as its first Tab stop, which moves the focus to the main content', async () => {
    const { page } = visited();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to main content' });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main' });
    expectClean(visited());
  });
});
