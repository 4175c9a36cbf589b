#!/usr/bin/env node
// Builds one `@messaging-contracts/<id>-types` package: generates src/generated/schema.d.ts from
// the bundled contract specs/dist/<id>.json with openapi-typescript, then copies the declaration
// files to dist/. Every types package's `build` runs this one module with its id
// (`typegen sms-v2`); `pnpm check-generated` runs the same build and compares the result with git.
//
// The file records a fingerprint of what it was generated from and of its own text. A build whose
// bundle, generator and dependency versions are unchanged, of a file nobody edited, keeps it as it
// is without loading openapi-typescript (loading it and TypeScript is most of a generation's time,
// and every spec change rebuilds all four types packages through turbo's graph; issue 14).
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages');

/** The ids of the interfaces, from the one list (specs/interfaces.json): one types package each. */
export function interfaceIds() {
  const list = JSON.parse(readFileSync(join(packagesDir, '..', 'specs', 'interfaces.json'), 'utf8'));
  return list.interfaces.map((api) => api.id);
}

/** The folder of the types package of interface `id`. */
export function typesPackageDir(id) {
  return join(packagesDir, `${id}-types`);
}

/** Where a types package keeps its committed generated file. */
const schemaIn = (dir) => join(dir, 'src', 'generated', 'schema.d.ts');

/** The bundle the package declares it depends on (its `@messaging-contracts/openapi` devDependency). */
export function bundlePath(id) {
  const require = createRequire(join(typesPackageDir(id), 'package.json'));
  return require.resolve(`@messaging-contracts/openapi/${id}.json`);
}

// openapi-typescript 7 resolves a path item `$ref` under `paths` but not under `webhooks`: it types
// a webhook that `$ref`s components.pathItems as a path item without operations, and inlining the
// path item instead would declare its operation twice in `operations`. So the webhooks are left out
// of its input, and `webhooks` is written here, each entry the type of its path item component
// (`components["pathItems"]["StatusCallback"]`), as openapi-typescript writes a `$ref`'d path.
const pathItemPrefix = '#/components/pathItems/';
const noWebhooks = 'export type webhooks = Record<string, never>;';

/** The `webhooks` declaration for a bundle's webhooks, or undefined when it has none. */
export function webhooksDeclaration(document) {
  const entries = Object.entries(document.webhooks ?? {});
  if (entries.length === 0) return undefined;
  const lines = entries.map(([name, item]) => {
    const ref = typeof item?.$ref === 'string' && item.$ref.startsWith(pathItemPrefix) ? item.$ref.slice(pathItemPrefix.length) : undefined;
    if (ref === undefined || !document.components?.pathItems?.[ref]) {
      throw new Error(`webhook ${name}: expected a $ref to ${pathItemPrefix}<name> (specs/README.md, "Callbacks")`);
    }
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return `    ${key}: components["pathItems"][${JSON.stringify(ref)}];`;
  });
  return `export interface webhooks {\n${lines.join('\n')}\n}`;
}

// What a fetch wrapper of one's own needs (the types packages are used without openapi-fetch too):
// the bodies of `paths` by path, method and status, with the read/write markers openapi-typescript
// writes (readWriteMarkers) removed by its own `Readable` / `Writable`, the same types
// openapi-fetch applies (from openapi-typescript-helpers). Appended to every generated file, so the
// four packages export one definition, derived from their own `paths`.
const bodyTypes = `
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
/** The methods \`paths[Path]\` documents (one it does not document is \`never\` there). */
export type MethodOf<Path extends keyof paths> = {
    [M in keyof paths[Path] & HttpMethod]: [NonNullable<paths[Path][M]>] extends [never] ? never : M;
}[keyof paths[Path] & HttpMethod];
type ResponsesOf<Path extends keyof paths, M> = M extends keyof paths[Path] ? NonNullable<paths[Path][M]> extends {
    responses: infer R;
} ? R : never : never;
/** The documented statuses of an operation (numbers, and \`"default"\` where one is documented). */
export type StatusOf<Path extends keyof paths, M extends MethodOf<Path>> = keyof ResponsesOf<Path, M>;
/** The JSON body a request carries, readOnly fields removed (\`Writable\`); \`never\` when it takes none. */
export type RequestBody<Path extends keyof paths, M extends MethodOf<Path>> = NonNullable<paths[Path][M]> extends {
    requestBody?: infer B;
} ? NonNullable<B> extends {
    content: infer C;
} ? Writable<C[keyof C]> : never : never;
type ContentBody<R> = R extends {
    content: infer C;
} ? Readable<C[keyof C]> : undefined;
/** The JSON body of an answer, readOnly fields as their plain type (\`Readable\`); \`undefined\` for an answer without one. */
export type ResponseBody<Path extends keyof paths, M extends MethodOf<Path>, S extends keyof ResponsesOf<Path, M>> = ContentBody<ResponsesOf<Path, M>[S]>;
`;

