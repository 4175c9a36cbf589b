// The values of the catalogue against the spec document: every number, range, enumerated set and
// format the document states (section 2's tables, inline field lists and scalar formats; section 8's limits
// table and the header bounds after it) read from the document by tools/spec-document and compared
// with what the catalogue records. catalog.audit.test.ts holds the names (fields, rows, statuses);
// this file holds what they say. A mismatch names the section, the fact, both values and the file.
import { describe, expect, it } from 'vitest';
import { type ApiCatalog, catalogueFile, type Entry, type Expect, holderOf, loadCatalog, type SchemaCheck } from './catalog.js';
import {
  type DocumentedBound,
  documentedFields,
  leastProperties,
  limitFacts,
  limitProse,
  readBounds,
  readFormats,
  readSpecDocument,
  readValues,
  sameFieldsAs,
  scalarFormats,
  sectionText,
} from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const catalog = loadCatalog();
const apiOf = (label: string): ApiCatalog => {
  const api = [...catalog.values()].find((each) => each.label === label);
  if (!api) throw new Error(`no catalogue for interface ${label}`);
  return api;
};
const fileOf = (api: ApiCatalog) => catalogueFile(api.api);

type Unit = DocumentedBound['unit'];
const UNIT_WORDS: Record<Unit, string> = { characters: ' characters', items: ' items', value: '', days: ' days ahead' };

/** The catalogue's bound in the document's unit; an absent lower length or item count is 0 (its effective value). */
function rangeOf(expect: Expect, unit: Unit): [number | undefined, number | undefined] {
  const zero = (n: number | undefined) => n ?? 0;
  if (unit === 'characters') return [zero(expect.minLength), expect.maxLength];
  if (unit === 'items') return [zero(expect.minItems), expect.maxItems];
  if (unit === 'days') return [undefined, expect.extensions?.['x-max-days-ahead'] as number | undefined];
  return [expect.minimum, expect.maximum];
}
const showRange = ([lower, upper]: [number | undefined, number | undefined], unit: Unit) =>
  upper === undefined && (lower === undefined || lower === 0)
    ? 'no bound'
    : upper === undefined
      ? `at least ${lower}${UNIT_WORDS[unit]}`
      : lower === undefined || (lower === 0 && unit !== 'value')
        ? `at most ${upper}${UNIT_WORDS[unit]}`
        : `${lower} to ${upper}${UNIT_WORDS[unit]}`;
const documentedRange = (bound: DocumentedBound): [number | undefined, number | undefined] =>
  bound.unit === 'characters' || bound.unit === 'items' ? [bound.lower ?? 0, bound.upper] : [bound.lower, bound.upper];

/** What a fact is, where it is said, and which file records it: one line per mismatch. */
interface Where {
  section: string;
  fact: string;
  api: ApiCatalog;
  entry?: string;
}
const mismatch = (where: Where, document: string, catalogue: string) =>
  `section ${where.section}, ${where.fact}: the document says ${document}, the catalogue says ${catalogue}; edit ${fileOf(where.api)}${where.entry ? ` (entry "${where.entry}")` : ''}`;

function compareBounds(where: Where, bounds: DocumentedBound[], expect: Expect): string[] {
  const found: string[] = [];
  for (const bound of bounds) {
    const said = rangeOf(expect, bound.unit);
    const wanted = documentedRange(bound);
    if (said[0] !== wanted[0] || said[1] !== wanted[1]) {
      found.push(mismatch(where, `"${bound.said}" (${showRange(wanted, bound.unit)})`, showRange(said, bound.unit)));
    }
  }
  return found;
}

const unreadNumbers = (where: Where, text: string, unread: string[]) =>
  unread.map((n) => `section ${where.section}, ${where.fact}: the audit cannot read the number ${n} in "${text}"; teach readBounds in tools/spec-document/src/index.ts this wording`);

/** A field's expectation with the named schema's own (`is: Channel`) filled in beneath it. */
function resolved(api: ApiCatalog, expect: Expect, depth = 0): Expect {
  if (!expect.is || depth > 8) return expect;
  const named = api.entries.find((e): e is Extract<Entry, { kind: 'value' }> => e.kind === 'value' && e.check.schema === expect.is);
  return named?.check.expect ? { ...resolved(api, named.check.expect, depth + 1), ...expect } : expect;
}

