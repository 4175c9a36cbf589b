// The catalogue: the spec document's sections 2, 7 and 8 (and the "not shown" statements) as data.
// The YAML files in ../catalog are written by hand from the document; this module only reads them,
// checks that they are well formed and expands the compact `fields:` form into one entry per field.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** What a schema is expected to be. Unstated keywords are forbidden in closed mode (see expect.ts). */
export interface Expect {
  type?: string;
  format?: string;
  enum?: unknown[];
  /** A pattern the document gives literally: compared as a string. */
  pattern?: string;
  /** A pattern the document describes in words: these strings must match, ... */
  accepts?: string[];
  /** ... and these must not. */
  rejects?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  readOnly?: boolean;
  default?: unknown;
  /** The schema is the named documented schema; that schema's own entries check it here. */
  is?: string;
  items?: Expect;
  /** Shape form (section 7 bodies): exactly these property names, each with its expectation. */
  properties?: Record<string, Expect>;
  /** Shape form: exactly these property names are required. */
  required?: string[];
  /** `x-` extensions and their values (limits JSON Schema cannot express, DESIGN.md). */
  extensions?: Record<string, unknown>;
}

/** Where a documented schema, response or header is in an OpenAPI document. */
export interface Place {
  /** `components.schemas.<name>` (or `components.headers.<name>` for a header). */
  component?: string;
  /** `METHOD /full/path` as the spec document writes it (base path included). */
  operation?: string;
  /** With `operation`: a callback of it, or a top-level webhook, whose name contains this word (case-insensitive). */
  callback?: string;
  /** The callback's or path item's method (default POST). */
  method?: string;
  /** `components.pathItems.<name>` (callbacks, see specs/README.md). */
  pathItem?: string;
  /** `components.responses.<name>`: a dereferenced document keeps a copy there too. */
  responseComponent?: string;
  /** `components.requestBodies.<name>`, likewise. */
  requestBodyComponent?: string;
  /** Another documented schema (a place nested in it). */
  schema?: string;
  requestBody?: boolean;
  response?: string;
  parameter?: string;
  in?: string;
  header?: string;
  property?: string;
  items?: boolean;
  /** Member N of the schema's `oneOf`/`anyOf` (C's delivery-attempt element forms, section 2.3). */
  alternative?: number;
  /** The schema's `additionalProperties` schema (the wrapped attempt: one free key, section 2.3). */
  additionalProperties?: boolean;
  /** A place that may be absent (a component, or a place another entry already requires). */
  optional?: boolean;
}

export interface Target {
  name: string;
  section: string;
  component?: string;
  at: Place[];
}

/** One check of a `limit`, `open` or `property` entry. */
export interface SchemaCheck {
  schema?: string;
  header?: string;
  property?: string;
  items?: boolean;
  /** Only with `property`: whether the field is required (section 2 tables). */
  required?: boolean;
  expect?: Expect;
  /** Keywords that must stay absent: the document says the thing is not shown. */
  forbid?: string[];
}

export type OpenScope =
  | { kind: 'keywords'; checks: SchemaCheck[] }
  | { kind: 'response-headers'; headers: string[] }
  | { kind: 'rate-limits' }
  | { kind: 'callbacks' }
  /** Section 5: how the service authenticates to a receiver is not shown; no callback inherits a requirement. */
  | { kind: 'callback-security' }
  /**
   * An example at these responses or request bodies (an operation's, a component's, or a callback's:
   * what the service sends) shows what is not shown only as a named example labelled illustrative.
   */
  | { kind: 'illustrative-examples'; at: Place[] }
  /** Section 6 names no operation as these events' trigger: their descriptions name none either. */
  | { kind: 'trigger'; events: string[] }
  /** The field's meaning is not shown: its description says so (and so gives it none). */
  | { kind: 'meaning'; checks: SchemaCheck[] };

/**
 * A closed set of an interface's operations: the rows of its section 4 table (`paths`), or the
 * events it sends, section 6 (`events`); a part left out is not checked by that entry.
 */
export interface OperationSet {
  /** `METHOD /full/path`, each row of the section 4 table. */
  paths?: string[];
  /** Each event the service sends: a word of its callback or webhook name, and the method. */
  events?: Array<{ name: string; method: string }>;
}