const generatorDir = dirname(fileURLToPath(import.meta.url));
/** What a generation depends on besides the bundle: this module and the versions it runs. */
const generatorInputs = () => [
  readFileSync(fileURLToPath(import.meta.url), 'utf8'),
  ...['openapi-typescript', 'typescript', '@redocly/openapi-core'].map((name) => {
    const manifest = JSON.parse(readFileSync(join(generatorDir, 'node_modules', name, 'package.json'), 'utf8'));
    return `${name}@${manifest.version}`;
  }),
];
const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};
/** The hash of a generation's inputs: the bundle's text, this module and the versions it runs. */
const inputsHash = (bundleText) => sha256(bundleText, ...generatorInputs());
const FINGERPRINT = /^\/\/ fingerprint: inputs ([0-9a-f]{64}), text ([0-9a-f]{64})\n/m;

/**
 * The fingerprint line of a generated file: a hash of its inputs (bundle, generator, versions) and
 * one of all its other lines, `header` and `body` (so an edited file is never taken as up to date).
 */
function fingerprint(inputs, header, body) {
  return `// fingerprint: inputs ${inputs}, text ${sha256(header + body)}\n`;
}

/** Whether `current` (a generated file's text) was generated from `inputs` and is unedited. */
function isUpToDate(current, inputs) {
  const match = current === undefined ? null : FINGERPRINT.exec(current);
  if (!match || match[1] !== inputs) return false;
  return match[2] === sha256(current.slice(0, match.index) + current.slice(match.index + match[0].length));
}

/** The text of src/generated/schema.d.ts for interface `id`, generated from its bundle. */
export async function generateSchema(id, bundleFile = bundlePath(id)) {
  const [{ createConfig }, { default: openapiTS, astToString }] = await Promise.all([import('@redocly/openapi-core'), import('openapi-typescript')]);
  const source = readFileSync(bundleFile, 'utf8');
  const bundle = JSON.parse(source);
  const { webhooks: _webhooks, ...document } = bundle;
  // An explicit config, so nothing is read from a redocly.yaml in the working directory; the
  // bundles are linted upstream, and the minimal ruleset still rejects an unusable document.
  const redocly = await createConfig({}, { extends: ['minimal'] });
  const ast = await openapiTS(document, {
    redocly,
    silent: true,
    // readOnly properties are wrapped in $Read<>, so openapi-fetch's Writable<> drops them from
    // request bodies (a readOnly `id` in a request fails to compile) and Readable<> unwraps them
    // in responses.
    readWriteMarkers: true,
    // A property with a `default` stays optional. A default says what the service assumes when a
    // request omits the field (A's `class`, default `mt_message`); it does not promise that a
    // response carries the field, and the spec document marks `class` "Required: no" (section 2.1).
    defaultNonNullable: false,
  });
  let text = astToString(ast);
  const webhooks = webhooksDeclaration(bundle);
  if (webhooks !== undefined) {
    if (!text.includes(noWebhooks)) throw new Error(`openapi-typescript no longer writes "${noWebhooks}"; see webhooksDeclaration`);
    text = text.replace(noWebhooks, webhooks);
  }
  const body = `\n${text}${bodyTypes}`;
  const header = `// generated by openapi-typescript from specs/dist/${id}.json — do not edit.\n// Regenerate with \`pnpm build\`; \`pnpm check-generated\` fails when the committed file is stale.\n`;
  return header + fingerprint(inputsHash(source), header, body) + body;
}

/**
 * Writes the generated schema (only when it changed; not generated at all when its fingerprint says
 * it is up to date) and copies src/**\/*.d.ts to dist/. `dir` and `bundleFile` default to the
 * workspace's package and bundle.
 */
export async function buildTypesPackage(id, dir = typesPackageDir(id), bundleFile = bundlePath(id)) {
  const target = schemaIn(dir);
  let current;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  const generated = !isUpToDate(current, inputsHash(readFileSync(bundleFile, 'utf8')));
  const text = generated ? await generateSchema(id, bundleFile) : current;
  if (current !== text) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  cpSync(join(dir, 'src'), join(dir, 'dist'), {
    recursive: true,
    filter: (path) => !path.endsWith('.ts') || path.endsWith('.d.ts'),
  });
  return { target, changed: current !== text, generated };
}

if (import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '.')).href) {
  const id = process.argv[2];
  if (!id) {
    console.error('usage: typegen <api-id>');
    process.exit(2);
  }
  const { target, changed } = await buildTypesPackage(id);
  console.log(`${id}-types: ${relative(process.cwd(), target)} ${changed ? 'regenerated' : 'up to date'}, dist/ written`);
}
