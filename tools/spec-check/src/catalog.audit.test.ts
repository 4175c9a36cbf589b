// The catalogue is written by hand from the spec document; these tests hold it against the
// document (every field of section 2, every row of sections 7 and 8) and check its format. These hold
// names: that a field, a row, a status has its entry. What the entries say (every number, range and
// enumerated value) is held to the document in catalog-values.audit.test.ts.
import { describe, expect, it } from 'vitest';
import { type ApiCatalog, catalogueFile, type Entry, loadCatalog, parseApiCatalog } from './catalog.js';
import { documentedFields, readSpecDocument, sectionNumbers, sectionText, tableRows } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const catalog = loadCatalog();
const byLabel = new Map([...catalog.values()].map((api) => [api.label, api]));
const apiOf = (label: string): ApiCatalog => {
  const api = byLabel.get(label);
  if (!api) throw new Error(`no catalogue for interface ${label}`);
  return api;
};
const entriesIn = (api: ApiCatalog, section: string) => api.entries.filter((e) => e.section === section);

/**
 * Two lists that must be the same, one read from the document and one from the catalogue: one line
 * per difference saying which side has it and which file to edit (a bare toEqual diff's "Expected"
 * and "Received" do not say which side is the document).
 */
function sidesDiffer(what: string, documented: readonly string[], catalogued: readonly string[], api: ApiCatalog, entry?: string): string[] {
  const file = `${catalogueFile(api.api)}${entry ? ` (entry "${entry}")` : ''}`;
  return [
    ...documented.filter((x) => !catalogued.includes(x)).map((x) => `${what} ${x}: in the document, not in the catalogue ${file}`),
    ...catalogued.filter((x) => !documented.includes(x)).map((x) => `${what} ${x}: in the catalogue ${file}, not in the document`),
  ];
}

describe('the catalogue files', () => {
  it('cover the four interfaces of the document, with their base paths', () => {
    const rows = tableRows(markdown, '| Label | Name used here | Base path |');
    for (const [label, , basePath] of rows) expect(apiOf(label!).basePath, label).toBe(basePath);
    expect(catalog.size).toBe(rows.length);
  });

  it('cite only sections the document has', () => {
    const sections = sectionNumbers(markdown);
    const cited = new Set([...catalog.values()].flatMap((api) => [...api.entries.map((e) => e.section), ...[...api.schemas.values()].map((t) => t.section)]));
    expect([...cited].filter((s) => !sections.has(s))).toEqual([]);
  });

  // Only that a rule is a sentence; whether its values are the document's: catalog-values.audit.test.ts.
  it('give every entry a rule sentence', () => {
    for (const api of catalog.values()) {
      for (const entry of api.entries) expect(entry.rule.length, entry.id).toBeGreaterThan(10);
    }
  });
});

describe('section 2: every documented field list is a catalogue object with the same fields and required fields', () => {
  const lists = documentedFields(markdown);
  it('finds the field lists of all four interfaces', () => {
    expect(new Set(lists.map((l) => l.label))).toEqual(new Set(['A', 'B', 'C', 'D']));
  });
  it.each(lists.map((l): [string, (typeof lists)[number]] => [`${l.label} ${l.name}`, l]))('%s', (_title, list) => {
    const api = apiOf(list.label);
    const objects = api.entries.filter((e): e is Extract<Entry, { kind: 'object' }> => e.kind === 'object');
    const object = objects.find((e) => e.schema === list.name) ?? objects.find((e) => e.schema === `${list.name} item`);
    expect(object, `an object entry for ${list.name}`).toBeDefined();
    expect(object!.section).toBe(`2.${'ABCD'.indexOf(list.label) + 1}`);
    // Fields another section adds (C's APIError: the samples' statusCode and error, section 7) are
    // held to that section's text instead.
    const from = object!.fieldsFrom ?? {};
    const section = `2.${'ABCD'.indexOf(list.label) + 1}`;
    const fields = object!.fields.filter((f) => from[f] === undefined);
    for (const [field, cited] of Object.entries(from)) expect(sectionText(markdown, cited), `${field} in section ${cited}`).toContain(`\`${field}\``);
    const required = api.entries
      .filter((e): e is Extract<Entry, { kind: 'property' }> => e.kind === 'property' && e.check.schema === object!.schema && e.check.required === true)
      .map((e) => e.check.property!);
    expect([
      ...sidesDiffer(`section ${section}, ${list.name}: field`, list.fields, fields, api, object!.id),
      ...sidesDiffer(`section ${section}, ${list.name}: required field`, list.required, required, api, object!.id),
    ]).toEqual([]);
  });

  it('has an entry for every scalar format of interface C', () => {
    const names = tableRows(sectionText(markdown, '2.3'), '| Name | Rule |').map(([name]) => name);
    const values = apiOf('C').entries.filter((e) => e.kind === 'value').map((e) => (e.kind === 'value' ? e.check.schema : ''));
    expect(names.filter((n) => !values.includes(n))).toEqual([]);
  });
});