export interface ResponseBody {
  /** `absent`: no body schema; `optional`: a body, if declared, has the shape. */
  presence: 'required' | 'optional' | 'absent';
  shape?: Expect;
}

interface EntryBase {
  id: string;
  api: string;
  section: string;
  rule: string;
}

export type Entry = EntryBase &
  (
    | {
        kind: 'object';
        schema: string;
        fields: string[];
        minProperties?: number;
        /** Fields another section states (`from:`), by name: C's APIError `statusCode`, `error` (section 7). */
        fieldsFrom?: Record<string, string>;
      }
    | { kind: 'property'; check: SchemaCheck }
    | { kind: 'value'; check: SchemaCheck }
    | { kind: 'limit'; mode: 'closed' | 'partial'; checks: SchemaCheck[] }
    | { kind: 'open'; scope: OpenScope }
    | {
        kind: 'responses';
        at: Place[];
        body?: ResponseBody;
        headers?: Record<string, Expect>;
        /** Section 7 per operation: the body is this documented schema (a `$ref` to its component). */
        schema?: string;
        /** Section 7 per operation: the response's description says this (D: "described as 500"). */
        describes?: string;
        /** The `headers` are part of the documented reply ("with response header"): each is `required: true`. */
        headersRequired?: boolean;
      }
    /** Section 2.3: an array element in either documented form, the schema `direct` or wrapped in one free key. */
    | { kind: 'forms'; schema: string; direct: string }
    /**
     * Section 3: at one place the document narrows a documented schema's values (B: "A new message
     * is reported with `accepted` in the 202 reply"). The property of the schema at `at` is read
     * with its `allOf` members together and must meet `expect`; the nodes written inside that
     * place are this entry's, not the narrowed schema's own entries'.
     */
    | { kind: 'narrowing'; schema: string; at: Place; property: string; expect: Expect }
    | { kind: 'operations'; operations: OperationSet }
    | { kind: 'statuses'; operations: Array<{ at: Place; statuses: string[] }> }
    | { kind: 'base-path'; basePath: string }
    | { kind: 'version'; version: string }
    | { kind: 'security'; scheme: Record<string, string> }
  );

export type EntryKind = Entry['kind'];

export interface ApiCatalog {
  api: string;
  label: string;
  basePath: string;
  schemas: Map<string, Target>;
  headers: Map<string, Target>;
  entries: Entry[];
}

export type Catalog = Map<string, ApiCatalog>;

export const catalogDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'catalog');

/** The file that records an interface's facts of the document, as a maintainer edits it (from the repository root). */
export const catalogueFile = (api: string) => `tools/spec-check/catalog/${api}.yaml`;

/** Where a violated expectation comes from: the catalogue, which records the document's section. */
export const catalogueSource = (api: string, section: string) => `the catalogue (from the document, section ${section}), ${catalogueFile(api)}`;

class CatalogError extends Error {
  constructor(file: string, where: string, message: string) {
    super(`catalogue ${file}, ${where}: ${message}`);
  }
}

// Catalogue YAML is untyped until validated here.
type Raw = any;

const EXPECT_KEYS = new Set([
  'type', 'format', 'enum', 'pattern', 'accepts', 'rejects', 'minLength', 'maxLength', 'minimum',
  'maximum', 'minItems', 'maxItems', 'minProperties', 'readOnly', 'default', 'is', 'items',
  'properties', 'required',
]);
const PLACE_KEYS = new Set([
  'component', 'operation', 'callback', 'method', 'pathItem', 'responseComponent', 'requestBodyComponent', 'schema', 'requestBody', 'response',
  'parameter', 'in', 'header', 'property', 'items', 'alternative', 'additionalProperties', 'optional',
]);

