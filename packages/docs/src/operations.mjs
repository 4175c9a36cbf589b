// @ts-check
// The Operations page: every operation of every bundle once, with each tool's name for it. The
// operationId is the one key they share: the validators' `operations.<operationId>`, the sandbox's
// fault key and the verifier's `--operation` are `<interface id>.<operationId>`. Each row is read
// from the bundles and from the packages' published declarations (the types' names), never written
// by hand; each reference page prints the same keys in the operation's description (view.mjs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deref, listOperations } from './bundles.mjs';
import { escapeHtml, inline, staticPage } from './html.mjs';
import { clientCallOf, clientOf, SCOPE, variableOf } from './samples.mjs';

const require = createRequire(import.meta.url);

/** The page's file name. */
export const OPERATIONS_PAGE = 'operations.html';

/**
 * @typedef {{ request: Map<string, string>, response: Map<string, string>, byOperation: Map<string, string> }} Aliases
 *   request/response: by schema name, the exported type to use for a request or a reply body;
 *   byOperation: by `<operationId> <status>`, a type exported for one operation's reply
 * @typedef {{
 *   id: string, operationId: string, summary: string, method: string, path: string, anchor: string,
 *   request: string | undefined, response: { status: string, type: string | undefined, body: boolean } | undefined,
 *   call: string | undefined, validator: string, validatorModule: string, faultKey: string, verify: string,
 * }} OperationRow
 *   request: the request body's type (undefined: the operation has none); response: the first 2xx
 *   answer, its body's type (undefined: no body, or no schema for it) and whether it has a body
 */

/**
 * The entry declarations of a types package (its manifest's `types`: the package has no JavaScript to
 * resolve), or '' when the workspace has no such package: the generic helpers' names stand then.
 * @param {string} packageName
 */
