// The repository's one validator generator. For each bundled contract it compiles every target
// that scripts/targets.ts discovers into standalone ajv code (ESM, runtime helpers inlined, no
// import of ajv), committed under src/generated/:
//   <id>.ts         request, response and callback bodies, and the tables `operations`/`callbacks`
//   <id>.params.ts  parameter sets, compiled by a second ajv with `coerceTypes` (URL strings -> numbers)
// Nothing here restates a schema; generated-up-to-date.test.ts fails when a fresh run would differ.
//
// Run: pnpm --filter @messaging-contracts/validators generate (the package build runs it too).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeKeywordDefinition, Options } from 'ajv';
import { disjointOneOfs, firstMatchOneOf } from './alternations.js';
import { stripAnnotations } from './annotations.js';
import { unitsFirstMaxLength } from './lengths.js';
import { readsEvaluated, withoutEvaluatedTracking } from './evaluated.js';
import { functionFormats } from './formats.js';
import { boundedPattern, unboundedPatterns } from './patterns.js';
import { type DaysAheadRule, type Json, type OperationTarget, daysAheadRules, discover } from './targets.js';

const require = createRequire(import.meta.url);

// ajv is CommonJS; `require` gives the same module objects under Node, tsx and vitest, where
// default-import interop differs.
const { Ajv2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020.js');
const standaloneCode = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone/index.js')).default;
const { _ } = require('ajv') as typeof import('ajv');
const addFormats = (require('ajv-formats') as typeof import('ajv-formats')).default;
const { fastFormats } = require('ajv-formats/dist/formats') as typeof import('ajv-formats/dist/formats.js');
const ucs2length = (require('ajv/dist/runtime/ucs2length') as typeof import('ajv/dist/runtime/ucs2length.js')).default;

/** The interfaces, from the one list (`@messaging-contracts/openapi/interfaces.json`). */
export const apiIds: readonly string[] = (
  JSON.parse(readFileSync(require.resolve('@messaging-contracts/openapi/interfaces.json'), 'utf8')) as { interfaces: { id: string }[] }
).interfaces.map((api) => api.id);
export type ApiId = string;

/**
 * ajv options shared by the generator, the tests' reference validators and the benches, so all
 * judge a value by the same rules. `strict: false` because the schemas live inside an OpenAPI
 * document whose other keywords are not JSON Schema; `messages: false` because violations get
 * their own wording (src/violations.ts), which must fit C's LongString pattern. `strictNumbers`
 * back on (`strict: false` turns it off): without it ajv's `integer` check, `!(x % 1)`, passes
 * ±Infinity (`Infinity % 1` is NaN), which JSON.parse gives for 1e400, and `number` passes NaN and
 * ±Infinity too. A JSON number is finite (RFC 8259 section 6 has no Infinity), so neither is one.
 */
export const ajvOptions = {
  strict: false,
  strictNumbers: true,
  allErrors: true,
  messages: false,
} as const satisfies Options;

/**
 * RFC 9562's 8-4-4-4-12 hex form and nothing else. ajv-formats' `uuid` also accepts a `urn:uuid:`
 * prefix, which the document's "string (uuid)" / "string in UUID format" (section 2.2) does not
 * (issue 12 item 7). This is the generator's reading of "UUID", not a statement of the service.
 */
export const strictUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Function formats reach the generated code through this name, defined there from their sources.
const functionFormatsSource = `const functionFormats = {${Object.entries(functionFormats)
  .map(([name, { type, source }]) => `${JSON.stringify(name)}: { type: ${JSON.stringify(type)}, validate: (${source}) }`)
  .join(', ')}};`;

export function loadBundle(api: ApiId): Json {
  const specifier = `@messaging-contracts/openapi/${api}.json`;
  let file: string;
  try {
    file = require.resolve(specifier);
  } catch (cause) {
    throw new Error(`${specifier} is not built: run \`pnpm build\` from the repository root first`, { cause });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

/**
 * An ajv holding one bundle under its id, for `getSchema(\`${api}#/components/...\`)`. `tuned:
 * false` keeps ajv's own `oneOf` and its tracking of evaluated properties, for the tests that
 * compare the two (scripts/alternations.ts, scripts/evaluated.ts).
 */
export function createAjv(api: ApiId, bundle = loadBundle(api), options: Options = {}, { tuned = true } = {}): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ ...ajvOptions, ...options, code: { ...options.code, formats: _`functionFormats` } });
  addFormats(ajv);
  ajv.addFormat('uuid', strictUuid);
  // A regular expression (inlined by ajv): ajv-formats' full `uri` is a closure that cannot be.
  ajv.addFormat('uri', fastFormats.uri);
  for (const [name, { type, validate }] of Object.entries(functionFormats)) ajv.addFormat(name, { type, validate } as never);
  // `pattern` decided after `maxLength`, in time linear in the string (scripts/patterns.ts).
  ajv.removeKeyword('pattern');
  ajv.addKeyword(boundedPattern);
  ajv.addSchema(bundle, api);
  if (!tuned) return ajv;
  // A `oneOf` of disjoint alternatives stops at the first that holds (scripts/alternations.ts).
  // Its rule's code is swapped in place: removeKeyword/addKeyword would move it after `allOf` and
  // `if`, changing the order of a schema's errors. After addSchema, whose check of the bundle
  // against the 2020 meta-schema compiles that with ajv's own (swapping first would renumber the
  // constants of every generated file, alternation or not).
  const rule = ajv.RULES.all.oneOf;
  if (typeof rule !== 'object') throw new Error('ajv has no oneOf rule to replace');
  const definition = rule.definition as CodeKeywordDefinition;
  definition.code = firstMatchOneOf({ ...definition }, disjointOneOfs(bundle)).code;
  // `maxLength` counts code points only past its limit in UTF-16 units (scripts/lengths.ts), swapped the same way.
  const maxLength = ajv.RULES.all.maxLength;
  if (typeof maxLength !== 'object') throw new Error('ajv has no maxLength rule to replace');
  const lengthDefinition = maxLength.definition as CodeKeywordDefinition;
  lengthDefinition.code = unitsFirstMaxLength({ ...lengthDefinition }).code;
  // No tracking of evaluated properties and items where nothing reads it (scripts/evaluated.ts).
  if (!readsEvaluated(bundle)) withoutEvaluatedTracking(ajv);
  return ajv;
}