function toExpect(raw: Raw, file: string, where: string, allowRequiredList: boolean): Expect {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new CatalogError(file, where, 'an expectation must be a mapping');
  }
  const expect: Expect = {};
  const extensions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('x-')) extensions[key] = value;
    else if (!EXPECT_KEYS.has(key)) throw new CatalogError(file, where, `unknown expectation key "${key}"`);
  }
  Object.assign(expect, raw);
  for (const key of Object.keys(extensions)) delete (expect as Raw)[key];
  if (Object.keys(extensions).length > 0) expect.extensions = extensions;
  if (raw.items !== undefined) expect.items = toExpect(raw.items, file, `${where}.items`, allowRequiredList);
  if (raw.properties !== undefined) {
    expect.properties = Object.fromEntries(
      Object.entries(raw.properties).map(([name, value]) => [
        name,
        toExpect(value, file, `${where}.properties.${name}`, allowRequiredList),
      ]),
    );
  }
  if (raw.required !== undefined && !(allowRequiredList && Array.isArray(raw.required))) {
    throw new CatalogError(file, where, '`required` here must be a list of property names');
  }
  if (raw.pattern !== undefined && (raw.accepts !== undefined || raw.rejects !== undefined)) {
    throw new CatalogError(file, where, 'give a literal `pattern` or `accepts`/`rejects` samples, not both');
  }
  return expect;
}

const PLACE_STARTS = ['component', 'operation', 'pathItem', 'responseComponent', 'requestBodyComponent', 'schema'];

function toPlace(raw: Raw, file: string, where: string): Place {
  if (raw === null || typeof raw !== 'object') throw new CatalogError(file, where, 'a place must be a mapping');
  for (const key of Object.keys(raw)) {
    if (!PLACE_KEYS.has(key)) throw new CatalogError(file, where, `unknown place key "${key}"`);
  }
  const starts = PLACE_STARTS.filter((key) => raw[key] !== undefined);
  if (starts.length !== 1) {
    throw new CatalogError(file, where, `a place starts at exactly one of ${PLACE_STARTS.join(', ')}`);
  }
  if (raw.operation !== undefined && !/^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) \//.test(raw.operation)) {
    throw new CatalogError(file, where, `operation "${raw.operation}" is not "METHOD /path"`);
  }
  const place: Place = { ...raw };
  if (raw.response !== undefined) place.response = String(raw.response);
  return place;
}

export function describeExpect(expect: Expect): string {
  const parts: string[] = [];
  if (expect.is) parts.push(expect.is);
  if (expect.type === 'array' && expect.items) parts.push(`array of ${describeExpect(expect.items)}`);
  else if (expect.type) parts.push(expect.format ? `${expect.type} (${expect.format})` : expect.type);
  else if (expect.format) parts.push(`format ${expect.format}`);
  if (expect.enum) parts.push(`one of ${expect.enum.join(', ')}`);
  if (expect.pattern) parts.push(`pattern ${expect.pattern}`);
  if (expect.accepts || expect.rejects) parts.push('documented pattern');
  const range = (lower: number | undefined, upper: number | undefined, unit: string) => {
    if (lower !== undefined && upper !== undefined) parts.push(`${lower} to ${upper}${unit}`);
    else if (upper !== undefined) parts.push(`at most ${upper}${unit}`);
    else if (lower !== undefined) parts.push(`at least ${lower}${unit}`);
  };
  range(expect.minLength, expect.maxLength, ' characters');
  range(expect.minItems, expect.maxItems, ' items');
  range(expect.minimum, expect.maximum, '');
  if (expect.minProperties !== undefined) parts.push(`at least ${expect.minProperties} properties`);
  if (expect.readOnly) parts.push('read-only');
  if (expect.default !== undefined) parts.push(`default ${JSON.stringify(expect.default)}`);
  for (const [key, value] of Object.entries(expect.extensions ?? {})) parts.push(`${key}: ${JSON.stringify(value)}`);
  if (expect.properties) parts.push(`fields ${Object.keys(expect.properties).join(', ')}`);
  if (expect.required) parts.push(expect.required.length ? `required ${expect.required.join(', ')}` : 'no field required');
  return parts.join(', ');
}

function describeCheck(check: SchemaCheck): string {
  const subject = check.header
    ? `header ${check.header}`
    : `${check.schema}${check.property ? `.${check.property}` : ''}${check.items ? ' items' : ''}`;
  const said = check.expect ? describeExpect(check.expect) : '';
  const forbid = check.forbid ? `no ${check.forbid.join('/')}` : '';
  const required = check.required === undefined ? '' : check.required ? 'required' : 'optional';
  return `${subject}: ${[said, required, forbid].filter(Boolean).join(', ')}`;
}

