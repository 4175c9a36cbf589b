// @ts-check
// The site-wide search's index, made at build time from what the site already shows: every operation
// and callback of each bundle, every property of its schemas, and every heading of the landing page
// and the guides, each with the address of the place that shows it. Redoc's own search matches
// operation titles only (a reader looking for "opt-out" on D's page found nothing, trial 67 M2).
import { deref, listCallbacks, listOperations } from './bundles.mjs';
import { anchorOf, OTHER_DEFINITIONS, unusedComponents } from './view.mjs';

/**
 * One thing a reader can find. kind: what it is; title: its name; detail: where it is and what it
 * says; url: its place, relative to the site's root.
 * @typedef {{ kind: 'operation' | 'callback' | 'property' | 'header' | 'definition' | 'heading', title: string, detail: string, url: string }} SearchEntry
 */

/**
 * The first sentence of a description, as plain text (Markdown's code marks and links dropped).
 * @param {unknown} description
 */
export function firstSentence(description) {
  if (typeof description !== 'string') return '';
  const text = description
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]{1,2}([^`*_]+)[`*_]{1,2}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const end = /[.!?](?=\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/**
 * Every property of a schema, nested ones included (objects, items, allOf/oneOf/anyOf, maps), without
 * following `$ref`: a referenced schema lists its own.
 * @param {any} schema
 * @returns {{ name: string, description: string }[]}
 */
export function propertiesOf(schema) {
  /** @type {{ name: string, description: string }[]} */
  const found = [];
  /** @param {any} node @param {string} prefix */
  const walk = (node, prefix) => {
    if (!node || typeof node !== 'object' || typeof node.$ref === 'string') return;
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      found.push({ name: prefix + name, description: firstSentence(property?.description) });
      walk(property, `${prefix}${name}.`);
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) for (const part of node[key] ?? []) walk(part, prefix);
    for (const key of ['items', 'additionalProperties', 'not']) walk(node[key], prefix);
  };
  walk(schema, '');
  return found;
}

/**
 * The schemas each operation reaches through `$ref`s, transitively.
 * @param {any} doc
 * @param {any} operation
 * @returns {Set<string>} component pointers (`#/components/schemas/Name`)
 */
function reachedBy(doc, operation) {
  /** @type {Set<string>} */
  const reached = new Set();
  /** @type {unknown[]} */
  const pending = [operation];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/') && !reached.has(value)) {
          reached.add(value);
          pending.push(value.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((/** @type {any} */ at, key) => at?.[key], doc));
        } else pending.push(value);
      }
    }
  }
  return reached;
}

/**
 * The schemas of one operation's own request body, parameters and responses that are written in
 * place (not `$ref`s), named by where they are.
 * @param {any} operation
 * @returns {{ name: string, schema: any }[]}
 */
function inlineSchemas(operation) {
  const id = operation.operationId ?? '';
  const media = (/** @type {any} */ holder) => Object.values(holder?.content ?? {}).map((m) => /** @type {any} */ (m)?.schema);
  return [
    ...media(operation.requestBody).map((schema) => ({ name: `${id} request body`, schema })),
    ...Object.entries(operation.responses ?? {}).flatMap(([status, response]) => media(response).map((schema) => ({ name: `${id} ${status} response`, schema }))),
  ];
}

/**
 * Redoc's anchor of a section of the Other definitions tag (the components no operation uses): the
 * tag's name with spaces as `-`, then the section's heading.
 * @param {string} name
 */
function otherDefinitionAnchor(name) {
  return `#tag/${OTHER_DEFINITIONS.replace(/\s+/g, '-')}/${name}`;
}

/**
 * An interface's entries: its operations and callbacks, and every property of its schemas, each
 * property at the first operation or callback (document order) that shows its schema, else at the
 * schema's own section under Other definitions.
 * @param {{ id: string, letter: string, title: string }} facts
 * @param {any} doc the bundle, callbacks inline (readBundle)
 * @returns {SearchEntry[]}
 */
