// @ts-check
// The copy of a bundle that Redoc renders. The published JSON and YAML are byte-for-byte the bundles;
// this copy only works around what Redoc 2 renders wrongly or leaves out, and adds nothing that the
// bundle does not already say.
import { deref, listCallbacks, listOperations, METHODS } from './bundles.mjs';
import { operationKeysMarkdown } from './operations.mjs';

/**
 * Replaces each `{name}` of a server URL with the variable's default.
 * @param {string} url
 * @param {Record<string, { default?: unknown }> | undefined} variables
 */
function expandUrl(url, variables) {
  return url.replace(/\{([^}]+)\}/g, (whole, name) => {
    const value = variables?.[name]?.default;
    return value === undefined ? whole : String(value);
  });
}

/**
 * Redoc 2 resolves a server URL that does not start with a scheme against the page's own address,
 * so `{base_url}/rest/gateway` is shown as `http://<docs host>/{base_url}/rest/gateway` (and with
 * `expandDefaultServerVariables`, `http://<docs host>/https://api.example.com/...`). The copy gives
 * Redoc the URL with each variable's default filled in, and keeps what the variables mean in the
 * server's description, which Redoc shows above the URL.
 * @param {any} server
 */
function absoluteServer(server) {
  if (typeof server?.url !== 'string' || !/\{[^}]+\}/.test(server.url)) return server;
  /** @type {Record<string, { default?: unknown, description?: string }>} */
  const variables = server.variables ?? {};
  const notes = Object.entries(variables).map(
    ([name, variable]) =>
      `\`{${name}}\` is shown as \`${String(variable.default)}\`${variable.description ? `: ${variable.description}` : '.'}`,
  );
  return {
    ...server,
    url: expandUrl(server.url, variables),
    description: [server.description, `Server URL \`${server.url}\`. ${notes.join(' ')}`].filter(Boolean).join('\n\n'),
  };
}

/**
 * Redoc's anchor of an operation: `#tag/<first tag>/operation/<operationId>`.
 * @param {any} op
 */
export function anchorOf(op) {
  return `#tag/${encodeURIComponent(op.tags?.[0] ?? 'default')}/operation/${encodeURIComponent(op.operationId ?? '')}`;
}

/**
 * Redoc 2 shows `paths.*.*.callbacks` collapsed inside the declaring operation, and there it leaves
 * out the answers' examples; it renders OpenAPI 3.1 `webhooks` as operations of their own, expanded
 * like any other, with every answer and its example. The copy therefore shows every callback as a
 * webhook (the bundles are moving there too), and links each to the operation that declares it.
 * @param {any} view a copy, changed in place
 */
function callbacksAsWebhooks(view) {
  const callbacks = listCallbacks(view);
  if (callbacks.length === 0) return;
  /** @type {Record<string, any>} */
  const webhooks = { ...(view.webhooks ?? {}) };
  for (const cb of callbacks) {
    const notes = [
      cb.expression ? `The service sends it as ${cb.method.toUpperCase()} to \`${cb.expression}\`, the receiver's address.` : '',
      cb.parent ? `Declared by [${view.paths[cb.parent.path][cb.parent.method].summary ?? cb.parent.operationId}](${anchorOf(view.paths[cb.parent.path][cb.parent.method])}) as its \`${cb.callback}\` callback.` : '',
    ].filter(Boolean);
    // The operation's security is the bundle's own: each callback declares `security: []`
    // (section 5), so Redoc shows no credentials on it.
    const operation = { ...cb.operation, description: [cb.operation.description, ...notes].filter(Boolean).join('\n\n') };
    webhooks[cb.callback] = { ...(webhooks[cb.callback] ?? cb.item), [cb.method]: operation };
  }
  for (const op of listOperations(view)) {
    const operation = view.paths[op.path][op.method];
    if (!operation.callbacks) continue;
    const own = callbacks.filter((cb) => cb.parent?.path === op.path && cb.parent.method === op.method);
    const links = own.map((cb) => `- [${cb.summary ?? cb.operationId}](${anchorOf(cb.operation)}) (\`${cb.callback}\`, ${cb.method.toUpperCase()} \`${cb.expression}\`)`);
    const { callbacks: _moved, ...rest } = operation;
    view.paths[op.path][op.method] = { ...rest, description: [rest.description, `**Callbacks** (shown under their tag, with the receiver's answers):\n\n${links.join('\n')}`].filter(Boolean).join('\n\n') };
  }
  view.webhooks = webhooks;
}

/**
 * Each operation's and webhook's code samples, as Redoc's `x-codeSamples`.
 * @param {any} view changed in place
 * @param {Map<string, import('./samples.mjs').CodeSample[]>} samples by operationId
 */
function addCodeSamples(view, samples) {
  for (const item of [...Object.values(view.paths ?? {}), ...Object.values(view.webhooks ?? {})]) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!METHODS.includes(method)) continue;
      const own = samples.get(operation.operationId);
      if (own) item[method] = { ...operation, 'x-codeSamples': own };
    }
  }
}