function toCheck(raw: Raw, file: string, where: string): SchemaCheck {
  if ((raw.schema === undefined) === (raw.header === undefined)) {
    throw new CatalogError(file, where, 'a check names exactly one of schema, header');
  }
  const check: SchemaCheck = {};
  if (raw.schema !== undefined) check.schema = String(raw.schema);
  if (raw.header !== undefined) check.header = String(raw.header);
  if (raw.property !== undefined) check.property = String(raw.property);
  if (raw.items) check.items = true;
  if (raw.required !== undefined) check.required = Boolean(raw.required);
  if (raw.expect !== undefined) check.expect = toExpect(raw.expect, file, `${where}.expect`, true);
  if (raw.forbid !== undefined) check.forbid = [...raw.forbid];
  return check;
}

function targetsOf(raw: Raw, file: string, key: 'schemas' | 'headers'): Map<string, Target> {
  const targets = new Map<string, Target>();
  for (const [name, value] of Object.entries<Raw>(raw[key] ?? {})) {
    if (!value?.section) throw new CatalogError(file, `${key}.${name}`, 'a target cites its section');
    targets.set(name, {
      name,
      section: String(value.section),
      component: value.component,
      at: (value.at ?? []).map((place: Raw, i: number) => toPlace(place, file, `${key}.${name}.at[${i}]`)),
    });
  }
  return targets;
}

function toOperationSet(raw: Raw, file: string, where: string): OperationSet {
  const set: OperationSet = {};
  if (raw?.paths === undefined && raw?.events === undefined) throw new CatalogError(file, where, 'operations lists paths, events or both');
  if (raw.paths !== undefined) {
    if (!Array.isArray(raw.paths)) throw new CatalogError(file, where, 'operations.paths lists "METHOD /path" rows');
    set.paths = raw.paths.map(String);
    for (const path of set.paths!) {
      if (!/^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) \//.test(path)) throw new CatalogError(file, where, `operation "${path}" is not "METHOD /path"`);
    }
  }
  if (raw.events !== undefined) {
    if (!Array.isArray(raw.events)) throw new CatalogError(file, where, 'operations.events lists events');
    set.events = raw.events.map((event: Raw, i: number) => {
      if (typeof event?.name !== 'string' || typeof event?.method !== 'string') {
        throw new CatalogError(file, `${where}.operations.events[${i}]`, 'an event has a name (a word of its callback name) and a method');
      }
      return { name: event.name, method: event.method.toUpperCase() };
    });
  }
  return set;
}