describe('section 7: every interface row and every documented status has an entry', () => {
  const rows = tableRows(sectionText(markdown, '7'), '| Interface | Error shape | Codes |');
  it.each(rows.map((row): [string, string[]] => [row[0]!, row]))('interface %s', (label, [, , codes]) => {
    const api = apiOf(label);
    const responses = entriesIn(api, '7').filter((e): e is Extract<Entry, { kind: 'responses' }> => e.kind === 'responses');
    const statuses = new Set(responses.flatMap((e) => e.at.flatMap((p) => (p.response ? [p.response] : []))));
    // "a 500 sample exists" (B) and "described as 500" (D) speak of the default response.
    const ofDefault = [...codes!.matchAll(/(?:described as|a) (\d{3})(?: sample)?/g)].map((m) => m[1]);
    const documented = codes!.match(/\b[1-5]\d\d\b/g)?.filter((c) => c !== '200' && c !== '201' && !ofDefault.includes(c)) ?? [];
    for (const code of documented) {
      expect(statuses, `a section 7 entry for ${label} ${code}`).toContain(code);
    }
    if (/\bdefault\b/.test(codes!)) expect(statuses).toContain('default');
    expect(entriesIn(api, '7').some((e) => e.kind === 'statuses'), 'an entry for the documented statuses').toBe(true);
  });
});

describe('sections 4 and 6: the operations and events are closed sets written from the document', () => {
  const operationsOf = (api: ApiCatalog) =>
    api.entries.filter((e): e is Extract<Entry, { kind: 'operations' }> => e.kind === 'operations');
  it.each([
    ['A', '4.1'],
    ['B', '4.2'],
    ['C', '4.3'],
    ['D', '4.4'],
  ])('interface %s: exactly the rows of the section %s table', (label, section) => {
    const rows = tableRows(sectionText(markdown, section), '| Method | Path |');
    const listed = operationsOf(apiOf(label)).flatMap((e) => e.operations.paths ?? []);
    const documented = rows.map(([method, path]) => `${method} ${path}`);
    expect(sidesDiffer(`section ${section}: operation`, documented, listed, apiOf(label))).toEqual([]);
  });

  it('lists exactly the events of the section 6 table, by interface', () => {
    const rows = tableRows(sectionText(markdown, '6'), '| Event | Interface | Trigger | Body |');
    for (const label of ['A', 'B', 'C', 'D']) {
      const documented = rows.filter((row) => row[1] === label).map((row) => row[0]!.toLowerCase());
      const listed = operationsOf(apiOf(label)).flatMap((e) => e.operations.events ?? []);
      expect(listed.length, `events of ${label}`).toBe(documented.length);
      for (const event of listed) expect(documented.some((name) => name.includes(event.name)), `${label} ${event.name}`).toBe(true);
      // Interfaces without events say so with the open "callbacks" entry (checked in callbacks and webhooks).
      if (documented.length === 0) expect(apiOf(label).entries.some((e) => e.kind === 'open' && e.scope.kind === 'callbacks')).toBe(true);
    }
  });

  it('closes the statuses of every listed operation and event', () => {
    for (const api of catalog.values()) {
      const statuses = api.entries.flatMap((e) => (e.kind === 'statuses' ? e.operations.map((o) => o.at) : []));
      for (const entry of operationsOf(api)) {
        for (const path of entry.operations.paths ?? []) {
          expect(statuses.some((at) => at.operation === path && at.callback === undefined), `${api.api} ${path}`).toBe(true);
        }
        for (const event of entry.operations.events ?? []) {
          expect(statuses.some((at) => at.callback === event.name && (at.method ?? 'POST') === event.method), `${api.api} ${event.name}`).toBe(true);
        }
      }
    }
  });
});

