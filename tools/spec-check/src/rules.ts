// The rules: one pure function per kind of catalogue entry, over a document view. Each returns
// findings (location, expected, found); check.ts turns them into violations.
import type { ApiCatalog, Entry, Place, SchemaCheck } from './catalog.js';
import { checkSchema, type Finding, forbidden, type Mode, show } from './expect.js';
import { editHint } from './closed-sets.js';
import { failureStatementFindings } from './failure-statements.js';
import { notShownStatementFindings } from './not-shown-statements.js';
import { describePlace, type Locator, normalisePath, serverBasePaths } from './places.js';
import { properties, propertiesLoc, propertyNodes, readSchema, requiredNames, itemNodes } from './schema.js';
import { follow, get, isObject, type Node } from './view.js';

function componentsLoc<L>(locator: Locator<L>, group: string): L {
  const components = get(locator.view, locator.root, 'components');
  const holder = components && get(locator.view, components, group);
  return (holder ?? components ?? locator.root).loc;
}

/** Whether a target's absence is already reported as a missing place. */
function placesMissing<L>(locator: Locator<L>, check: SchemaCheck): boolean {
  const located = check.header ? locator.headerNodes(check.header) : locator.schemaNodes(check.schema!);
  return located.missing.length > 0;
}

/** One schema check: its target's nodes, then the property and items it names, then the comparison. */
export function runCheck<L>(
  locator: Locator<L>,
  check: SchemaCheck,
  mode: Mode,
  reportAbsent: boolean,
  // An open entry only forbids; a missing field is the field's own entry's finding.
  reportMissingProperty = true,
): Finding<L>[] {
  const { view } = locator;
  const findings: Finding<L>[] = [];
  let nodes: Node<L>[];
  if (check.header !== undefined) {
    const headers = locator.headerNodes(check.header).nodes;
    if (headers.length === 0 && reportAbsent && !placesMissing(locator, check)) {
      findings.push({ loc: componentsLoc(locator, 'headers'), expected: `header ${check.header}`, found: 'not found' });
    }
    nodes = [];
    for (const header of headers) {
      const schema = get(view, header, 'schema');
      if (schema) nodes.push(schema);
      else findings.push({ loc: header.loc, expected: `a schema for header ${check.header}`, found: 'no schema' });
    }
  } else {
    nodes = locator.schemaNodes(check.schema!).nodes;
    if (nodes.length === 0 && reportAbsent && !placesMissing(locator, check)) {
      findings.push({ loc: componentsLoc(locator, 'schemas'), expected: `schema ${check.schema}`, found: 'not found' });
    }
  }

  for (const node of nodes) {
    let subjects: Node<L>[][] = [[node]];
    if (check.property !== undefined) {
      const schema = readSchema(view, [node]);
      const found = propertyNodes(view, [node], check.property);
      const required = requiredNames(view, schema);
      if (found.length === 0) {
        if (!reportMissingProperty) continue;
        findings.push({
          loc: propertiesLoc(view, schema),
          expected: `property ${check.property}${check.required === undefined ? '' : check.required ? ' (required)' : ' (optional)'}`,
          found: `no property ${check.property}`,
        });
        continue;
      }
      if (check.required === true && !required.has(check.property)) {
        const requiredKeyword = get(view, schema.home, 'required');
        findings.push({ loc: (requiredKeyword ?? schema.home).loc, expected: `${check.property} required`, found: `${check.property} optional` });
      }
      if (check.required === false && required.has(check.property)) {
        findings.push({ loc: required.get(check.property)!, expected: `${check.property} optional`, found: `${check.property} required` });
      }
      subjects = [found];
    }
    if (check.items) {
      subjects = subjects.map((s) => itemNodes(view, s)).filter((s) => s.length > 0);
      if (subjects.length === 0) findings.push({ loc: node.loc, expected: 'items', found: 'no items' });
    }
    for (const subject of subjects) {
      if (check.expect) findings.push(...checkSchema(view, subject, check.expect, mode));
      if (check.forbid) findings.push(...forbidden(view, readSchema(view, subject), check.forbid, 'not shown in the spec document'));
    }
  }
  return findings;
}

