// @ts-check
// Code samples for every operation and callback (Redoc's `x-codeSamples`), generated at docs build time
// from the operation's own example and added to the docs' copy of a bundle only: the published
// bundles stay as they are. TypeScript with this repository's client (or, for a callback, its
// `@messaging-contracts/webhooks` receiver), and curl. samples.test.ts type-checks every TypeScript
// sample against the real packages, so none can rot.
import { deref, firstExample, listCallbacks, listOperations } from './bundles.mjs';
import { declarationsOf, factories } from './declarations.mjs';

/**
 * @typedef {{ lang: string, label: string, source: string }} CodeSample
 * @typedef {{ method: string, url: string, headers: [string, string][], basic?: [string, string], body?: string }} SampleRequest
 *   header values and `basic` (user, password) may name shell variables (`$SMS_V2_API_KEY`)
 * @typedef {{ packageName: string, factory: import('./declarations.mjs').Factory }} PackageFactory
 * @typedef {{ apiKey?: string }} CredentialVariables
 */

/** The scope every package of this repository is published under. */
export const SCOPE = '@messaging-contracts';

/** @param {string} text `sms-v2`, `status_callback` */
function pascal(text) {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/** @param {string} name `applicationName` → `application_name` */
function snake(name) {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * The environment variable a sample reads a credential from: `GATEWAY_V1_PASSWORD`.
 * @param {string} id
 * @param {string} name
 */
export function envName(id, name) {
  return `${id}_${snake(name)}`.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}

/**
 * The interface's client package and its factory, or undefined when the workspace has none.
 * @param {string} id
 * @returns {PackageFactory | undefined}
 */
export function clientOf(id) {
  const packageName = `${SCOPE}/${id}-client`;
  let dts;
  try {
    dts = declarationsOf(packageName);
  } catch {
    return undefined;
  }
  const [factory] = factories(dts, /Client$/);
  return factory && { packageName, factory };
}

/**
 * The `@messaging-contracts/webhooks` receiver of one callback, by the package's naming:
 * `create<Interface><Kind>Receiver`, the kind being the callback's name without "Callback"
 * (`statusCallback`, `StatusCallback` → `Status`).
 * @param {string} id
 * @param {string} callback
 * @returns {PackageFactory | undefined}
 */
export function receiverOf(id, callback) {
  const packageName = `${SCOPE}/webhooks`;
  let dts;
  try {
    dts = declarationsOf(packageName);
  } catch {
    return undefined;
  }
  const name = `create${pascal(id)}${pascal(callback.replace(/callback$/i, ''))}Receiver`;
  const [factory] = factories(dts, new RegExp(`^${name}$`));
  return factory && { packageName, factory };
}

/**
 * The value a sample uses for a parameter: the contract's own example, else its schema's example,
 * default or first enum value; where the contract gives none, a placeholder (this site's choice, not
 * the service's): `your-<name>` for a string, 1 for a number.
 * @param {any} doc
 * @param {any} parameter
 * @returns {string | number | boolean}
 */
export function parameterValue(doc, parameter) {
  const schema = deref(doc, parameter.schema) ?? {};
  const candidates = [
    parameter.example,
    Object.values(parameter.examples ?? {}).map((example) => deref(doc, example)?.value)[0],
    schema.example,
    Array.isArray(schema.examples) ? schema.examples[0] : undefined,
    schema.default,
    Array.isArray(schema.enum) ? schema.enum[0] : undefined,
  ];
  const given = candidates.find((value) => ['string', 'number', 'boolean'].includes(typeof value));
  if (given !== undefined) return given;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  return `your-${String(parameter.name).replace(/_/g, '-')}`;
}

/**
 * The server URL with each variable's default, as a reader would start from.
 * @param {any} doc
 */
export function serverUrl(doc) {
  const server = doc.servers?.[0] ?? { url: '' };
  return String(server.url).replace(/\{([^}]+)\}/g, (whole, name) => {
    const value = server.variables?.[name]?.default;
    return value === undefined ? whole : String(value);
  });
}

/**
 * @param {any} doc
 * @param {any} op
 * @param {any} pathItem
 * @returns {any[]} the operation's parameters, path-level ones included, `$ref`s followed
 */
function parametersOf(doc, op, pathItem) {
  /** @type {Map<string, any>} */
  const byKey = new Map();
  for (const parameter of [...(pathItem?.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p))) {
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

/** Marks a body value the TypeScript sample computes (see relativeDates). */
const COMPUTED = '__computed__:';

/**
 * The fields of a request body example whose bound is relative to now (`x-max-days-ahead`: A's and
 * B's `scheduled`, at most 60 days ahead, section 8): a fixed example date passes and then reads as
 * a past date, so the TypeScript sample computes it. Top-level fields with an identifier's name.
 * @param {any} doc
 * @param {any} op
 * @param {unknown} example
 * @returns {{ name: string, days: number, example: string }[]}
 */
export function relativeDates(doc, op, example) {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return [];
  const schema = deref(doc, deref(doc, op.requestBody)?.content?.['application/json']?.schema) ?? {};
  /** @type {Record<string, any>} */
  const properties = Object.assign({}, ...[schema, ...(schema.allOf ?? [])].map((part) => deref(doc, part)?.properties ?? {}));
  return Object.entries(example).flatMap(([name, value]) => {
    const days = deref(doc, properties[name])?.['x-max-days-ahead'];
    return typeof value === 'string' && typeof days === 'number' && /^[A-Za-z_$][\w$]*$/.test(name) ? [{ name, days, example: value }] : [];
  });
}

/**
 * The request body's media type and example: JSON first when there are several.
 * @param {any} doc
 * @param {any} op
 * @returns {{ type: string, example: unknown } | undefined}
 */
function bodyExample(doc, op) {
  const content = deref(doc, op.requestBody)?.content ?? {};
  const types = Object.keys(content).sort((a, b) => Number(b === 'application/json') - Number(a === 'application/json'));
  for (const type of types) {
    const example = firstExample(content[type]);
    if (example.found) return { type, example: example.value };
  }
  return undefined;
}

/**
 * The first security requirement that asks for something (an empty one means "anonymous allowed").
 * @param {any} doc
 * @param {any} op
 * @returns {any[]} the schemes it names
 */
function schemesOf(doc, op) {
  /** @type {Record<string, unknown>[]} */
  const requirements = op.security ?? doc.security ?? [];
  const requirement = requirements.find((entry) => Object.keys(entry).length > 0) ?? {};
  return Object.keys(requirement).map((name) => ({ name, ...doc.components?.securitySchemes?.[name] }));
}

/**
 * JSON as a TypeScript literal, indented: keys that are identifiers lose their quotes.
 * @param {unknown} value
 * @param {string} indent
 */
function literal(value, indent) {
  return JSON.stringify(value, null, 2)
    .replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:')
    .split('\n')
    .join(`\n${indent}`);
}

/** @param {string} text */
function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request a sample sends, from the operation's examples: method, absolute URL, headers, body.
 * @param {any} doc
 * @param {string} id
 * @param {string} path
 * @param {string} method
 * @param {CredentialVariables} [variables] shell variables to read credentials from, where not `envName`'s
 * @returns {SampleRequest}
 */
export function sampleRequest(doc, id, path, method, variables = {}) {
  const pathItem = doc.paths[path];
  const op = pathItem[method];
  const parameters = parametersOf(doc, op, pathItem);
  let url = serverUrl(doc) + path;
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(parameterValue(doc, parameter))));
  }
  const query = parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(parameterValue(doc, p)))}`);
  if (query.length > 0) url += `?${query.join('&')}`;
  /** @type {[string, string][]} */
  const headers = [];
  /** @type {[string, string] | undefined} */
  let basic;
  for (const scheme of schemesOf(doc, op)) {
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') basic = [`$${envName(id, 'username')}`, `$${envName(id, 'password')}`];
    else if (scheme.type === 'apiKey' && scheme.in === 'header') headers.push([scheme.name, `$${variables.apiKey ?? envName(id, 'apiKey')}`]);
  }
  const responds = Object.values(op.responses ?? {}).some((response) => Object.keys(deref(doc, response)?.content ?? {}).some((type) => /json/.test(type)));
  if (responds) headers.push(['Accept', 'application/json']);
  const body = bodyExample(doc, op);
  if (body) headers.push(['Content-Type', body.type]);
  return { method: method.toUpperCase(), url, headers, ...(basic ? { basic } : {}), ...(body ? { body: JSON.stringify(body.example, null, 2) } : {}) };
}

/**
 * The curl command of a sample request. Header values that name a shell variable are double-quoted
 * so the shell fills them in; everything else is single-quoted.
 * @param {SampleRequest} request
 */
export function curlOf(request) {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  if (request.basic) lines.push(`-u "${request.basic.join(':')}"`);
  for (const [name, value] of request.headers) lines.push(value.startsWith('$') ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`--data ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}