/** @param {string} segment */
function pointerSegment(segment) {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Components that no operation or callback reaches through `$ref`s: Redoc renders a document from its
 * operations, so without help these would not appear at all (im-v1's `Source` schema and its
 * `RetryAfter`, `Content-Security-Policy` and `Strict-Transport-Security` headers: defined, but the
 * spec document does not say where they apply). Security schemes are shown in Authentication, and a
 * path item is shown where the bundle copied it into a callback.
 * @param {any} doc
 * @returns {{ kind: string, name: string, ref: string, value: any }[]}
 */
export function unusedComponents(doc) {
  /** @type {Set<string>} */
  const reached = new Set();
  /** @type {unknown[]} */
  const pending = [doc.paths, doc.webhooks];
  /** @type {unknown[]} */
  const inlinePathItems = Object.values(doc.webhooks ?? {});
  /** @param {unknown} node @param {boolean} inCallback */
  const visit = (node, inCallback) => {
    if (Array.isArray(node)) node.forEach((item) => visit(item, false));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/') && !reached.has(value)) {
          reached.add(value);
          pending.push(deref(doc, { $ref: value }));
        } else if (key === 'callbacks' && value && typeof value === 'object') {
          for (const expressions of Object.values(value)) {
            for (const item of Object.values(/** @type {object} */ (expressions))) {
              inlinePathItems.push(item);
              visit(item, true);
            }
          }
        } else visit(value, inCallback);
      }
    }
  };
  while (pending.length > 0) visit(pending.pop(), false);
  const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
  return Object.entries(doc.components ?? {})
    .filter(([kind]) => kind !== 'securitySchemes')
    .flatMap(([kind, entries]) =>
      Object.entries(/** @type {Record<string, any>} */ (entries)).map(([name, value]) => ({
        kind,
        name,
        ref: `#/components/${pointerSegment(kind)}/${pointerSegment(name)}`,
        value,
      })),
    )
    .filter(({ kind, ref, value }) => !reached.has(ref) && !(kind === 'pathItems' && inlinePathItems.some((item) => same(item, value))));
}

/** @type {Record<string, string>} */
const KIND_LABEL = {
  schemas: 'schema',
  headers: 'header',
  responses: 'response',
  parameters: 'parameter',
  requestBodies: 'request body',
  examples: 'example',
  links: 'link',
  callbacks: 'callback',
  pathItems: 'path item',
};

/**
 * Markdown for one unused component: Redoc's own schema view where there is a schema, the JSON
 * otherwise.
 * @param {{ kind: string, name: string, ref: string, value: any }} component
 */
function componentMarkdown({ kind, name, ref, value }) {
  const heading = `## ${name}\n\n_${KIND_LABEL[kind] ?? kind}_ \`${ref}\``;
  const description = typeof value?.description === 'string' ? value.description : '';
  let body;
  if (kind === 'schemas') body = `<SchemaDefinition schemaRef="${ref}" showReadOnly={true} showWriteOnly={true} />`;
  // A header's value is not a JSON body: no generated payload sample beside it.
  else if ((kind === 'headers' || kind === 'parameters') && value?.schema) body = `<SchemaDefinition schemaRef="${ref}/schema" showExample={false} />`;
  else body = `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
  return [heading, description, body].filter(Boolean).join('\n\n');
}

/**
 * Redoc 2.5 does not add an Authentication section by itself: the security schemes (type, header
 * name, how credentials are obtained) would only show behind each operation's "Authorizations". The
 * copy asks for the section at the end of the introduction.
 * @param {any} view
 */
function addAuthentication(view) {
  if (!view.components?.securitySchemes || !view.info) return;
  const description = String(view.info.description ?? '');
  if (/<SecurityDefinitions\s*\/>|<security-definitions>/.test(description)) return;
  view.info.description = `${description.trimEnd()}\n\n## Authentication\n\n<SecurityDefinitions />\n`;
}

/** The tag that holds the components no operation uses. */
export const OTHER_DEFINITIONS = 'Other definitions';

/**
 * Each operation's description ends with its operationId and the keys the validators, the sandbox's
 * faults and the verifier know it by, and a link to its row of the Operations page.
 * @param {any} view changed in place
 * @param {string} id
 * @param {string} page
 */
function addOperationKeys(view, id, page) {
  for (const { path, method, operationId } of listOperations(view)) {
    if (!operationId) continue;
    const operation = view.paths[path][method];
    operation.description = [operation.description, operationKeysMarkdown(id, operationId, page)].filter(Boolean).join('\n\n');
  }
}

/**
 * @param {any} doc a bundle, callbacks inline (readBundle); not modified
 * @param {Map<string, import('./samples.mjs').CodeSample[]>} [samples] code samples by operationId
 * @param {{ id: string, operationsPage: string }} [keys] an interface's id and the Operations page: each
 *   operation's description names its keys (addOperationKeys)
 * @returns {any} the document Redoc renders
 */
export function forRedoc(doc, samples = new Map(), keys = undefined) {
  const view = structuredClone(doc);
  if (keys) addOperationKeys(view, keys.id, keys.operationsPage);
  callbacksAsWebhooks(view);
  addCodeSamples(view, samples);
  addAuthentication(view);
  const unused = unusedComponents(doc);
  if (unused.length > 0) {
    view.tags = [
      ...(view.tags ?? []),
      {
        name: OTHER_DEFINITIONS,
        // A trait tag is a section of text: Redoc lists it without expecting operations.
        'x-traitTag': true,
        description: [
          // Not "not shown": in the bundles that phrase means "not shown in the spec document".
          'Defined by this interface but used by no operation or callback above, so listed here rather than with one of them.',
          ...unused.map(componentMarkdown),
        ].join('\n\n'),
      },
    ];
  }
  if (Array.isArray(view.servers)) view.servers = view.servers.map(absoluteServer);
  for (const item of Object.values(view.paths ?? {})) {
    if (Array.isArray(item.servers)) item.servers = item.servers.map(absoluteServer);
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && Array.isArray(op.servers)) op.servers = op.servers.map(absoluteServer);
    }
  }
  return view;
}
