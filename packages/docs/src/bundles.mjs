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
 * @typedef {OperationRef & {
 *   callback: string, expression: string | undefined, parent: OperationRef | undefined, item: any, operation: any,
 * }} CallbackRef
 * @typedef {{
 *   id: string, letter: string, title: string, version: string, basePath: string, serverUrl: string,
 *   auth: string[], authDetails: string[], purpose: string, operations: number, callbacks: number,
 * }} InterfaceFacts
 */

/**
 * The interfaces, in the order of the one list, `@messaging-contracts/openapi/interfaces.json`
 * (A, B, C, D), each with the bundles that package exports: a fifth entry there adds it to the site.
 * @returns {BundleFiles[]}
 */
export function findBundles() {
  const manifestPath = require.resolve('@messaging-contracts/openapi/package.json');
  /** @type {{ exports: Record<string, string> }} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const root = dirname(manifestPath);
  /** @type {{ interfaces: { id: string }[] }} */
  const list = JSON.parse(readFileSync(require.resolve('@messaging-contracts/openapi/interfaces.json'), 'utf8'));
  return list.interfaces.map(({ id }) => {
    const [jsonTarget, yamlTarget] = [manifest.exports[`./${id}.json`], manifest.exports[`./${id}.yaml`]];
    if (!jsonTarget || !yamlTarget) throw new Error(`@messaging-contracts/openapi lists ${id} in interfaces.json but does not export ./${id}.json and ./${id}.yaml`);
    return { id, jsonPath: join(root, jsonTarget), yamlPath: join(root, yamlTarget) };
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

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The bundles point each callback at its path item in `components.pathItems` (one definition,
 * unique operationIds), from `paths.*.*.callbacks` or, in OpenAPI 3.1, from top-level `webhooks`.
 * Redoc 2 does not follow such a `$ref` in a callback: it shows an operation named "$ref". The site
 * therefore reads callbacks with their path items in place; the published files keep the `$ref`.
 * @param {any} doc
 */
export function inlineCallbacks(doc) {
  const prefix = '#/components/pathItems/';
  /** @param {Record<string, any>} holder */
  const inline = (holder) => {
    for (const [key, pathItem] of Object.entries(holder)) {
      const name = typeof pathItem?.$ref === 'string' && pathItem.$ref.startsWith(prefix) ? pathItem.$ref.slice(prefix.length) : undefined;
      if (name !== undefined && doc.components?.pathItems?.[name]) holder[key] = structuredClone(doc.components.pathItems[name]);
    }
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      for (const expressions of Object.values(item?.[method]?.callbacks ?? {})) inline(expressions);
    }
  }
  if (doc.webhooks) inline(doc.webhooks);
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
 * The receiver's address expression of a webhook (`{$url}`, `{$statusCallbackUrl}`): a 3.1 webhook
 * has no runtime expression of its own, so the bundles keep it in an `x-` extension or the
 * description; the first one found there, else undefined.
 * @param {any} pathItem
 * @param {any} operation
 */
function expressionOf(pathItem, operation) {
  const texts = [pathItem, operation].flatMap((node) =>
    Object.entries(node ?? {})
      .filter(([key]) => key.startsWith('x-'))
      .map(([, value]) => JSON.stringify(value)),
  );
  texts.push(String(operation?.description ?? ''), String(pathItem?.description ?? ''));
  for (const text of texts) {
    const found = /\{\$[A-Za-z_][\w.#/-]*\}/.exec(text);
    if (found) return found[0];
  }
  return undefined;
}

/**
 * Every callback operation, from `paths.*.*.callbacks` (with the operation that declares it) and from
 * top-level `webhooks` (no declaring operation), each with its name and path item, in document order.
 * A name found in both places is listed once, as a webhook.
 * @param {any} doc with callbacks inline (readBundle)
 * @returns {CallbackRef[]}
 */
export function listCallbacks(doc) {
  /** @type {CallbackRef[]} */
  const webhooks = Object.entries(doc.webhooks ?? {}).flatMap(([callback, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      method,
      path: callback,
      operationId: item[method].operationId,
      summary: item[method].summary,
      callback,
      expression: expressionOf(item, item[method]),
      parent: undefined,
      item,
      operation: item[method],
    })),
  );
  const names = new Set(webhooks.map((hook) => hook.callback));
  const fromPaths = listOperations(doc).flatMap((parent) =>
    Object.entries(doc.paths[parent.path][parent.method].callbacks ?? {})
      .filter(([callback]) => !names.has(callback))
      .flatMap(([callback, expressions]) =>
        Object.entries(/** @type {Record<string, any>} */ (expressions)).flatMap(([expression, item]) =>
          METHODS.filter((method) => item?.[method]).map((method) => ({
            method,
            path: expression,
            operationId: item[method].operationId,
            summary: item[method].summary,
            callback,
            expression,
            parent,
            item,
            operation: item[method],
          })),
        ),
      ),
  );
  return [...fromPaths, ...webhooks];
}

/**
 * What a scheme's description says the credential is and where it goes: its sentences before the
 * first about the 401 answer (the reference and the quick start give that); '' without a description.
 * @param {unknown} description
 */
export function credentialWords(description) {
  const sentences = String(description ?? '').replace(/\s+/g, ' ').trim().split(/(?<=\.)\s+(?=[A-Z])/);
  const end = sentences.findIndex((sentence) => /\b401\b/.test(sentence));
  return sentences.slice(0, end === -1 ? undefined : end).join(' ');
}

/**
 * One line per security scheme the interface requires globally, in words a reader knows. OpenAPI's
 * `apiKey` type says only that a value goes in a header (query, cookie), not what the value is: B's
 * is "an application name and a password" in an `Authorization` header whose scheme is not shown
 * (section 5), C's an API key. So an `apiKey` scheme is told in its description's words.
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
        return credentialWords(scheme.description) || `a value in ${scheme.in} \`${scheme.name}\``;
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
 * The interface's letter in the spec document (A to D), as its description states it ("Interface B of
 * the messaging service"); '' when it states none.
 * @param {any} doc
 */
export function letterOf(doc) {
  return /\bInterface ([A-Z])\b/.exec(String(doc.info?.description ?? ''))?.[1] ?? '';
}

/**
 * What each globally required security scheme's description says (how to authenticate, section 5).
 * @param {any} doc
 * @returns {string[]}
 */
export function authDetailsOf(doc) {
  /** @type {Record<string, unknown>[]} */
  const requirements = doc.security ?? [];
  const names = [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))];
  return names.map((name) => String(doc.components?.securitySchemes?.[name]?.description ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/**
 * @param {string} id
 * @param {any} doc
 * @returns {InterfaceFacts}
 */
export function factsOf(id, doc) {
  return {
    id,
    letter: letterOf(doc),
    title: String(doc.info?.title ?? id),
    version: String(doc.info?.version ?? ''),
    basePath: basePathOf(doc),
    serverUrl: String(doc.servers?.[0]?.url ?? ''),
    auth: describeAuth(doc),
    authDetails: authDetailsOf(doc),
    purpose: purposeOf(doc),
    operations: listOperations(doc).length,
    callbacks: listCallbacks(doc).length,
  };
}

/**
 * A node with its local `$ref` followed (repeatedly), or the node itself.
 * @param {any} doc
 * @param {any} node
 * @returns {any}
 */
export function deref(doc, node) {
  let current = node;
  for (let hops = 0; typeof current?.$ref === 'string' && current.$ref.startsWith('#/'); hops += 1) {
    if (hops > 32) throw new Error(`$ref cycle at ${node.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .map((/** @type {string} */ segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((/** @type {any} */ at, /** @type {string} */ key) => at?.[key], doc);
  }
  return current;
}

/**
 * The example a media type object shows first: `example`, else the first of `examples`.
 * @param {any} media
 * @returns {{ found: boolean, value?: unknown }}
 */
export function firstExample(media) {
  if (media && 'example' in media) return { found: true, value: media.example };
  const first = Object.values(media?.examples ?? {})[0];
  return first && typeof first === 'object' && 'value' in first ? { found: true, value: first.value } : { found: false };
}