/** Parses one catalogue file; exported for tests that feed small catalogues. */
export function parseApiCatalog(text: string, file = '<catalogue>'): ApiCatalog {
  // Merge keys (`<<: *errorBody`) let one shape serve several section 7 entries.
  const raw: Raw = parse(text, { merge: true });
  for (const key of ['api', 'label', 'basePath']) {
    if (typeof raw?.[key] !== 'string') throw new CatalogError(file, 'top level', `"${key}" is required`);
  }
  const api: string = raw.api;
  const schemas = targetsOf(raw, file, 'schemas');
  const headers = targetsOf(raw, file, 'headers');
  const entries: Entry[] = [];
  const add = (entry: Entry) => entries.push(entry);

  (raw.entries ?? []).forEach((item: Raw, index: number) => {
    const where = `entries[${index}]`;
    if (typeof item?.section !== 'string') throw new CatalogError(file, where, 'every entry cites its section (as a string)');
    const section: string = item.section;
    const base = (id: string, rule: string) => ({ api, section, id: item.id ?? id, rule: item.rule ?? rule });

    if (item.fields !== undefined) {
      // Compact form of a section 2 object: one entry for its field list, one per field.
      const schema = String(item.schema);
      const fields = Object.keys(item.fields);
      const minProperties = item.minProperties;
      const fieldsFrom = Object.fromEntries(
        Object.entries<Raw>(item.fields).filter(([, spec]) => spec?.from !== undefined).map(([field, spec]) => [field, String(spec.from)]),
      );
      const extra = minProperties !== undefined ? `; at least ${minProperties} properties present` : '';
      // The ids and rules of the expanded entries are derived, so they stay in step with the data.
      add({
        api,
        section,
        id: `${api} ${section} ${schema}`,
        rule: `${schema} has exactly the fields ${fields.join(', ')}${extra}`,
        kind: 'object',
        schema,
        fields,
        ...(minProperties !== undefined ? { minProperties } : {}),
        ...(Object.keys(fieldsFrom).length > 0 ? { fieldsFrom } : {}),
      });
      for (const [field, spec] of Object.entries<Raw>(item.fields)) {
        const { required, from, ...expectRaw } = spec ?? {};
        const fieldSection = from === undefined ? section : String(from);
        const check: SchemaCheck = {
          schema,
          property: field,
          required: Boolean(required),
          expect: toExpect(expectRaw, file, `${where}.fields.${field}`, false),
        };
        add({
          api,
          section: fieldSection,
          id: `${api} ${fieldSection} ${schema}.${field}`,
          rule: describeCheck(check),
          kind: 'property',
          check,
        });
      }
      return;
    }
    if (item.expect !== undefined && item.schema !== undefined) {
      const check = toCheck(item, file, where);
      add({ ...base(`${api} ${section} ${item.schema}`, describeCheck(check)), kind: 'value', check });
      return;
    }
    if (item.checks !== undefined) {
      const checks = item.checks.map((c: Raw, i: number) => toCheck(c, file, `${where}.checks[${i}]`));
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'a limit entry states its rule');
      add({
        ...base(`${api} ${section} ${item.rule}`, item.rule),
        kind: 'limit',
        mode: item.mode === 'closed' ? 'closed' : 'partial',
        checks,
      });
      return;
    }
    if (item.open !== undefined) {
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'an open entry states its rule');
      let scope: OpenScope;
      if (item.open === 'rate-limits' || item.open === 'callbacks' || item.open === 'callback-security') scope = { kind: item.open };
      else if (Array.isArray(item.open?.illustrativeExamples)) {
        const at = item.open.illustrativeExamples.map((p: Raw, i: number) => toPlace(p, file, `${where}.open.illustrativeExamples[${i}]`));
        if (at.some((p: Place) => p.response === undefined && p.responseComponent === undefined && !p.requestBody && p.requestBodyComponent === undefined)) {
          throw new CatalogError(file, where, 'each place names a response or a request body');
        }
        scope = { kind: 'illustrative-examples', at };
      } else if (Array.isArray(item.open?.trigger)) {
        scope = { kind: 'trigger', events: item.open.trigger.map(String) };
      } else if (Array.isArray(item.open?.meaning)) {
        scope = { kind: 'meaning', checks: item.open.meaning.map((c: Raw, i: number) => toCheck(c, file, `${where}.open.meaning[${i}]`)) };
        if (scope.checks.some((c) => c.property === undefined)) throw new CatalogError(file, where, 'a meaning check names a property');
      } else if (Array.isArray(item.open?.responseHeaders)) {
        scope = { kind: 'response-headers', headers: item.open.responseHeaders.map(String) };
      } else if (Array.isArray(item.open)) {
        scope = { kind: 'keywords', checks: item.open.map((c: Raw, i: number) => toCheck(c, file, `${where}.open[${i}]`)) };
        if (scope.checks.some((c) => !c.forbid?.length)) throw new CatalogError(file, where, 'an open check lists what it forbids');
      } else throw new CatalogError(file, where, 'unknown open scope');
      add({ ...base(`${api} ${section} ${item.rule}`, item.rule), kind: 'open', scope });
      return;
    }
    if (item.narrows !== undefined) {
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'a narrowing entry states its rule');
      const { schema, at, property, expect } = item.narrows ?? {};
      if (typeof schema !== 'string' || !schemas.has(schema)) throw new CatalogError(file, where, 'a narrowing names a schema of `schemas:`');
      if (typeof property !== 'string') throw new CatalogError(file, where, 'a narrowing names the property it narrows');
      add({
        ...base(`${api} ${section} ${item.rule}`, item.rule),
        kind: 'narrowing',
        schema,
        at: toPlace(at, file, `${where}.narrows.at`),
        property,
        expect: toExpect(expect, file, `${where}.narrows.expect`, false),
      });
      return;
    }
    if (item.responses !== undefined) {
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'a responses entry states its rule');
      const at = item.responses.at.map((p: Raw, i: number) => toPlace(p, file, `${where}.responses.at[${i}]`));
      if (at.some((p: Place) => p.response === undefined && p.responseComponent === undefined)) {
        throw new CatalogError(file, where, 'each place names a response');
      }
      const entry: Entry = { ...base(`${api} ${section} ${item.rule}`, item.rule), kind: 'responses', at };
      const body = item.responses.body;
      if (body === 'absent') entry.body = { presence: 'absent' };
      else if (body !== undefined) {
        const { optional, ...shape } = body;
        entry.body = {
          presence: optional ? 'optional' : 'required',
          shape: toExpect(shape, file, `${where}.responses.body`, true),
        };
      }
      if (item.responses.headers !== undefined) {
        entry.headers = Object.fromEntries(
          Object.entries<Raw>(item.responses.headers).map(([name, e]) => [
            name,
            toExpect(e, file, `${where}.responses.headers.${name}`, true),
          ]),
        );
      }
      if (item.responses.schema !== undefined) entry.schema = String(item.responses.schema);
      if (item.responses.describes !== undefined) entry.describes = String(item.responses.describes);
      if (item.responses.headersRequired === true) {
        if (entry.headers === undefined) throw new CatalogError(file, where, 'headersRequired needs the headers it requires');
        entry.headersRequired = true;
      }
      add(entry);
      return;
    }
    if (item.forms !== undefined) {
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'a forms entry states its rule');
      if (typeof item.forms?.schema !== 'string' || typeof item.forms?.direct !== 'string') {
        throw new CatalogError(file, where, 'forms names the element schema and the direct form (schema, direct)');
      }
      add({ ...base(`${api} ${section} ${item.rule}`, item.rule), kind: 'forms', schema: item.forms.schema, direct: item.forms.direct });
      return;
    }
    if (item.operations !== undefined) {
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'an operations entry states its rule');
      add({ ...base(`${api} ${section} ${item.rule}`, item.rule), kind: 'operations', operations: toOperationSet(item.operations, file, where) });
      return;
    }
    if (item.statuses !== undefined) {
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'a statuses entry states its rule');
      const operations = item.statuses.map((s: Raw, i: number) => {
        const { statuses, ...place } = s;
        if (!Array.isArray(statuses)) throw new CatalogError(file, `${where}.statuses[${i}]`, 'lists its statuses');
        return { at: toPlace(place, file, `${where}.statuses[${i}]`), statuses: statuses.map(String) };
      });
      add({ ...base(`${api} ${section} ${item.rule}`, item.rule), kind: 'statuses', operations });
      return;
    }
    if (item.basePath !== undefined) {
      add({
        ...base(`${api} ${section} base path`, `the server URL carries the base path ${item.basePath}`),
        kind: 'base-path',
        basePath: String(item.basePath),
      });
      return;
    }
    if (item.version !== undefined) {
      add({
        ...base(`${api} ${section} version`, `declared version (info.version) ${item.version}`),
        kind: 'version',
        version: String(item.version),
      });
      return;
    }
    if (item.security !== undefined) {
      if (typeof item.rule !== 'string') throw new CatalogError(file, where, 'a security entry states its rule');
      add({
        ...base(`${api} ${section} security`, item.rule),
        kind: 'security',
        scheme: Object.fromEntries(Object.entries<Raw>(item.security).map(([k, v]) => [k, String(v)])),
      });
      return;
    }
    throw new CatalogError(file, where, 'entry of unknown kind');
  });

  const catalog: ApiCatalog = { api, label: raw.label, basePath: raw.basePath, schemas, headers, entries };
  validateReferences(catalog, file);
  return catalog;
}

