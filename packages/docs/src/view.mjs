// @ts-check
// The copy of a bundle that Redoc renders. The published JSON and YAML are byte-for-byte the bundles;
// this copy only works around what Redoc 2 renders wrongly or leaves out, and adds nothing that the
// bundle does not already say.
import { listCallbacks, listOperations } from './bundles.mjs';

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
 * A tag that only callback operations carry has no operation of its own in Redoc 2 (it lists
 * callbacks inside the operation that declares them), so its section would be an empty heading. Its
 * description then names those callbacks and links the operations where they are shown.
 * @param {any} doc
 * @param {any} tag
 */
function callbackOnlyTag(doc, tag) {
  const onPaths = listOperations(doc).some((op) => (doc.paths[op.path][op.method].tags ?? []).includes(tag.name));
  if (onPaths) return tag;
  const callbacks = listCallbacks(doc).filter((cb) =>
    (doc.paths[cb.parent.path][cb.parent.method].callbacks[cb.callback][cb.expression][cb.method].tags ?? []).includes(tag.name),
  );
  if (callbacks.length === 0) return tag;
  const lines = callbacks.map((cb) => {
    const parent = doc.paths[cb.parent.path][cb.parent.method];
    const anchor = `#tag/${encodeURIComponent(parent.tags?.[0] ?? 'default')}/operation/${encodeURIComponent(cb.parent.operationId ?? '')}`;
    return `- **${cb.summary ?? cb.operationId}** (\`${cb.callback}\`, ${cb.method.toUpperCase()} \`${cb.expression}\`): shown in the Callbacks of [${
      parent.summary ?? cb.parent.operationId
    }](${anchor}).`;
  });
  return {
    ...tag,
    description: [tag.description, `Operations with this tag are callbacks, which this reference shows inside the operation that declares them:\n\n${lines.join('\n')}`].filter(Boolean).join('\n\n'),
  };
}

/** @param {string} segment */
function pointerSegment(segment) {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * @param {any} doc
 * @param {string} ref a local reference, `#/components/...`
 */
function resolvePointer(doc, ref) {
  return ref
    .slice(2)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => node?.[key], doc);
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
  const inlinePathItems = [];
  /** @param {unknown} node @param {boolean} inCallback */
  const visit = (node, inCallback) => {
    if (Array.isArray(node)) node.forEach((item) => visit(item, false));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/') && !reached.has(value)) {
          reached.add(value);
          pending.push(resolvePointer(doc, value));
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
 * @param {any} doc a bundle; not modified
 * @returns {any} the document Redoc renders
 */
export function forRedoc(doc) {
  const view = structuredClone(doc);
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
          'Defined by this interface but used by no operation or callback above, so not shown with any of them.',
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
  if (Array.isArray(view.tags)) {
    view.tags = view.tags.map((/** @type {any} */ tag) => (tag.name === OTHER_DEFINITIONS ? tag : callbackOnlyTag(doc, tag)));
  }
  return view;
}