export const objectRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'object' }>): Finding<L>[] => {
  const { view } = locator;
  const located = locator.schemaNodes(entry.schema);
  const findings: Finding<L>[] = [];
  if (located.nodes.length === 0 && located.missing.length === 0) {
    findings.push({ loc: componentsLoc(locator, 'schemas'), expected: `schema ${entry.schema}`, found: 'not found' });
  }
  for (const node of located.nodes) {
    // Object-level keywords: type object, the stated minProperties and nothing else.
    const expect = { type: 'object', ...(entry.minProperties !== undefined ? { minProperties: entry.minProperties } : {}) };
    findings.push(...checkSchema(view, [node], expect, 'closed'));
    const schema = readSchema(view, [node]);
    for (const [name, nodes] of properties(view, schema)) {
      if (!entry.fields.includes(name)) {
        findings.push({ loc: nodes[0]!.loc, expected: `no field ${name} (the catalogue, from the document, lists ${entry.fields.join(', ')}: ${editHint(entry, 'the field')})`, found: `property ${name}` });
      }
    }
    for (const [name, loc] of requiredNames(view, schema)) {
      if (!entry.fields.includes(name)) findings.push({ loc, expected: `no required ${name} (not a field the catalogue lists)`, found: `${name} required` });
    }
  }
  return findings;
};

export const propertyRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'property' | 'value' }>): Finding<L>[] =>
  runCheck(locator, entry.check, 'closed', entry.kind === 'value');

export const limitRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'limit' }>): Finding<L>[] =>
  entry.checks.flatMap((check) => runCheck(locator, check, entry.mode, true));

/** Response header names compare case-insensitively and without hyphens (RetryAfter, Retry-After). */
const headerKey = (name: string) => name.toLowerCase().replace(/-/g, '');

export const openRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'open' }>): Finding<L>[] => {
  const { view } = locator;
  const scope = entry.scope;
  const findings: Finding<L>[] = [];
  const statements = notShownStatementFindings(locator, entry);
  if (statements) return statements;
  switch (scope.kind) {
    case 'keywords':
      return scope.checks.flatMap((check) => runCheck(locator, check, 'partial', false, false));
    case 'response-headers': {
      const names = new Map(scope.headers.map((h) => [headerKey(h), h]));
      for (const { status, node } of locator.allResponses()) {
        const headers = get(view, node, 'headers');
        if (!headers || !isObject(headers.value)) continue;
        for (const name of Object.keys(headers.value)) {
          const documented = names.get(headerKey(name));
          if (documented) {
            findings.push({
              loc: get(view, headers, name)!.loc,
              expected: `no ${documented} header on any response (which responses carry it is not shown)`,
              found: `header ${name}${status ? ` on response ${status}` : ''}`,
            });
          }
        }
      }
      return findings;
    }
    case 'rate-limits': {
      const rateHeader = /^(x-)?rate-?limit|^retry-?after$/i;
      for (const { status, node } of locator.allResponses()) {
        if (status === '429') findings.push({ loc: node.loc, expected: 'no 429 response (rate limits are not shown)', found: 'response 429' });
        const headers = get(view, node, 'headers');
        for (const name of isObject(headers?.value) ? Object.keys(headers.value) : []) {
          if (rateHeader.test(name)) {
            findings.push({ loc: get(view, headers!, name)!.loc, expected: 'no rate-limit header (rate limits are not shown)', found: `header ${name}` });
          }
        }
      }
      const components = get(view, locator.root, 'components');
      const headers = components && get(view, components, 'headers');
      for (const name of isObject(headers?.value) ? Object.keys(headers.value) : []) {
        if (rateHeader.test(name)) {
          findings.push({ loc: get(view, headers!, name)!.loc, expected: 'no rate-limit header (rate limits are not shown)', found: `header ${name}` });
        }
      }
      return findings;
    }
    case 'callbacks': {
      for (const operation of locator.allOperations()) {
        const callbacks = get(view, operation, 'callbacks');
        if (callbacks && isObject(callbacks.value) && Object.keys(callbacks.value).length > 0) {
          findings.push({ loc: callbacks.loc, expected: 'no callbacks (no events of this interface are shown in the spec document)', found: `callbacks ${Object.keys(callbacks.value).join(', ')}` });
        }
      }
      const webhooks = get(view, locator.root, 'webhooks');
      if (webhooks && isObject(webhooks.value) && Object.keys(webhooks.value).length > 0) {
        findings.push({ loc: webhooks.loc, expected: 'no webhooks (no events of this interface are shown in the spec document)', found: `webhooks ${Object.keys(webhooks.value).join(', ')}` });
      }
      return findings;
    }
    default:
      return findings; // the statements above (not-shown-statements.ts)
  }
};

