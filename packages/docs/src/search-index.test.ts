// The site-wide search's index, as the run's build wrote it (site.global-setup.ts): every operation,
// callback and schema property of each bundle, counted here from the published bundles themselves,
// and every entry's address is a page of the site holding an element with the entry's anchor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { bundles } from './browser-site.js';
import { CONTROL_API_ID, controlApiFile } from './control-api.mjs';
import { firstSentence, headingEntries, propertiesOf } from './search-index.mjs';
import { SEARCH_INDEX } from './search-box.mjs';

const { dist } = inject('site');
const index: Array<{ kind: string; title: string; detail: string; url: string }> = JSON.parse(readFileSync(join(dist, SEARCH_INDEX), 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Operations in the published file: each method of each path item, wherever path items are (paths, webhooks, components.pathItems). */
function countOperations(raw: any): number {
  const items = [...Object.values(raw.paths ?? {}), ...Object.values(raw.webhooks ?? {}), ...Object.values(raw.components?.pathItems ?? {})];
  return items.reduce((sum: number, item: any) => sum + METHODS.filter((method) => item?.[method]).length, 0);
}

/** Every key of every `properties` object of a schema in the published file. */
function countProperties(node: unknown, inSchema = false): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + countProperties(item, inSchema), 0);
  if (!node || typeof node !== 'object') return 0;
  let sum = 0;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    if (key === 'properties' && inSchema && value && typeof value === 'object') {
      sum += Object.keys(value).length;
      for (const property of Object.values(value)) sum += countProperties(property, true);
    } else sum += countProperties(value, inSchema || key === 'schema' || key === 'schemas');
  }
  return sum;
}

describe('the search index', () => {
  // The four interfaces, and the sandbox's control API (a reader looking for `/__sandbox/faults` or
  // `operation` found nothing before).
  for (const { id, jsonPath } of [...bundles, { id: CONTROL_API_ID, jsonPath: controlApiFile()! }]) {
    const raw = JSON.parse(readFileSync(jsonPath, 'utf8'));
    const own = index.filter((entry) => entry.url.startsWith(`${id}.html`));
    it(`holds every operation and callback of ${id} (${countOperations(raw)} in the bundle), each at its anchor`, () => {
      const operations = own.filter((entry) => entry.kind === 'operation' || entry.kind === 'callback');
      expect(operations).toHaveLength(countOperations(raw));
      for (const entry of operations) expect(entry.url).toMatch(new RegExp(`^${id}\\.html#tag/[^/]+/operation/[A-Za-z0-9_]+$`));
    });
    it(`holds every schema property of ${id} (${countProperties(raw)} in the bundle)`, () => {
      expect(own.filter((entry) => entry.kind === 'property')).toHaveLength(countProperties(raw));
    });
  }

  it("names the control API in each of its entries, so none reads as the service's", () => {
    const { title } = JSON.parse(readFileSync(controlApiFile()!, 'utf8')).info;
    const control = index.filter((entry) => entry.url.startsWith(`${CONTROL_API_ID}.html`));
    expect(control.length).toBeGreaterThan(0);
    for (const entry of control) expect(entry.detail, entry.title).toContain(title);
  });

  it('holds every heading of the landing page and the guides', () => {
    for (const page of ['index.html', 'sandbox.html', 'webhooks.html', 'validators.html', 'verify.html', 'clients.html']) {
      const html = readFileSync(join(dist, page), 'utf8');
      const headings = [...html.matchAll(/<h[1-6]\b[^>]*>/g)].length;
      expect(index.filter((entry) => entry.kind === 'heading' && entry.url.split('#')[0] === page), page).toHaveLength(headings);
    }
  });

  it("sends each entry to a page of the site that has the entry's anchor (Redoc's ids are in the page's prerendered markup)", () => {
    const pages = new Map<string, string>();
    for (const entry of index) {
      const [page = '', anchor] = entry.url.split('#');
      if (!pages.has(page)) pages.set(page, readFileSync(join(dist, page), 'utf8'));
      if (anchor !== undefined) expect(pages.get(page), entry.url).toContain(` id="${anchor}"`);
    }
  });
});

describe('firstSentence', () => {
  it.each([
    ['The `mask` of the sender. At most 20 characters.', 'The mask of the sender.'],
    ['See [the list](#x) for v1.2 values! More.', 'See the list for v1.2 values!'],
    ['No full stop', 'No full stop'],
    [undefined, ''],
  ])('%s', (text, want) => expect(firstSentence(text)).toBe(want));
});

describe('propertiesOf', () => {
  it('lists nested properties by their path, through items and allOf, without following $ref', () => {
    const schema = {
      allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { status: { description: 'State. More.' } } }],
      properties: { items: { type: 'array', items: { properties: { id: {} } } } },
    };
    expect(propertiesOf(schema)).toEqual([
      { name: 'items', description: '' },
      { name: 'items.id', description: '' },
      { name: 'status', description: 'State.' },
    ]);
  });
});

describe('headingEntries', () => {
  it("puts a heading without an id at the last heading before it that has one, naming it", () => {
    const html = '<h1>Title</h1><h2 id="a-title">A</h2><h3>Packages</h3>';
    expect(headingEntries('index.html', html, 'Site')).toEqual([
      { kind: 'heading', title: 'Title', detail: 'Site', url: 'index.html' },
      { kind: 'heading', title: 'A', detail: 'Site', url: 'index.html#a-title' },
      { kind: 'heading', title: 'Packages', detail: 'Site · A', url: 'index.html#a-title' },
    ]);
  });
});