/** Every name an entry or place uses must be a declared target; ids must be unique. */
function validateReferences(catalog: ApiCatalog, file: string): void {
  const ids = new Set<string>();
  for (const entry of catalog.entries) {
    if (ids.has(entry.id)) throw new CatalogError(file, entry.id, 'duplicate entry id');
    ids.add(entry.id);
  }
  const schemaName = (name: string | undefined, where: string) => {
    if (name !== undefined && !catalog.schemas.has(name)) throw new CatalogError(file, where, `unknown schema "${name}"`);
  };
  const headerName = (name: string | undefined, where: string) => {
    if (name !== undefined && !catalog.headers.has(name)) throw new CatalogError(file, where, `unknown header "${name}"`);
  };
  const expectNames = (expect: Expect | undefined, where: string): void => {
    if (!expect) return;
    schemaName(expect.is, where);
    expectNames(expect.items, where);
    for (const value of Object.values(expect.properties ?? {})) expectNames(value, where);
  };
  for (const target of [...catalog.schemas.values(), ...catalog.headers.values()]) {
    for (const place of target.at) schemaName(place.schema, `target ${target.name}`);
  }
  for (const entry of catalog.entries) {
    const checks =
      entry.kind === 'property' || entry.kind === 'value'
        ? [entry.check]
        : entry.kind === 'limit'
          ? entry.checks
          : entry.kind === 'open' && (entry.scope.kind === 'keywords' || entry.scope.kind === 'meaning')
            ? entry.scope.checks
            : [];
    for (const check of checks) {
      schemaName(check.schema, entry.id);
      headerName(check.header, entry.id);
      expectNames(check.expect, entry.id);
    }
    if (entry.kind === 'object') schemaName(entry.schema, entry.id);
    if (entry.kind === 'responses') schemaName(entry.schema, entry.id);
    if (entry.kind === 'forms') {
      schemaName(entry.schema, entry.id);
      schemaName(entry.direct, entry.id);
    }
  }
}