function bodySchemas<L>(locator: Locator<L>, response: Node<L>): Node<L>[] {
  const content = get(locator.view, response, 'content');
  if (!content || !isObject(content.value)) return [];
  return Object.keys(content.value).flatMap((media) => {
    const schema = get(locator.view, get(locator.view, content, media)!, 'schema');
    return schema ? [schema] : [];
  });
}

export const responsesRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'responses' }>): Finding<L>[] => {
  const { view } = locator;
  const findings: Finding<L>[] = [];
  for (const place of entry.at) {
    const located = locator.locate(place, 'response');
    findings.push(...located.missing);
    for (const response of located.nodes) {
      const schemas = bodySchemas(locator, response);
      const body = entry.body;
      if (body?.presence === 'absent') {
        for (const schema of schemas) findings.push({ loc: schema.loc, expected: 'no body schema', found: 'a body schema' });
      } else if (body) {
        if (schemas.length === 0 && body.presence === 'required') {
          findings.push({ loc: response.loc, expected: `a body (${describePlace(place)})`, found: 'no body schema' });
        }
        for (const schema of schemas) findings.push(...checkSchema(view, [schema], body.shape!, 'partial'));
      }
      findings.push(...failureStatementFindings(locator, entry, response));
      for (const [name, expect] of Object.entries(entry.headers ?? {})) {
        const headers = get(view, response, 'headers');
        const key = isObject(headers?.value) ? Object.keys(headers.value).find((h) => h.toLowerCase() === name.toLowerCase()) : undefined;
        if (key === undefined) {
          findings.push({ loc: (headers ?? response).loc, expected: `header ${name}`, found: 'no such header' });
          continue;
        }
        const header = follow(view, get(view, headers!, key));
        for (const h of header ? [header] : []) {
          if (entry.headersRequired && isObject(h.value) && h.value.required !== true) {
            const required = get(view, h, 'required');
            findings.push({ loc: (required ?? h).loc, expected: `header ${name} required: true (the documented reply carries it)`, found: required ? `required ${show(required.value)}` : 'required absent (optional)' });
          }
          const schema = get(view, h, 'schema');
          if (!schema) findings.push({ loc: h.loc, expected: `a schema for header ${name}`, found: 'no schema' });
          else findings.push(...checkSchema(view, [schema], expect, 'partial'));
        }
      }
    }
  }
  return findings;
};

export const statusesRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'statuses' }>): Finding<L>[] => {
  const { view } = locator;
  const findings: Finding<L>[] = [];
  for (const { at, statuses } of entry.operations) {
    const located = locator.locate(at, 'operation');
    findings.push(...located.missing);
    for (const operation of located.nodes) {
      const responses = get(view, operation, 'responses');
      const present = isObject(responses?.value) ? Object.keys(responses.value).filter((k) => !k.startsWith('x-')) : [];
      for (const status of statuses) {
        if (!present.includes(status)) {
          findings.push({ loc: (responses ?? operation).loc, expected: `response ${status} (${describePlace(at)})`, found: `responses ${present.join(', ') || 'none'}` });
        }
      }
      for (const status of present) {
        if (!statuses.includes(status)) {
          findings.push({
            loc: get(view, responses!, status)!.loc,
            expected: `only responses ${statuses.join(', ')} (${editHint(entry, `response ${status}`)})`,
            found: `response ${status}`,
          });
        }
      }
    }
  }
  return findings;
};