describe('section 8: every row of the limits table has an entry for each interface it applies to', () => {
  const rows = tableRows(sectionText(markdown, '8'), '| Limit | Value | Applies to |');
  it.each(rows.map((row): [string, string[]] => [row[0]!, row]))('%s', (limit, [, , appliesTo]) => {
    const labels = appliesTo!.match(/\b[ABCD]\b/g)!;
    for (const label of labels) {
      const rules = entriesIn(apiOf(label), '8').map((e) => e.rule);
      expect(rules.some((rule) => rule.startsWith(limit!.replace(/`/g, ''))), `${label}: a section 8 entry for ${limit}`).toBe(true);
    }
  });

  it.each([
    ['`Content-Security-Policy` (string, at most 255 characters)', 'C', 'Content-Security-Policy'],
    ['`Strict-Transport-Security` (pattern', 'C', 'Strict-Transport-Security'],
    ['Which responses carry `RetryAfter` and these two headers: not shown', 'C', 'Which responses carry RetryAfter'],
    ['broadcast `destination` items carry the bounds 1 and 1000', 'A', 'The broadcast destination items carry the bounds 1 and 1000'],
    ['whether these bound the number of destinations: not shown', 'A', 'Whether the bounds 1 and 1000 bound the number of broadcast destinations: not shown'],
    ['Rate limits and content-length limits of A, B and D: not shown', 'A', 'Rate limits and content-length limits of A'],
    ['Rate limits and content-length limits of A, B and D: not shown', 'B', 'Rate limits and content-length limits of B'],
    ['Rate limits and content-length limits of A, B and D: not shown', 'D', 'Rate limits and content-length limits of D'],
  ])('the statement after the table "%s" (%s)', (statement, label, rule) => {
    expect(sectionText(markdown, '8')).toContain(statement);
    expect(entriesIn(apiOf(label), '8').some((e) => e.rule.startsWith(rule))).toBe(true);
  });
});

describe('the "not shown" statements that the catalogue keeps open', () => {
  it.each([
    ['A', '3', 'BroadcastRestResponse item', 'status', 'enum'],
    ['D', '3', 'CampaignReport', 'status', 'enum'],
    ['C', '2.3', 'DeliveryAttempt', 'event', 'enum'],
    ['A', '8', 'MessageBroadcast', 'destination', 'maxItems'],
    ['D', '2.4', 'CampaignReport', 'sent_date', 'format'],
  ])('%s section %s: %s.%s has no %s', (label, section, schema, property, keyword) => {
    const open = entriesIn(apiOf(label), section).filter((e): e is Extract<Entry, { kind: 'open' }> => e.kind === 'open');
    const checks = open.flatMap((e) => (e.scope.kind === 'keywords' ? e.scope.checks : []));
    expect(checks.some((c) => c.schema === schema && c.property === property && c.forbid?.includes(keyword))).toBe(true);
  });
});

describe('parseApiCatalog rejects a malformed catalogue with a message naming the place', () => {
  const head = 'api: x\nlabel: X\nbasePath: /x\n';
  it.each([
    ['a missing api id', 'label: X\nbasePath: /x\n', '"api" is required'],
    ['an entry without a section', `${head}entries:\n  - { schema: S, expect: { type: string } }\n`, 'cites its section'],
    ['an unknown schema', `${head}entries:\n  - { section: "2", schema: S, expect: { type: string } }\n`, 'unknown schema "S"'],
    ['an unknown expectation key', `${head}schemas: { S: { section: "2" } }\nentries:\n  - { section: "2", schema: S, expect: { maxlength: 3 } }\n`, 'unknown expectation key "maxlength"'],
    ['a place without a start', `${head}schemas: { S: { section: "2", at: [{ requestBody: true }] } }\n`, 'a place starts at exactly one of'],
    ['an operation that is not METHOD /path', `${head}schemas: { S: { section: "2", at: [{ operation: "/x" }] } }\n`, 'is not "METHOD /path"'],
    ['a literal pattern and samples together', `${head}schemas: { S: { section: "2" } }\nentries:\n  - { section: "2", schema: S, expect: { pattern: "a", accepts: [a] } }\n`, 'not both'],
    ['an entry of unknown kind', `${head}entries:\n  - { section: "2" }\n`, 'entry of unknown kind'],
  ])('%s', (_title, text, message) => {
    expect(() => parseApiCatalog(text, 'test.yaml')).toThrow(message);
  });
});
