// Every types package (one per entry of specs/interfaces.json) gives each schema of its bundle its
// short name and re-exports the generated roots: one table-driven suite instead of a copy per package.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectedAliases, exportedAliases } from './aliases.mjs';
import { bundlePath, interfaceIds } from './build-types.mjs';

describe.each(interfaceIds())('packages/%s-types/src/index.d.ts', (id) => {
  const { aliases, reexports } = exportedAliases(id);

  it.each(expectedAliases(id))(`gives the schema of specs/dist/${id}.json its short name: $name = $type`, ({ name, type }) => {
    expect(aliases.get(name)).toBe(type);
  });

  // The README's table is what a reader scans for a name: a short name missing there (C's
  // WrappedDeliveryAttempt and DeliveryAttemptElement were) is one only an editor finds.
  it("names every short name in its README's table of what is exported", () => {
    const readme = readFileSync(new URL(`../../packages/${id}-types/README.md`, import.meta.url), 'utf8');
    const table = readme.split(/^## What is exported$/m)[1]?.split(/^## /m)[0] ?? '';
    const named = new Set([...table.matchAll(/^\|([^|]*)\|/gm)].flatMap(([, cell = '']) => [...cell.matchAll(/`(\w+)`/g)].map(([, name]) => name)));
    expect([...aliases.keys()].filter((name) => !named.has(name))).toEqual([]);
  });

  it('re-exports the generated roots, and what a fetch wrapper without openapi-fetch needs', () => {
    expect(reexports).toEqual([
      ...['components', 'operations', 'paths', 'webhooks'],
      ...['$Read', '$Write', 'MethodOf', 'Readable', 'RequestBody', 'ResponseBody', 'StatusOf', 'Writable'],
    ]);
  });
});

// An editor shows a short name's own comment, not the generated schema's description, so the
// comment must not say more than the spec document. Section 2.3: "Message: object with at least two
// properties present; `type` is required" (whether `type` selects which of text, media or template
// is there is not shown); "Destination: object with at least one property present ... All optional
// individually"; delivery attempts "wrapped in one key naming the attempt such as a first or last
// attempt": the key's name is not shown.
describe('packages/im-v1-types/src/index.d.ts: the short names\' comments say what section 2.3 says', () => {
  const { comments } = exportedAliases('im-v1');

  it('Message: at least two properties and `type` required, no rule tying `type` to the field present', () => {
    expect(comments.get('Message')).toMatch(/at least two properties/);
    expect(comments.get('Message')).toMatch(/`type` (is )?required/);
    expect(comments.get('Message')).not.toMatch(/\bmatching\b|\bselects\b|\bcorresponding\b/);
  });

  it('Destination: at least one property present, each optional', () => {
    expect(comments.get('Destination')).toMatch(/at least one property/);
  });

  it('WrappedDeliveryAttempt: no key name given as the service\'s', () => {
    expect(comments.get('WrappedDeliveryAttempt')).not.toMatch(/`first`|`last`/);
    expect(comments.get('WrappedDeliveryAttempt')).toMatch(/not shown/);
  });
});

// A closed set of values several schemas share (B's and C's MessageStatus, C's Channel) is the
// bundle's to list: a short name's comment that counts or copies it goes stale when the document's
// list changes (C's Channel comment said "the five" after the specs stopped saying it).
const sharedSets = interfaceIds().flatMap((id) =>
  Object.entries<{ enum?: unknown[] }>(JSON.parse(readFileSync(bundlePath(id), 'utf8')).components?.schemas ?? {})
    .filter(([, schema]) => Array.isArray(schema.enum) && schema.enum.length >= 3 && schema.enum.every((value) => typeof value === 'string'))
    .map(([name, schema]) => ({ id, name, values: schema.enum as string[] })),
);

describe('the short names of shared sets of values', () => {
  it('exist (B\'s and C\'s MessageStatus, C\'s Channel), so the test below reads something', () => {
    expect(sharedSets.map(({ id, name }) => `${id} ${name}`)).toEqual(expect.arrayContaining(['sms-v2 MessageStatus', 'im-v1 MessageStatus', 'im-v1 Channel']));
  });

  it.each(sharedSets.map((set) => [`${set.id} ${set.name}`, set] as const))('%s: its comment neither counts nor lists the values', (_title, { id, name, values }) => {
    // Section references ("(sections 2.3 and 3)") are no count.
    const comment = (exportedAliases(id).comments.get(name) ?? '').replace(/\(sections? [^)]*\)/g, '');
    expect(comment, `${id} ${name}'s comment`).not.toMatch(/\b(?:three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)\b/i);
    expect(values.filter((value) => new RegExp(`(?<![\\w-])${value}(?![\\w-])`).test(comment)).length, `${id} ${name}'s comment copies the values`).toBeLessThan(3);
  });
});

// Section 7 (B): "401 when credentials or permission are missing; 404 on the description endpoint;
// default response for other failures", all with B's one error shape.
describe('packages/sms-v2-types/src/index.d.ts: the short names\' comments say what section 7 says', () => {
  const { comments } = exportedAliases('sms-v2');

  it('ErrorBody: the body of the 401, of the description endpoint\'s 404 and of the default response', () => {
    expect(comments.get('ErrorBody')).toMatch(/\b401\b/);
    expect(comments.get('ErrorBody')).toMatch(/description endpoint's 404/);
    expect(comments.get('ErrorBody')).toMatch(/default/);
  });
});