export const basePathRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'base-path' }>): Finding<L>[] => {
  const { view } = locator;
  const servers = get(view, locator.root, 'servers');
  const bases = serverBasePaths(servers);
  const wanted = normalisePath(entry.basePath);
  const paths = get(view, locator.root, 'paths');
  const keys = isObject(paths?.value) ? Object.keys(paths.value).filter((k) => k.startsWith('/')) : [];
  // Short paths under the base path in the server URL, or full paths: every path must land
  // under the documented base path.
  const under = (key: string) =>
    [...bases, ''].some((base) => {
      const full = normalisePath(`${base}${key}`);
      return full === wanted || full.startsWith(`${wanted}/`);
    });
  const stray = keys.filter((key) => !under(key));
  if (stray.length === 0) return [];
  const urls = Array.isArray(servers?.value) ? servers.value.map((s) => (isObject(s) ? show(s.url) : '?')).join(', ') : 'none';
  return [{ loc: (servers ?? locator.root).loc, expected: `paths under the base path ${entry.basePath}`, found: `servers ${urls}; paths ${stray.join(', ')}` }];
};

/** Missing places of the documented schemas and headers (for example a request body removed). */
export function placeFindings<L>(locator: Locator<L>, api: ApiCatalog): Array<{ target: string; section: string; place: Place; finding: Finding<L> }> {
  const result: Array<{ target: string; section: string; place: Place; finding: Finding<L> }> = [];
  for (const [group, targets] of [['schema', api.schemas], ['header', api.headers]] as const) {
    for (const target of targets.values()) {
      for (const place of target.at) {
        const located = locator.locate(place, group, group === 'header');
        for (const finding of located.missing) result.push({ target: target.name, section: target.section, place, finding });
      }
    }
  }
  return result;
}

export const versionRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'version' }>): Finding<L>[] => {
  const info = get(locator.view, locator.root, 'info');
  const version = info && get(locator.view, info, 'version');
  if (version?.value === entry.version) return [];
  return [{ loc: (version ?? info ?? locator.root).loc, expected: `info.version ${entry.version}`, found: version ? `info.version ${show(version.value)}` : 'no info.version' }];
};

/** The interface-wide security requirement names schemes of the documented kind (section 5). */
export const securityRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'security' }>): Finding<L>[] => {
  const { view } = locator;
  const wanted = Object.entries(entry.scheme).map(([k, v]) => `${k} ${v}`).join(', ');
  const security = get(view, locator.root, 'security');
  const names = Array.isArray(security?.value)
    ? security.value.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []))
    : [];
  if (names.length === 0) return [{ loc: (security ?? locator.root).loc, expected: `a security requirement (${wanted})`, found: 'none' }];
  const components = get(view, locator.root, 'components');
  const schemes = components && get(view, components, 'securitySchemes');
  const findings: Finding<L>[] = [];
  for (const name of new Set(names)) {
    const scheme = follow(view, schemes && get(view, schemes, name));
    if (!scheme || !isObject(scheme.value)) {
      findings.push({ loc: (schemes ?? components ?? locator.root).loc, expected: `security scheme ${name} (${wanted})`, found: 'not defined' });
      continue;
    }
    for (const [key, value] of Object.entries(entry.scheme)) {
      const actual = scheme.value[key];
      // HTTP auth scheme names are case-insensitive (RFC 7235); header names are compared as documented.
      const same = key === 'scheme' ? String(actual).toLowerCase() === value.toLowerCase() : actual === value;
      if (!same) {
        findings.push({ loc: (get(view, scheme, key) ?? scheme).loc, expected: `${key} ${value}`, found: actual === undefined ? `no ${key}` : `${key} ${show(actual)}` });
      }
    }
  }
  return findings;
};

/**
 * Section 3's narrowing of a documented schema at one place: the property's nodes there, read
 * together, meet the expectation (B's 202: `status` is `accepted` only). Reported at the place.
 */
export const narrowingRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'narrowing' }>): Finding<L>[] => {
  const { at, missing } = locator.narrowing(entry);
  const findings: Finding<L>[] = [...missing];
  for (const { parent, nodes, own } of at) {
    if (own.length === 0) {
      findings.push({ loc: parent.loc, expected: `property ${entry.property} narrowed here: ${entry.rule}`, found: nodes.length ? `${entry.schema}'s values only` : `no property ${entry.property}` });
      continue;
    }
    for (const finding of checkSchema(locator.view, nodes, entry.expect, 'partial')) findings.push({ ...finding, loc: own[0]!.loc });
  }
  return findings;
};