export function interfaceEntries(facts, doc) {
  const page = `${facts.id}.html`;
  const label = facts.letter ? `${facts.letter} · ${facts.title}` : facts.title;
  const operations = [
    ...listOperations(doc).map((op) => ({ kind: /** @type {const} */ ('operation'), ...op, operation: doc.paths[op.path][op.method] })),
    ...listCallbacks(doc).map((cb) => ({ kind: /** @type {const} */ ('callback'), ...cb })),
  ];
  /** @type {SearchEntry[]} */
  const entries = operations.map((op) => ({
    kind: op.kind,
    title: `${op.method.toUpperCase()} ${op.path}`,
    detail: [op.summary, op.operationId, label].filter(Boolean).join(' · '),
    url: page + anchorOf(op.operation),
  }));
  const reach = operations.map((op) => ({ url: page + anchorOf(op.operation), reached: reachedBy(doc, op.operation) }));
  const unused = new Set(unusedComponents(doc).map((component) => component.ref));
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    const ref = `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const url = reach.find((op) => op.reached.has(ref))?.url ?? (unused.has(ref) ? page + otherDefinitionAnchor(name) : page);
    for (const property of propertiesOf(schema)) entries.push(propertyEntry(property, name, label, url));
  }
  for (const op of operations) {
    const url = page + anchorOf(op.operation);
    for (const { name, schema } of inlineSchemas(op.operation)) {
      for (const property of propertiesOf(schema)) entries.push(propertyEntry(property, name, label, url));
    }
    // Response headers (C's X-RateLimit-Limit on its callback's answer, D's Location).
    for (const [status, response] of Object.entries(op.operation.responses ?? {})) {
      for (const [name, header] of Object.entries(/** @type {any} */ (response)?.headers ?? {})) {
        const description = firstSentence(header?.description ?? deref(doc, header)?.description);
        entries.push({ kind: 'header', title: name, detail: [`${op.operationId ?? op.path} ${status} response · ${label}`, description].filter(Boolean).join(': '), url });
      }
    }
  }
  // The components no operation uses, each a section of Other definitions (C's RetryAfter header).
  for (const component of unusedComponents(doc)) {
    const description = firstSentence(component.value?.description);
    entries.push({ kind: 'definition', title: component.name, detail: [`${component.kind} · ${label}`, description].filter(Boolean).join(': '), url: page + otherDefinitionAnchor(component.name) });
  }
  return entries;
}

/**
 * @param {{ name: string, description: string }} property
 * @param {string} schema
 * @param {string} label the interface's
 * @param {string} url
 * @returns {SearchEntry}
 */
function propertyEntry(property, schema, label, url) {
  return { kind: 'property', title: property.name, detail: [`${schema} · ${label}`, property.description].filter(Boolean).join(': '), url };
}

/** @param {string} html */
function textOf(html) {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The headings of a page of ours, each at its id; a heading without one (the landing page's
 * "Packages" of each interface) at the last heading before it that has one, whose text says where.
 * @param {string} page
 * @param {string} html
 * @param {string} pageTitle
 * @returns {SearchEntry[]}
 */
export function headingEntries(page, html, pageTitle) {
  /** @type {SearchEntry[]} */
  const entries = [];
  let last = { id: '', text: '' };
  for (const [, attributes = '', inner = ''] of html.matchAll(/<h[1-6]\b([^>]*)>([\s\S]*?)<\/h[1-6]>/g)) {
    const id = /\bid="([^"]+)"/.exec(attributes)?.[1];
    const text = textOf(inner);
    if (!text) continue;
    if (id) last = { id, text };
    const place = id ? pageTitle : [pageTitle, last.text].filter(Boolean).join(' · ');
    entries.push({ kind: 'heading', title: text, detail: place, url: last.id ? `${page}#${last.id}` : page });
  }
  return entries;
}