export function typesDeclarations(packageName) {
  let manifestPath;
  try {
    manifestPath = require.resolve(`${packageName}/package.json`);
  } catch {
    return '';
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return readFileSync(join(dirname(manifestPath), String(manifest.types ?? 'index.d.ts')), 'utf8');
}

/**
 * The short names a types package exports for the generated schemas (`export type Message =
 * Readable<Schemas['Message']>`, `MessageInput = Writable<...>`, `RestResponse = Schemas[...]`) and
 * for an operation's reply (`operations['sendMessage']['responses'][202]...`).
 * @param {string} dts
 * @returns {Aliases}
 */
export function typeAliases(dts) {
  /** @type {Aliases} */
  const aliases = { request: new Map(), response: new Map(), byOperation: new Map() };
  for (const [, name = '', definition = ''] of dts.matchAll(/^export type (\w+)\s*=\s*([^;]+);/gm)) {
    const body = definition.replace(/\s+/g, '');
    const schema = /^(Readable<|Writable<)?Schemas\['(\w+)'\]>?$/.exec(body);
    if (schema) {
      const [, wrapper, target = ''] = schema;
      // The Input form (readOnly fields left out) is what a request carries; the plain or Readable one what a reply holds.
      if (wrapper !== 'Readable<' && (wrapper === 'Writable<' || !aliases.request.has(target))) aliases.request.set(target, name);
      if (wrapper !== 'Writable<' && (wrapper === 'Readable<' || !aliases.response.has(target))) aliases.response.set(target, name);
      continue;
    }
    const reply = /^operations\['(\w+)'\]\['responses'\]\[(\d+)\]\['content'\]\['[^']+'\]$/.exec(body);
    if (reply) aliases.byOperation.set(`${reply[1]} ${reply[2]}`, name);
  }
  return aliases;
}

/**
 * The exported type of a body schema: the alias of its `$ref`, or of its items' (`ListGetResponse[]`).
 * @param {any} schema
 * @param {Map<string, string>} byName
 */
function typeOfSchema(schema, byName) {
  const refName = (/** @type {any} */ node) => (typeof node?.$ref === 'string' ? node.$ref.replace(/^#\/components\/schemas\//, '') : undefined);
  const own = byName.get(refName(schema) ?? '');
  if (own) return own;
  const item = schema?.type === 'array' ? byName.get(refName(schema.items) ?? '') : undefined;
  return item && `${item}[]`;
}

/** @param {any} content a request body's or response's `content`: its JSON schema first */
function schemaOf(content) {
  const types = Object.keys(content ?? {}).sort((a, b) => Number(b === 'application/json') - Number(a === 'application/json'));
  return types.length > 0 ? content[types[0] ?? '']?.schema : undefined;
}

/**
 * An operation's row: where it is, and each tool's name for it.
 * @param {string} id
 * @param {any} doc with callbacks inline (readBundle)
 * @param {import('./bundles.mjs').OperationRef} ref
 * @param {Aliases} aliases
 * @param {string} basePath
 * @returns {OperationRow}
 */
export function operationRow(id, doc, ref, aliases, basePath) {
  const op = doc.paths[ref.path][ref.method];
  const operationId = String(op.operationId);
  const quoted = `'${ref.path}', '${ref.method}'`;
  const requestBody = deref(doc, op.requestBody);
  const request = requestBody && (typeOfSchema(schemaOf(requestBody.content), aliases.request) ?? `RequestBody<${quoted}>`);
  const [status, answer] = Object.entries(op.responses ?? {}).find(([code]) => /^2/.test(code)) ?? [];
  const content = deref(doc, answer)?.content;
  const schema = schemaOf(content);
  const replyType = schema && (aliases.byOperation.get(`${operationId} ${status}`) ?? typeOfSchema(schema, aliases.response) ?? `ResponseBody<${quoted}, ${status}>`);
  const client = clientOf(id);
  const key = `${id}.${operationId}`;
  return {
    id,
    operationId,
    summary: String(op.summary ?? operationId),
    method: ref.method.toUpperCase(),
    path: basePath.replace(/\/$/, '') + ref.path,
    anchor: `${id}.html#tag/${encodeURIComponent(op.tags?.[0] ?? 'default')}/operation/${encodeURIComponent(operationId)}`,
    request,
    response: status === undefined ? undefined : { status, type: replyType, body: Object.keys(content ?? {}).length > 0 },
    call: client && clientCallOf(doc, client, ref.path, ref.method),
    validator: `operations.${operationId}`,
    validatorModule: `${SCOPE}/validators/${id}`,
    faultKey: key,
    verify: `--operation ${key}`,
  };
}

/**
 * Every operation of one interface, in document order.
 * @param {import('./bundles.mjs').InterfaceFacts} facts
 * @param {any} doc
 * @returns {OperationRow[]}
 */
export function operationRows(facts, doc) {
  const aliases = typeAliases(typesDeclarations(`${SCOPE}/${facts.id}-types`));
  return listOperations(doc).map((ref) => operationRow(facts.id, doc, ref, aliases, facts.basePath));
}

/**
 * What the reference page prints in an operation's description: the keys of the other tools.
 * @param {string} id
 * @param {string} operationId
 * @param {string} page the Operations page, relative to the reference
 */
export function operationKeysMarkdown(id, operationId, page) {
  const key = `${id}.${operationId}`;
  return [
    `**Operation id \`${operationId}\`**: validator \`operations.${operationId}\` of \`${SCOPE}/validators/${id}\`;`,
    `sandbox fault key \`${key}\`; verifier \`messaging-verify --operation ${key}\`.`,
    `Its types, client call and every tool: [Operations](${page}#${encodeURIComponent(key)}).`,
  ].join(' ');
}

/** @param {string} text */
const code = (text) => `<code>${escapeHtml(text)}</code>`;

/** @param {OperationRow} row */
function operationSection(row) {
  const types = [
    row.request ? `request body ${code(row.request)}` : 'no request body',
    row.response ? `${escapeHtml(row.response.status)} reply ${row.response.type ? code(row.response.type) : row.response.body ? 'with no body schema' : 'without a body'}` : '',
  ].filter(Boolean);
  return `<section class="operation" id="${escapeHtml(row.faultKey)}" aria-labelledby="${escapeHtml(row.faultKey)}-title">
      <h3 id="${escapeHtml(row.faultKey)}-title"><a href="./${escapeHtml(row.anchor)}">${escapeHtml(row.summary)}</a></h3>
      <dl class="keys">
        <dt>Request</dt><dd><code class="route">${escapeHtml(`${row.method} ${row.path}`)}</code></dd>
        <dt>operationId</dt><dd><code class="operation-id">${escapeHtml(row.operationId)}</code> (<a href="./${escapeHtml(row.anchor)}">reference</a>)</dd>
        <dt>Types</dt><dd class="types">${types.join('; ')}</dd>
        ${row.call ? `<dt>Client call</dt><dd>${code(row.call)}</dd>` : ''}
        <dt>Validator</dt><dd>${code(row.validator)} <span class="muted">of</span> ${code(row.validatorModule)}</dd>
        <dt>Sandbox fault</dt><dd>${code(row.faultKey)}</dd>
        <dt>Verifier</dt><dd>${code(`messaging-verify ${row.verify}`)}</dd>
      </dl>
    </section>`;
}

const OPERATIONS_CSS = `
  .interface { border-top: 1px solid var(--rule); margin-top: 2rem; }
  .operation h3 a { text-decoration: none; }
  .keys { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0.5rem 0 1.25rem; }
  .keys dt { color: var(--muted); }
  .keys dd { margin: 0; min-width: 0; }
  @media (max-width: 30rem) { .keys { grid-template-columns: 1fr; } .keys dd { margin-bottom: 0.35rem; } }
`;

/**
 * @param {{ facts: import('./bundles.mjs').InterfaceFacts, rows: OperationRow[] }[]} interfaces
 */
export function renderOperations(interfaces) {
  const sections = interfaces.map(({ facts, rows }) => {
    const client = clientOf(facts.id);
    const label = facts.letter ? `${facts.letter} · ${facts.title}` : facts.title;
    return `<section class="interface" id="${escapeHtml(facts.id)}" aria-labelledby="${escapeHtml(facts.id)}-title">
    <h2 id="${escapeHtml(facts.id)}-title"><a href="./${escapeHtml(facts.id)}.html">${escapeHtml(label)}</a> <span class="muted">${escapeHtml(facts.version)}</span></h2>
    <p>Types from ${code(`${SCOPE}/${facts.id}-types`)} (the client package exports them too)${
      client ? `; the client ${code(`const ${variableOf(client.factory.name)} = ${client.factory.name}({ … })`)} from ${code(client.packageName)}` : ''
    }; validators ${code(`import { operations } from '${SCOPE}/validators/${facts.id}'`)}.</p>
    ${rows.map(operationSection).join('\n    ')}
  </section>`;
  });
  return staticPage({
    title: 'Operations · messaging service',
    description: 'Every operation of the four interfaces with its operationId, reference, types, client call, validator, sandbox fault key and verifier option.',
    css: OPERATIONS_CSS,
    body: `<header>
  <h1>Operations</h1>
  <p>Every operation of the contracts, once, with the name each tool gives it. The <code>operationId</code> is the key they share: a validator is
  <code>operations.&lt;operationId&gt;</code>; the sandbox's fault key and the verifier's <code>--operation</code> are <code>&lt;interface id&gt;.&lt;operationId&gt;</code>.
  Types named <code>RequestBody&lt;…&gt;</code> or <code>ResponseBody&lt;…&gt;</code> are the types package's helpers, where it exports no shorter name.</p>
</header>
<main>
  <nav class="contents" aria-label="Interfaces"><ul>
    ${interfaces.map(({ facts }) => `<li><a href="#${escapeHtml(facts.id)}">${inline(facts.letter ? `${facts.letter} · ${facts.title}` : facts.title)}</a></li>`).join('\n    ')}
  </ul></nav>
  ${sections.join('\n  ')}
</main>`,
  });
}