const sameSet = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x) => b.includes(x));

const propertyEntry = (api: ApiCatalog, schema: string, property: string) =>
  api.entries.find((e): e is Extract<Entry, { kind: 'property' }> => e.kind === 'property' && e.check.schema === schema && e.check.property === property);

const objectEntry = (api: ApiCatalog, name: string) => {
  const objects = api.entries.filter((e): e is Extract<Entry, { kind: 'object' }> => e.kind === 'object');
  return objects.find((e) => e.schema === name) ?? objects.find((e) => e.schema === `${name} item`);
};

/** Section 2: a field's documented bounds and values against its catalogue field, both ways. */
function fieldMismatches(api: ApiCatalog, section: string, schema: string, field: string, detail: string): string[] {
  const entry = propertyEntry(api, schema, field);
  const where: Where = { section, fact: `${schema}.${field} ("${detail}")`, api, entry: entry?.id };
  // A field the catalogue lacks is reported by catalog.audit.test.ts (the names).
  if (!entry) return [];
  const own = entry.check.expect ?? {};
  const { bounds, unread } = readBounds(detail);
  const found = [...unreadNumbers(where, detail, unread), ...compareBounds(where, bounds, own)];
  // A bound the catalogue gives the field itself (not through `is:`) must be one the document states.
  for (const unit of ['characters', 'items', 'value', 'days'] as const) {
    const said = rangeOf(own, unit);
    if ((said[0] !== undefined && said[0] !== 0) || said[1] !== undefined) {
      if (!bounds.some((b) => b.unit === unit)) found.push(mismatch(where, `no${UNIT_WORDS[unit] || ' numeric'} bound`, showRange(said, unit)));
    }
  }
  const formats = readFormats(detail);
  const format = resolved(api, own).format;
  // A value the field takes from a named schema (`is:`) is edited in that schema's entry: name it.
  const heldBy = (keyword: keyof Expect): Where => {
    const holder = holderOf(api, entry, keyword);
    return holder === entry ? where : { ...where, entry: `${holder.id}", which ${schema}.${field} names with "is: ${own.is}` };
  };
  if (formats.length > 0 ? !formats.includes(format ?? '') : own.format !== undefined) {
    found.push(mismatch(heldBy('format'), formats.length > 0 ? `format ${formats.join(', ')}` : 'no format', format ? `format ${format}` : 'no format'));
  }
  // "read-only" and "default `mt_message`" (section 2.1's Notes), both ways.
  if (/\bread-only\b/.test(detail) !== (own.readOnly === true)) found.push(mismatch(where, /\bread-only\b/.test(detail) ? 'read-only' : 'not read-only', own.readOnly ? 'read-only' : 'not read-only'));
  const documentedDefault = detail.match(/\bdefault `([^`]+)`/)?.[1];
  if (documentedDefault !== (own.default === undefined ? undefined : String(own.default))) {
    found.push(mismatch(where, documentedDefault ? `default ${documentedDefault}` : 'no default', own.default === undefined ? 'no default' : `default ${String(own.default)}`));
  }
  const values = readValues(detail);
  const enumerated = resolved(api, own).enum;
  if (values.length > 0 && !(enumerated && sameSet(values, enumerated))) {
    found.push(mismatch(heldBy('enum'), `one of ${values.join(', ')}`, enumerated ? `one of ${enumerated.join(', ')}` : 'no set of values'));
  }
  if (values.length === 0 && own.enum) found.push(mismatch(where, 'no set of values', `one of ${own.enum.join(', ')}`));
  return found;
}

describe('section 2: the numbers and values of every documented field are the catalogue field\'s', () => {
  const lists = documentedFields(markdown);
  it.each(lists.map((l): [string, (typeof lists)[number]] => [`${l.label} ${l.name}`, l]))('%s', (_title, list) => {
    const api = apiOf(list.label);
    const object = objectEntry(api, list.name);
    expect(object, `an object entry for ${list.name} in ${fileOf(api)}`).toBeDefined();
    const section = `2.${'ABCD'.indexOf(list.label) + 1}`;
    const found = Object.entries(list.details).flatMap(([field, detail]) => fieldMismatches(api, section, object!.schema, field, detail));
    expect(found).toEqual([]);
  });

  it('"object with at least one property present": the least number of properties of an object', () => {
    const statements = leastProperties(markdown);
    const found: string[] = [];
    for (const api of catalog.values()) {
      for (const object of api.entries.filter((e): e is Extract<Entry, { kind: 'object' }> => e.kind === 'object')) {
        const statement = statements.find((s) => s.label === api.label && (s.name === object.schema || `${s.name} item` === object.schema));
        if (statement?.minProperties === object.minProperties) continue;
        const where: Where = { section: object.section, fact: statement ? `"${statement.statement}"` : `${object.schema}'s least number of properties`, api, entry: object.id };
        found.push(mismatch(where, statement ? `at least ${statement.minProperties}` : 'no least number', object.minProperties === undefined ? 'none' : `minProperties ${object.minProperties}`));
      }
    }
    for (const statement of statements) {
      if (!objectEntry(apiOf(statement.label), statement.name)) found.push(`section 2: "${statement.statement}": no object entry ${statement.name} in ${fileOf(apiOf(statement.label))}`);
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it('C\'s scalar formats: the lengths and literal patterns of the "| Name | Rule |" table', () => {
    const api = apiOf('C');
    const found: string[] = [];
    for (const { name, rule } of scalarFormats(markdown, '2.3')) {
      const entry = api.entries.find((e): e is Extract<Entry, { kind: 'value' }> => e.kind === 'value' && e.check.schema === name);
      const where: Where = { section: '2.3', fact: `scalar format ${name} ("${rule}")`, api, entry: entry?.id };
      if (!entry?.check.expect) {
        found.push(mismatch(where, rule, 'no entry'));
        continue;
      }
      const { bounds, unread } = readBounds(rule);
      found.push(...unreadNumbers(where, rule, unread), ...compareBounds(where, bounds, entry.check.expect));
      const [format] = readFormats(rule);
      if (format !== entry.check.expect.format) found.push(mismatch(where, format ? `format ${format}` : 'no format', entry.check.expect.format ? `format ${entry.check.expect.format}` : 'no format'));
      const pattern = rule.match(/pattern `([^`]+)`/)?.[1];
      if (pattern !== entry.check.expect.pattern && (pattern !== undefined || entry.check.expect.pattern !== undefined)) {
        found.push(mismatch(where, pattern ? `pattern ${pattern}` : 'no literal pattern', entry.check.expect.pattern ? `pattern ${entry.check.expect.pattern}` : 'no pattern'));
      }
    }
    expect(found).toEqual([]);
  });
});

describe('section 2: a field list given by reference ("the same fields as Message, except ...") is that list', () => {
  const references = sameFieldsAs(markdown);
  it('finds A\'s MessageBroadcast', () => {
    expect(references.map((r) => `${r.label} ${r.name} = ${r.as} except ${r.except.join(', ')}`)).toContain('A MessageBroadcast = Message except destination');
  });
  it.each(references.map((r): [string, (typeof references)[number]] => [`${r.label} ${r.name}`, r]))('%s', (_title, reference) => {
    const api = apiOf(reference.label);
    const [object, source] = [objectEntry(api, reference.name), objectEntry(api, reference.as)];
    expect(object && source, `object entries for ${reference.name} and ${reference.as} in ${fileOf(api)}`).toBeTruthy();
    const where: Where = { section: `2.${'ABCD'.indexOf(reference.label) + 1}`, fact: `"${reference.statement}"`, api, entry: object!.id };
    const found: string[] = [];
    const wanted = source!.fields.filter((f) => !reference.except.includes(f));
    const has = object!.fields.filter((f) => !reference.except.includes(f));
    for (const field of wanted.filter((f) => !has.includes(f))) found.push(mismatch(where, `${reference.name} has ${reference.as}'s field ${field}`, `${reference.name} lacks it`));
    for (const field of has.filter((f) => !wanted.includes(f))) found.push(mismatch(where, `${reference.name} has only ${reference.as}'s fields`, `${reference.name} also has ${field}`));
    for (const field of reference.except) {
      if (!object!.fields.includes(field)) found.push(mismatch(where, `${reference.name} has ${field} (changed)`, `${reference.name} lacks it`));
    }
    // The fields in common say the same: type, bounds, required, read-only, default.
    for (const field of wanted.filter((f) => has.includes(f))) {
      const [mine, theirs] = [propertyEntry(api, object!.schema, field)?.check, propertyEntry(api, source!.schema, field)?.check];
      const said = (check: SchemaCheck | undefined) => JSON.stringify({ required: check?.required, expect: check?.expect });
      if (said(mine) !== said(theirs)) found.push(mismatch(where, `${reference.name}.${field} as ${reference.as}.${field}: ${said(theirs)}`, said(mine)));
    }
    expect(found).toEqual([]);
  });
});