/**
 * The client's options: a credential from the environment, or the value of the path parameter the
 * option stands for (D's `applicationName` is `{application_name}`).
 * @param {string} id
 * @param {PackageFactory} client
 * @param {(name: string) => string | number | boolean | undefined} pathValue
 * @param {string} baseUrl
 */
function clientOptions(id, client, pathValue, baseUrl) {
  const lines = [`baseUrl: ${JSON.stringify(baseUrl)},`];
  for (const { name, type } of client.factory.options) {
    const fromPath = pathValue(snake(name));
    if (fromPath !== undefined) lines.push(`${name}: ${JSON.stringify(fromPath)},`);
    else if (type === 'string') lines.push(`${name}: process.env.${envName(id, name)}!,`);
  }
  return lines;
}

/** @param {string} factory `createCampaignManagerClient` → `campaignManager` */
export function variableOf(factory) {
  const stem = factory.replace(/^create/, '').replace(/Client$|Receiver$/, '');
  return (stem[0]?.toLowerCase() ?? '') + stem.slice(1);
}

/**
 * The path a client call names: a path parameter the client fills in from its options leaves it (D's
 * paths start after /{application_name}).
 * @param {PackageFactory} client
 * @param {string} path
 * @param {(name: string) => boolean} isPathParameter
 */
