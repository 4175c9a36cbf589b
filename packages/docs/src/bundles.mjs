// @ts-check
// Where the published bundles are and what the landing page says about each one. Every fact is read
// from a bundle, so the site cannot drift from the contract (DESIGN.md: "Nothing restates by hand
// what a spec already says").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ id: string, jsonPath: string, yamlPath: string }} BundleFiles
 * @typedef {{ method: string, path: string, operationId?: string, summary?: string }} OperationRef
 * @typedef {OperationRef & { callback: string, expression: string, parent: OperationRef }} CallbackRef
 * @typedef {{
 *   id: string, title: string, version: string, basePath: string, serverUrl: string,
 *   auth: string[], purpose: string, operations: number, callbacks: number,
 * }} InterfaceFacts
 */

/**
 * The interfaces, in the order the openapi package exports them (A, B, C, D). The list comes from
 * that package's `exports`, so adding a fifth interface there adds it to the site.
 * @returns {BundleFiles[]}
 */
export function findBundles() {
  const manifestPath = require.resolve('@messaging-contracts/openapi/package.json');
  /** @type {{ exports: Record<string, string> }} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const root = dirname(manifestPath);
  return Object.entries(manifest.exports)
    .filter(([key]) => key.endsWith('.json') && key !== './package.json')
    .map(([key, target]) => {
      const id = key.slice('./'.length, -'.json'.length);
      const yamlTarget = manifest.exports[`./${id}.yaml`];
      if (!yamlTarget) throw new Error(`@messaging-contracts/openapi exports ${key} but no ./${id}.yaml`);
      return { id, jsonPath: join(root, target), yamlPath: join(root, yamlTarget) };
    });
}

/**
 * A bundle as the site reads it, with its callbacks inline (see inlineCallbacks).
 * @param {string} file
 * @returns {any}
 */
export function readBundle(file) {
  let doc;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: run \`pnpm build\` from the repository root first`, { cause: error });
  }
  return inlineCallbacks(doc);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The bundles point each callback at its path item in `components.pathItems` (one definition,
 * unique operationIds). Redoc 2 does not follow such a `$ref`: it shows an operation named "$ref".
 * The site therefore reads callbacks with their path items in place; the published files keep the `$ref`.
 * @param {any} doc
 */
export function inlineCallbacks(doc) {
  const prefix = '#/components/pathItems/';
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      for (const expressions of Object.values(item?.[method]?.callbacks ?? {})) {
        for (const [expression, pathItem] of Object.entries(expressions)) {
          const name = typeof pathItem?.$ref === 'string' && pathItem.$ref.startsWith(prefix) ? pathItem.$ref.slice(prefix.length) : undefined;
          if (name !== undefined && doc.components?.pathItems?.[name]) expressions[expression] = structuredClone(doc.components.pathItems[name]);
        }
      }
    }
  }
  return doc;
}

/**
 * Operations of a path map (`paths`, or one callback's expression map), in document order.
 * @param {Record<string, any> | undefined} paths
 * @returns {OperationRef[]}
 */
function operationsOf(paths) {
  return Object.entries(paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      method,
      path,
      operationId: item[method].operationId,
      summary: item[method].summary,
    })),
  );
}

/**
 * @param {any} doc an OpenAPI 3.1 bundle with inline (bundled) callbacks
 * @returns {OperationRef[]}
 */
export function listOperations(doc) {
  return operationsOf(doc.paths);
}

/**
 * Every callback operation, with the callback's name and the operation that declares it.
 * @param {any} doc
 * @returns {CallbackRef[]}
 */
export function listCallbacks(doc) {
  return listOperations(doc).flatMap((parent) =>
    Object.entries(doc.paths[parent.path][parent.method].callbacks ?? {}).flatMap(([callback, expressions]) =>
      operationsOf(/** @type {Record<string, any>} */ (expressions)).map((op) => ({
        ...op,
        callback,
        expression: op.path,
        parent,
      })),
    ),
  );
}

/**
 * One line per security scheme the interface requires globally, in words a reader knows.
 * @param {any} doc
 * @returns {string[]}
 */
export function describeAuth(doc) {
  /** @type {Record<string, any>} */
  const schemes = doc.components?.securitySchemes ?? {};
  /** @type {Record<string, unknown>[]} */
  const requirements = doc.security ?? [];
  const names = [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))];
  if (names.length === 0) return ['none'];
  return names.map((name) => {
    const scheme = schemes[name];
    if (!scheme) throw new Error(`security requirement ${name} has no securitySchemes entry`);
    switch (scheme.type) {
      case 'http': {
        const label = String(scheme.scheme).toLowerCase();
        if (label === 'basic') return 'HTTP Basic';
        if (label === 'bearer') return 'HTTP Bearer';
        return `HTTP ${scheme.scheme}`;
      }
      case 'apiKey':
        return `API key in ${scheme.in} \`${scheme.name}\``;
      case 'oauth2':
        return 'OAuth 2.0';
      case 'openIdConnect':
        return 'OpenID Connect';
      case 'mutualTLS':
        return 'mutual TLS';
      default:
        return String(scheme.type);
    }
  });
}

/**
 * The base path: the first server's URL without the `{base_url}` variable that stands for the host.
 * @param {any} doc
 * @returns {string}
 */
export function basePathOf(doc) {
  const url = doc.servers?.[0]?.url;
  if (typeof url !== 'string') return '/';
  const path = url.replace(/^\{base_url\}/, '');
  return path === '' ? '/' : path;
}

/**
 * `info.summary` where the bundle has one; otherwise the first sentence of `info.description`.
 * @param {any} doc
 * @returns {string}
 */
export function purposeOf(doc) {
  const summary = doc.info?.summary?.trim();
  if (summary) return summary;
  const firstParagraph = String(doc.info?.description ?? '')
    .trim()
    .split(/\n\s*\n/)[0]
    ?.replace(/\s+/g, ' ');
  if (!firstParagraph) return '';
  // A sentence ends at ". " before a capital letter, so "e.g. x" and "v1.0 API" do not end one.
  const end = firstParagraph.search(/[.!?](?=\s+[A-Z])/);
  return end === -1 ? firstParagraph : firstParagraph.slice(0, end + 1);
}

/**
 * @param {string} id
 * @param {any} doc
 * @returns {InterfaceFacts}
 */
export function factsOf(id, doc) {
  return {
    id,
    title: String(doc.info?.title ?? id),
    version: String(doc.info?.version ?? ''),
    basePath: basePathOf(doc),
    serverUrl: String(doc.servers?.[0]?.url ?? ''),
    auth: describeAuth(doc),
    purpose: purposeOf(doc),
    operations: listOperations(doc).length,
    callbacks: listCallbacks(doc).length,
  };
}