describe('section 8: the value of every row of the limits table is the catalogue entry\'s', () => {
  const facts = limitFacts(markdown);
  it('reads every row, splitting the rows that name several limits', () => {
    expect(facts.map((f) => f.name)).toEqual(expect.arrayContaining(['LongString', 'ShortString', 'MimeType', 'detail', 'channel_sources', 'source']));
  });
  it.each(facts.map((f): [string, string, (typeof facts)[number]] => [f.name, f.labels.join(', '), f]))('%s (%s)', (_name, _labels, fact) => {
    const found: string[] = [];
    const alone = facts.filter((f) => f.limit === fact.limit).length === 1;
    for (const label of fact.labels) {
      const api = apiOf(label);
      const entry = api.entries.find((e): e is Extract<Entry, { kind: 'limit' }> => e.section === '8' && e.kind === 'limit' && e.rule.startsWith(fact.limit));
      const where: Where = { section: '8', fact: `limit "${fact.name}" ("${fact.limit} | ${fact.value}")`, api, entry: entry?.id };
      found.push(...unreadNumbers(where, fact.value, fact.unread));
      if (fact.bounds.length === 0) continue;
      if (!entry) {
        found.push(mismatch(where, fact.value, `no section 8 entry whose rule starts with "${fact.limit}"`));
        continue;
      }
      // A row of one limit holds every check of its entry (A's mask: Message and MessageBroadcast);
      // a row of several, the check of the schema, property or header of that name.
      const checks = entry.checks.filter((c) => alone || (c.property ?? c.header ?? c.schema) === fact.name);
      if (checks.length === 0) found.push(mismatch(where, fact.value, `no check of ${fact.name} in the entry`));
      for (const check of checks) {
        const subject = check.header ? `header ${check.header}` : `${check.schema}${check.property ? `.${check.property}` : ''}`;
        found.push(...compareBounds({ ...where, fact: `${where.fact} at ${subject}` }, fact.bounds, check.expect ?? {}));
      }
    }
    expect(found).toEqual([]);
  });

  it('the headers after the table: "`Content-Security-Policy` (string, at most 255 characters)" and its like', () => {
    const prose = limitProse(markdown);
    expect(prose.map((p) => p.name)).toEqual(['Content-Security-Policy', 'Strict-Transport-Security']);
    const api = apiOf('C');
    const found: string[] = [];
    for (const { name, detail, bounds, unread } of prose) {
      const entry = api.entries.find((e): e is Extract<Entry, { kind: 'limit' }> => e.section === '8' && e.kind === 'limit' && e.checks.some((c) => c.header === name));
      const where: Where = { section: '8', fact: `header ${name} ("${detail}")`, api, entry: entry?.id };
      found.push(...unreadNumbers(where, detail, unread));
      if (!entry) found.push(mismatch(where, detail, 'no section 8 entry checking the header'));
      for (const check of entry?.checks.filter((c) => c.header === name) ?? []) found.push(...compareBounds(where, bounds, check.expect ?? {}));
    }
    expect(found).toEqual([]);
  });

  it('"the interface A broadcast `destination` items carry the bounds 1 and 1000"', () => {
    const [, lower, upper] = sectionText(markdown, '8').match(/carry the bounds (\d+) and (\d+)/)!;
    const api = apiOf('A');
    const said = api.entries.flatMap((e) => (e.section === '8' && e.kind === 'limit' ? e.checks : [])).map((c) => c.expect?.extensions?.['x-documented-bounds']).filter(Boolean);
    expect(said.length, `a section 8 check of x-documented-bounds in ${fileOf(api)}`).toBeGreaterThan(0);
    for (const bounds of said) expect(bounds, `section 8: the document says the bounds ${lower} and ${upper}; edit ${fileOf(api)}`).toEqual({ lower: Number(lower), upper: Number(upper) });
  });
});