function clientPathOf(client, path, isPathParameter) {
  const byOption = new Set(client.factory.options.map((option) => snake(option.name)).filter(isPathParameter));
  const clientPath = [...byOption].reduce((current, name) => current.replace(new RegExp(`^/\\{${name}\\}`), ''), path) || '/';
  return { byOption, clientPath };
}

/**
 * The call a client makes for an operation, its values named and not given:
 * `gateway.POST('/messages', { body })`, `campaignManager.DELETE('/lists/{list_id}', { params: { path: { list_id } } })`.
 * @param {any} doc
 * @param {PackageFactory} client
 * @param {string} path
 * @param {string} method
 */
export function clientCallOf(doc, client, path, method) {
  const pathItem = doc.paths[path];
  const op = pathItem[method];
  const parameters = parametersOf(doc, op, pathItem);
  const inPath = parameters.filter((p) => p.in === 'path').map((p) => String(p.name));
  const { byOption, clientPath } = clientPathOf(client, path, (name) => inPath.includes(name));
  const own = inPath.filter((name) => !byOption.has(name));
  const query = parameters.filter((p) => p.in === 'query' && p.required).map((p) => String(p.name));
  const params = [own.length > 0 ? `path: { ${own.join(', ')} }` : '', query.length > 0 ? `query: { ${query.join(', ')} }` : ''].filter(Boolean);
  const init = [params.length > 0 ? `params: { ${params.join(', ')} }` : '', deref(doc, op.requestBody) ? 'body' : ''].filter(Boolean);
  return `${variableOf(client.factory.name)}.${method.toUpperCase()}('${clientPath}'${init.length > 0 ? `, { ${init.join(', ')} }` : ''})`;
}

/**
 * The TypeScript sample of an operation, with the interface's client.
 * @param {any} doc
 * @param {string} id
 * @param {PackageFactory} client
 * @param {string} path
 * @param {string} method
 */
export function typescriptOf(doc, id, client, path, method) {
  const pathItem = doc.paths[path];
  const op = pathItem[method];
  const parameters = parametersOf(doc, op, pathItem);
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const value = (/** @type {string} */ name) => {
    const parameter = pathParameters.find((p) => p.name === name);
    return parameter && parameterValue(doc, parameter);
  };
  const base = new URL(serverUrl(doc));
  const options = clientOptions(id, client, value, base.origin);
  // A path parameter the client fills in from its options leaves the client's path (D's paths start
  // after /{application_name}).
  const { byOption, clientPath } = clientPathOf(client, path, (name) => value(name) !== undefined);
  /** @type {string[]} */
  const params = [];
  const own = pathParameters.filter((p) => !byOption.has(p.name));
  if (own.length > 0) params.push(`path: { ${own.map((p) => `${p.name}: ${JSON.stringify(parameterValue(doc, p))}`).join(', ')} }`);
  const query = parameters.filter((p) => p.in === 'query' && p.required);
  if (query.length > 0) params.push(`query: { ${query.map((p) => `${p.name}: ${JSON.stringify(parameterValue(doc, p))}`).join(', ')} }`);
  /** @type {string[]} */
  const init = [];
  if (params.length > 0) init.push(`  params: { ${params.join(', ')} },`);
  const body = bodyExample(doc, op);
  const computed = body && body.type === 'application/json' ? relativeDates(doc, op, body.example) : [];
  if (body && body.type === 'application/json') {
    // A computed field is the variable of the same name (shorthand), declared above the call.
    const example = { ...(/** @type {object} */ (body.example)), ...Object.fromEntries(computed.map(({ name }) => [name, `${COMPUTED}${name}`])) };
    init.push(`  body: ${literal(example, '  ').replace(new RegExp(`^(\\s*)(\\w+): "${COMPUTED}\\2"`, 'gm'), '$1$2')},`);
  }
  const name = variableOf(client.factory.name);
  const call = `${name}.${method.toUpperCase()}(${JSON.stringify(clientPath)}${init.length > 0 ? `, {\n${init.join('\n')}\n}` : ''})`;
  return [
    `import { ${client.factory.name} } from '${client.packageName}';`,
    '',
    `const ${name} = ${client.factory.name}({`,
    ...options.map((line) => `  ${line}`),
    '});',
    '',
    ...computed.flatMap(({ name, days, example }) => [
      `// ${name}: an hour from now, within the ${days} days ahead the service allows (section 8); the`,
      `// contract's example, ${example}, is a fixed date, and one day a past one.`,
      `const ${name} = new Date(Date.now() + 60 * 60 * 1000).toISOString();`,
      '',
    ]),
    `const { data, error, response } = await ${call};`,
    'if (error !== undefined) console.error(response.status, error);',
    'else console.log(response.status, data);',
    '',
  ].join('\n');
}