/** The JSON Schema of one operation's parameter set, `{ path: {...}, query: {...} }`, referencing the bundle. */
export function parameterSetSchema(api: ApiId, target: OperationTarget): Json {
  const group = (where: 'path' | 'query') => {
    const parameters = target.parameters.filter((p) => p.in === where);
    const required = parameters.filter((p) => p.required).map((p) => p.name);
    return {
      type: 'object',
      properties: Object.fromEntries(parameters.map((p) => [p.name, { $ref: `${api}${p.schema}` }])),
      ...(required.length > 0 && { required }),
    };
  };
  return { type: 'object', properties: { path: group('path'), query: group('query') } };
}

// Standalone code `require`s ajv's runtime helpers even in ESM mode, which would make ajv a
// runtime dependency. The helpers that are single self-contained functions are inlined from ajv
// itself; any other import fails generation loudly.
const inlinableHelpers: Record<string, (...args: never[]) => unknown> = {
  'require("ajv/dist/runtime/ucs2length").default': ucs2length,
};

function inlineRuntimeHelpers(code: string, where: string): string {
  let out = code;
  for (const [call, helper] of Object.entries(inlinableHelpers)) out = out.split(call).join(`(${helper.toString()})`);
  if (/\brequire\(/.test(out)) {
    throw new Error(`${where}: ajv standalone code needs a runtime module that is not inlined: ${out.match(/require\([^)]*\)/)?.[0]}`);
  }
  return out;
}

// After a failed call of another compiled schema, ajv standalone code appends its errors with
// `vErrors = vErrors === null ? v.errors : vErrors.concat(v.errors)`, which copies every error so
// far: 60,000 invalid array items took over 4 s. Appending in place keeps the collection linear
// (the callee's array is its own per call, so taking it over is safe). How many are reported is
// bounded when they are read (src/violations.ts, `maxViolations`), not here: the code counts
// errors to decide validity, so it must collect them all.
const concatErrors = /vErrors = vErrors === null \? (validate\d+)\.errors : vErrors\.concat\(\1\.errors\);/g;

function linearErrorCollection(code: string, where: string): string {
  const out = code.replace(concatErrors, 'if (vErrors === null) vErrors = $1.errors; else for (const e of $1.errors) vErrors.push(e);');
  if (out.includes('.concat(')) throw new Error(`${where}: ajv standalone code collects errors with a concat this generator does not rewrite`);
  return out;
}

// ajv coerces a parameter's string to a number when `x == +x` (and, for an integer, `!(x % 1)`),
// then hands on the number without checking its type again. So it took any string JavaScript's
// Number() reads: "Infinity" and "1e400" became Infinity, "0x10" 16, " 1" and "+1" 1, "" and " "
// 0; a URL's /lists/0x10 named list 16. A string is coerced only when it is a number as JSON
// writes one (RFC 8259 section 6: the wire form of a number, and what a client's String(n) or a
// bigint's digits give) and finite; any other stays a string and gets ajv's own type violation.
// The same finiteness as strictNumbers asks of a number.
const coercesNumber = /(\(dataType\d+ ===? "string" && )(data\d*) && \2 == \+\2/g;
const jsonNumberSource = String.raw`const jsonNumber = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;`;

function jsonNumberCoercion(code: string, where: string): string {
  const out = code.replace(coercesNumber, '$1jsonNumber.test($2) && isFinite($2)');
  if (/== \+data/.test(out)) {
    throw new Error(`${where}: ajv standalone code coerces a string to a number in a form this generator does not rewrite (jsonNumberCoercion)`);
  }
  return out;
}

/** Code that reads or writes an entry of `dynamicAnchors` (passing the object on is harmless). */
export const usesDynamicAnchors = (code: string) => /\bdynamicAnchors\s*(?:\.|\[)/.test(code);

export interface GeneratedFile {
  file: string;
  source: string;
}

const identifier = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_');

/** Export names by schema pointer: a component schema is named after itself, anything else after its first use. */
class Exports {
  /** Export name to the key that ajv's getSchema finds it by. */
  readonly byName: Record<string, string> = {};
  private readonly byKey = new Map<string, string>();
  name(key: string, use: string, refIsName = false): string {
    let name = this.byKey.get(key);
    if (name === undefined) {
      const component = /^[a-z0-9-]+#\/components\/schemas\/([A-Za-z0-9_]+)$/.exec(key);
      name = component ? `schema_${component[1]}` : identifier(use);
      while (name in this.byName) name += '_';
      this.byKey.set(key, name);
      this.byName[name] = refIsName ? name : key;
    }
    return name;
  }
}

interface TableEntry {
  target: OperationTarget;
  body?: string;
  params: string;
  responses: Record<string, string>;
  daysAhead: Record<string, DaysAheadRule[]>;
}

function table(name: string, entries: TableEntry[]): string {
  // Typed loosely here (this file is @ts-nocheck JavaScript); src/runtime.ts gives the rows their type.
  const lines = [`export const ${name}: Record<string, unknown> = {`];
  for (const { target, body, params, responses, daysAhead } of entries) {
    lines.push(`  ${JSON.stringify(target.operationId)}: {`);
    lines.push(`    operationId: ${JSON.stringify(target.operationId)},`);
    lines.push(`    method: ${JSON.stringify(target.method)},`);
    lines.push(`    path: ${JSON.stringify(target.path)},`);
    if (body) lines.push(`    body: ${body},`);
    lines.push(`    bodyRequired: ${target.bodyRequired},`);
    lines.push(`    params: ${params},`);
    lines.push(`    responses: { ${Object.entries(responses).map(([status, fn]) => `${JSON.stringify(status)}: ${fn}`).join(', ')} },`);
    lines.push(`    statuses: ${JSON.stringify(target.statuses)},`);
    lines.push(`    daysAhead: ${JSON.stringify(daysAhead)},`);
    lines.push('  },');
  }
  lines.push('};');
  return lines.join('\n');
}

/**
 * The shape of each row, for src/runtime.ts's TypedOperations: whether it has a body validator and
 * which response statuses it has, so a caller needs no `!` for what always exists.
 */
function shapes(name: string, entries: TableEntry[]): string {
  const row = ({ target, body, responses }: TableEntry) => {
    const statuses = Object.keys(responses).map((status) => JSON.stringify(status));
    return `  ${JSON.stringify(target.operationId)}: { body: ${body !== undefined}; responses: ${statuses.length === 0 ? 'never' : statuses.join(' | ')} };`;
  };
  return [`export type ${name} = {`, ...entries.map(row), '};'].join('\n');
}

const union = (targets: OperationTarget[]) => (targets.length === 0 ? 'never' : targets.map((t) => JSON.stringify(t.operationId)).join(' | '));

/**
 * Where a generated file comes from and what it imports: by default one of the four bundles,
 * compiled into this package. Another OpenAPI document of the repository (the sandbox's control
 * API, packages/sandbox/scripts/control-api.mjs) is compiled by the same code, naming its own source,
 * its regeneration command and the module its types come from (this package's index).
 */
export interface GenerateOptions {
  /** The document, as the header names it. */
  source?: string;
  /** The command that regenerates the files. */
  regenerate?: string;
  /** The module that exports `RawValidator`. */
  runtime?: string;
}

function header(ajvVersion: string, source: string, what: string, regenerate: string): string[] {
  return [
    `// Generated by packages/validators/scripts/generate.ts with ajv ${ajvVersion} from`,
    `// ${source} (${what}).`,
    `// Do not edit: run \`${regenerate}\`.`,
    '// @ts-nocheck -- ajv standalone output is plain JavaScript',
  ];
}

export function generateApi(api: ApiId, bundle = loadBundle(api), options: GenerateOptions = {}): GeneratedFile[] {
  const {
    source = `@messaging-contracts/openapi/${api}.json`,
    regenerate = 'pnpm --filter @messaging-contracts/validators generate',
    runtime = '../violations.js',
  } = options;
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  const { operations, callbacks } = discover(bundle);
  const bodies = new Exports();
  const params = new Exports();
  // Compiled without annotations (scripts/annotations.ts); discovery reads the bundle as published.
  const compiledBundle = stripAnnotations(bundle);
  const unbounded = unboundedPatterns(compiledBundle);
  if (unbounded.length > 0) {
    throw new Error(
      `${source}: a pattern without a maxLength beside it can take time quadratic or worse in the string (scripts/patterns.ts); give its schema a maxLength: ${unbounded.join(', ')}`,
    );
  }
  const paramsAjv = createAjv(api, compiledBundle, { coerceTypes: true, code: { source: true, esm: true, lines: true } });

  const entries = (targets: OperationTarget[]): TableEntry[] =>
    targets.map((target) => {
      const prefix = target.kind === 'callback' ? `callback_${target.operationId}` : target.operationId;
      const daysAhead: Record<string, DaysAheadRule[]> = {};
      const bodyName = (pointer: string, use: string, slot: string) => {
        const rules = daysAheadRules(bundle, pointer);
        if (rules.length > 0) daysAhead[slot] = rules;
        return bodies.name(`${api}${pointer}`, use);
      };
      const schema = parameterSetSchema(api, target);
      // Keyed by the schema itself, so operations with the same parameter set share one validator;
      // registered under its export name, a bare relative URI against which `<api>#/...` resolves.
      const paramsName = params.name(JSON.stringify(schema), target.parameters.length === 0 ? 'params_none' : `params_${prefix}`, true);
      if (!paramsAjv.getSchema(paramsName)) paramsAjv.addSchema(schema, paramsName);
      return {
        target,
        ...(target.body && { body: bodyName(target.body, `body_${prefix}`, 'body') }),
        params: `params.${paramsName}`,
        responses: Object.fromEntries(
          Object.entries(target.responses).map(([status, pointer]) => [status, bodyName(pointer, `response_${prefix}_${status}`, status)]),
        ),
        daysAhead,
      };
    });
  const operationEntries = entries(operations);
  const callbackEntries = entries(callbacks);

  const where = source;
  const bodyAjv = createAjv(api, compiledBundle, { code: { source: true, esm: true, lines: true } });
  const compiled = (ajv: typeof bodyAjv, names: Record<string, string>) => {
    const code = jsonNumberCoercion(linearErrorCollection(inlineRuntimeHelpers(standaloneCode(ajv, names), where), where), where);
    // src/runtime.ts calls each validator with one shared, frozen root context; that is only
    // sound while nothing writes into its `dynamicAnchors` ($dynamicAnchor, $dynamicRef).
    if (usesDynamicAnchors(code)) throw new Error(`${where}: uses $dynamicAnchor/$dynamicRef; give each call its own context in src/runtime.ts first`);
    // Each export typed as what src/runtime.ts calls it as, so the emitted declarations carry no
    // inferred shape of ajv's internals (which fails a consumer's type check without skipLibCheck).
    const body = code.trim().replace(/^export const (\w+) = (validate\d+);$/gm, 'export const $1: RawValidator = $2;');
    const prefixes = [...(/\bfunctionFormats\b/.test(body) ? [functionFormatsSource] : []), ...(/\bjsonNumber\b/.test(body) ? [jsonNumberSource] : [])];
    return [...prefixes, body].join('\n');
  };
  const typeImport = `import type { RawValidator } from '${runtime}';`;
  const paramsSource = [...header(ajvVersion, source, 'path and query parameter sets, coerceTypes', regenerate), typeImport, compiled(paramsAjv, params.byName), ''].join('\n');
  const mainSource = [
    ...header(ajvVersion, source, 'request, response and callback bodies', regenerate),
    typeImport,
    `import * as params from './${api}.params.js';`,
    compiled(bodyAjv, bodies.byName),
    table('operations', operationEntries),
    table('callbacks', callbackEntries),
    `export type OperationId = ${union(operations)};`,
    `export type CallbackId = ${union(callbacks)};`,
    shapes('OperationShapes', operationEntries),
    shapes('CallbackShapes', callbackEntries),
    '',
  ].join('\n');
  return [
    { file: `${api}.ts`, source: mainSource },
    { file: `${api}.params.ts`, source: paramsSource },
  ];
}

export const generateAll = (): GeneratedFile[] => apiIds.flatMap((api) => generateApi(api));

export const generatedDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'generated');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(generatedDir, { recursive: true });
  for (const { file, source } of generateAll()) {
    const path = join(generatedDir, file);
    let current: string | undefined;
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      current = undefined;
    }
    // Rewriting identical bytes would still touch mtimes; leave unchanged files alone.
    if (current !== source) writeFileSync(path, source);
  }
}