let cached: Catalog | undefined;

const catalogFiles = (directory: string) => readdirSync(directory).filter((n) => n.endsWith('.yaml')).sort();

/**
 * The API ids of the catalogue, from its file names (loadCatalog holds each file's `api` to its
 * name), without parsing it: the CLI refuses an unknown `--api` or an unusable document first.
 */
/**
 * The entry that holds a keyword of a field's expectation: the field's own entry, or, where the
 * field names a documented schema (`is: MessageStatus`) and does not state the keyword itself, the
 * entry of that schema (followed through further names). A keyword no entry states: the field's.
 */
export function holderOf(api: ApiCatalog, entry: Extract<Entry, { kind: 'property' }>, keyword: keyof Expect): Entry {
  let holder: Entry = entry;
  let expect = entry.check.expect;
  for (let depth = 0; expect && expect[keyword] === undefined && expect.is && depth < 8; depth++) {
    const named = api.entries.find((e): e is Extract<Entry, { kind: 'value' }> => e.kind === 'value' && e.check.schema === expect!.is);
    if (!named?.check.expect) break;
    [holder, expect] = [named, named.check.expect];
  }
  return expect?.[keyword] === undefined ? entry : holder;
}

export function catalogIds(directory = catalogDir): string[] {
  return catalogFiles(directory).map((name) => name.slice(0, -'.yaml'.length));
}

/**
 * One interface's file of the catalogue, <id>.yaml, whose `api` must be its name. The CLI told
 * `--api` reads only this one: parsing all four was a third of each run's CPU (issue 14).
 */
export function loadApiCatalog(id: string, directory = catalogDir): ApiCatalog {
  const name = `${id}.yaml`;
  const api = parseApiCatalog(readFileSync(join(directory, name), 'utf8'), name);
  if (api.api !== id) throw new Error(`${name}: api "${api.api}" does not match the file name; name the file <api>.yaml`);
  return api;
}

/** The catalogue shipped in ../catalog, one file per interface, keyed by API id. */
export function loadCatalog(directory = catalogDir): Catalog {
  if (directory === catalogDir && cached) return cached;
  const catalog: Catalog = new Map(catalogIds(directory).map((id) => [id, loadApiCatalog(id, directory)]));
  if (directory === catalogDir) cached = catalog;
  return catalog;
}