/**
 * The TypeScript sample of a callback: the matching receiver, served by Node's http.
 * @param {any} doc
 * @param {import('./bundles.mjs').CallbackRef} callback
 * @param {PackageFactory} receiver
 */
export function receiverTypescriptOf(doc, callback, receiver) {
  const body = bodyExample(doc, callback.operation);
  const fields = body && body.example && typeof body.example === 'object' && !Array.isArray(body.example) ? Object.keys(body.example).slice(0, 2) : [];
  const [code, success] = Object.entries(callback.operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status)) ?? [];
  const headers = Object.values(deref(doc, success)?.headers ?? {}).map((header) => deref(doc, header));
  // Section 6: a callback's method, address and answer are the document's only where a sentence
  // gives them (the address is then in the contract: `expression`). B's reply callback has none of
  // them: its POST is the contract's choice, its 200 the webhooks package's.
  const method = callback.method.toUpperCase();
  const answer = code
    ? `the sender gets ${code} once this resolves`
    : "the receiver answers 200 once this resolves: the package's choice, the answer is not shown in the spec document";
  const options = receiver.factory.options.map(({ name, type }) => {
    if (/Handler\b/.test(type)) {
      const shown = fields.map((field) => `callback.${field}`).join(', ') || 'callback';
      return [`  ${name}: async (callback) => {`, `    console.log(${shown}); // store or queue it; ${answer}`, '  },'].join('\n');
    }
    if (type === 'number') {
      // A number the receiver must announce: the success answer's integer header (C's X-RateLimit-Limit).
      const header = headers.map((h) => deref(doc, h?.schema) ?? {}).find((schema) => schema.type === 'integer');
      const chosen = header?.example ?? header?.maximum ?? header?.minimum ?? 0;
      return `  ${name}: ${JSON.stringify(chosen)},`;
    }
    return `  ${name}: process.env.${envName('receiver', name)}!,`;
  });
  return [
    "import { createServer } from 'node:http';",
    `import { ${receiver.factory.name} } from '${receiver.packageName}';`,
    '',
    callback.expression
      ? `// Answers the service's ${method} to ${callback.expression} as the contract says.`
      : `// Receives the callback at your address: its method and address are not shown in the spec document (${method} is the contract's choice).`,
    `const receiver = ${receiver.factory.name}({`,
    ...options,
    '});',
    '',
    'createServer(receiver.node).listen(8080);',
    '',
  ].join('\n');
}

/**
 * Every sample of one interface: by operationId, the samples Redoc shows beside it.
 * @param {any} doc with callbacks inline (readBundle)
 * @param {string} id
 * @param {CredentialVariables} [variables] see sampleRequest
 * @returns {Map<string, CodeSample[]>}
 */
export function samplesOf(doc, id, variables = {}) {
  /** @type {Map<string, CodeSample[]>} */
  const byOperation = new Map();
  const client = clientOf(id);
  for (const { path, method, operationId } of listOperations(doc)) {
    if (!operationId) throw new Error(`${id}: ${method.toUpperCase()} ${path} has no operationId, so it gets no samples`);
    /** @type {CodeSample[]} */
    const samples = [];
    if (client) samples.push({ lang: 'TypeScript', label: 'TypeScript', source: typescriptOf(doc, id, client, path, method) });
    samples.push({ lang: 'Shell', label: 'curl', source: curlOf(sampleRequest(doc, id, path, method, variables)) });
    byOperation.set(operationId, samples);
  }
  for (const callback of listCallbacks(doc)) {
    const receiver = receiverOf(id, callback.callback);
    if (!receiver || !callback.operationId) continue;
    byOperation.set(callback.operationId, [{ lang: 'TypeScript', label: 'Receiver (TypeScript)', source: receiverTypescriptOf(doc, callback, receiver) }]);
  }
  return byOperation;
}
