// Compiles the callback body schemas of the bundled contracts into standalone validator modules
// (src/generated/*.ts). Nothing here restates a schema: each validator is ajv's own code for the
// schema that the callback path item's request body references in the bundle.
//
// Run: pnpm --filter @messaging-contracts/webhooks generate (the package build runs it too).
// src/generated/ is committed, like the types packages' schema.d.ts (DESIGN.md "Generated files"),
// and generated-up-to-date.test.ts fails when a fresh run would differ.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'ajv';

const require = createRequire(import.meta.url);

// ajv is CommonJS; `require` gives the same module objects under Node, tsx and vitest, where
// default-import interop differs.
const { Ajv2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020.js');
const standaloneCode = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone/index.js')).default;
const addFormats = (require('ajv-formats') as typeof import('ajv-formats')).default;
const ucs2length = (require('ajv/dist/runtime/ucs2length') as typeof import('ajv/dist/runtime/ucs2length.js')).default;

export type ApiId = 'sms-v2' | 'im-v1';

export interface Target {
  /** Output file name in src/generated/. */
  file: string;
  api: ApiId;
  /** Name of the callback in the bundle's components.pathItems. */
  pathItem: string;
}

/** The three callback bodies of section 6: B status, B reply, C status. */
export const targets: readonly Target[] = [
  { file: 'sms-v2-status-callback.ts', api: 'sms-v2', pathItem: 'StatusCallback' },
  { file: 'sms-v2-reply-callback.ts', api: 'sms-v2', pathItem: 'ReplyCallback' },
  { file: 'im-v1-status-callback.ts', api: 'im-v1', pathItem: 'StatusCallback' },
];

/**
 * ajv options shared by the generator, the tests' reference validators and the bench, so all three
 * judge a body by the same rules. `strict: false` because the schemas live inside an OpenAPI
 * document whose other keywords are not JSON Schema; `messages: false` because violations get
 * their own wording (src/violations.ts), which must fit C's LongString pattern.
 */
export const ajvOptions = {
  strict: false,
  allErrors: true,
  messages: false,
} as const satisfies Options;

/** JSON pointer, inside the bundle, of the schema of a callback's JSON request body. */
export const bodySchemaPointer = (pathItem: string) =>
  `#/components/pathItems/${pathItem}/post/requestBody/content/application~1json/schema`;

export function loadBundle(api: ApiId): Record<string, unknown> {
  const specifier = `@messaging-contracts/openapi/${api}.json`;
  let file: string;
  try {
    file = require.resolve(specifier);
  } catch (cause) {
    throw new Error(`${specifier} is not built: run \`pnpm build\` from the repository root first`, { cause });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** A runtime-compiled ajv holding one bundle, for `getSchema(\`${api}${bodySchemaPointer(...)}\`)`. */
export function createAjv(api: ApiId, bundle = loadBundle(api), options: Options = {}): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ ...ajvOptions, ...options });
  addFormats(ajv);
  ajv.addSchema(bundle, api);
  return ajv;
}

// Standalone code `require`s ajv's runtime helpers even in ESM mode, which would make ajv a
// runtime dependency and breaks under ESM resolution. The helpers that are single self-contained
// functions are inlined from ajv itself; any other import fails generation loudly.
const inlinableHelpers: Record<string, (...args: never[]) => unknown> = {
  'require("ajv/dist/runtime/ucs2length").default': ucs2length,
};

function inlineRuntimeHelpers(code: string, where: string): string {
  let out = code;
  for (const [call, helper] of Object.entries(inlinableHelpers)) {
    out = out.split(call).join(`(${helper.toString()})`);
  }
  if (/\brequire\(/.test(out)) {
    throw new Error(`${where}: ajv standalone code needs a runtime module that is not inlined: ${out.match(/require\([^)]*\)/)?.[0]}`);
  }
  return out;
}

/** `dynamicAnchors` beyond its one mention as a parameter default in the validator's signature. */
export const usesDynamicAnchors = (code: string) => (code.match(/\bdynamicAnchors\b/g) ?? []).length > 1;

export interface GeneratedFile {
  file: string;
  source: string;
}

export function generateValidators(): GeneratedFile[] {
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  const bundles = new Map<ApiId, Record<string, unknown>>();
  return targets.map((target) => {
    const bundle = bundles.get(target.api) ?? loadBundle(target.api);
    bundles.set(target.api, bundle);
    const ajv = createAjv(target.api, bundle, { code: { source: true, esm: true, lines: true } });
    const pointer = bodySchemaPointer(target.pathItem);
    const where = `@messaging-contracts/openapi/${target.api}.json${pointer}`;
    const validate = ajv.getSchema(`${target.api}${pointer}`);
    if (!validate) throw new Error(`${where}: no schema there`);
    const code = inlineRuntimeHelpers(standaloneCode(ajv, validate), where);
    // src/validators.ts calls each validator with one shared, frozen root context; that is only
    // sound while nothing writes into its `dynamicAnchors` ($dynamicAnchor, $dynamicRef).
    if (usesDynamicAnchors(code)) {
      throw new Error(`${where}: uses $dynamicAnchor/$dynamicRef; give each call its own context in src/validators.ts first`);
    }
    const source = [
      `// Generated by scripts/generate-validators.ts with ajv ${ajvVersion} from`,
      `// ${where}`,
      '// Do not edit: run `pnpm --filter @messaging-contracts/webhooks generate`.',
      '// @ts-nocheck -- ajv standalone output is plain JavaScript',
      code.trim(),
      '',
    ].join('\n');
    return { file: target.file, source };
  });
}

export const generatedDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'generated');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(generatedDir, { recursive: true });
  for (const { file, source } of generateValidators()) {
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
