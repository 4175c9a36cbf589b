#!/usr/bin/env node
// The control API's build (`pnpm build` of the sandbox):
//   generate  control-api/openapi.yaml (the hand-written source) → src/generated/control-api.json
//             (the document the sandbox serves and routes by), and its types with the same
//             generator as the four interfaces' (tools/typegen) → src/generated/control-api.d.ts;
//             OperationKey's enum is filled from the four bundles' operations here
//             and the validators of its request bodies with the same generator as the four
//             interfaces' (@messaging-contracts/validators/generator, run under tsx) →
//             src/generated/control-api-requests.ts (+ .params.ts), so the sandbox checks control
//             bodies against the document itself (src/control-validation.ts)
//   copy      both into dist/generated/ after tsc (tsc copies no .d.ts or unimported .json)
// The generated files are committed; `pnpm check-generated` compares them with a fresh build.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSchema } from '@messaging-contracts/typegen';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'control-api', 'openapi.yaml');
const generated = join(root, 'src', 'generated');
const json = join(generated, 'control-api.json');
const types = join(generated, 'control-api.d.ts');

const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The document with every `$ref` to another file replaced by that file's content: the control API
 * takes a few schemas from the four interfaces' sources (B's and C's MessageStatus) rather than
 * restating them. Only whole-file references, relative to the file that holds them; a referenced
 * file may refer on, at most 8 files deep (a cycle stops there, named).
 */
function inlineFileRefs(node, from, depth = 0) {
  if (Array.isArray(node)) return node.map((item) => inlineFileRefs(item, from, depth));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
    if (node.$ref.includes('#')) throw new Error(`${from}: ${node.$ref}: only whole-file references are inlined`);
    if (depth >= 8) throw new Error(`${from}: ${node.$ref}: references nest more than 8 files deep`);
    const file = join(dirname(from), node.$ref);
    return inlineFileRefs(parse(readFileSync(file, 'utf8')), file, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineFileRefs(value, from, depth)]));
}

/**
 * Every operation of the four interfaces as `<interface id>.<operationId>`, in the bundles' order:
 * the sandbox's route table keys them the same way (test/control-api.test.ts holds the two together).
 */
function operationKeys() {
  const require = createRequire(import.meta.url);
  const { interfaces } = require('@messaging-contracts/openapi/interfaces.json');
  return interfaces.flatMap(({ id }) =>
    Object.values(require(`@messaging-contracts/openapi/${id}.json`).paths).flatMap((item) =>
      ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].flatMap((method) => (item[method]?.operationId ? [`${id}.${item[method].operationId}`] : [])),
    ),
  );
}

/** Fills each schema marked `x-sandbox-enum: operation-keys` with the keys, the mark removed. */
function fillOperationKeys(node, keys) {
  if (Array.isArray(node)) return node.map((item) => fillOperationKeys(item, keys));
  if (node === null || typeof node !== 'object') return node;
  const { 'x-sandbox-enum': mark, ...rest } = node;
  const filled = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, fillOperationKeys(value, keys)]));
  if (mark === undefined) return filled;
  if (mark !== 'operation-keys') throw new Error(`${source}: x-sandbox-enum ${mark}: only operation-keys is known`);
  return { ...filled, enum: keys };
}

/**
 * The request validators, compiled from the document without its responses (the sandbox checks
 * what it is sent, not what it answers; its tests check the answers), as `control-api-requests`
 * (not `control-api`, whose .d.ts holds the types).
 */
async function writeRequestValidators(document) {
  // TypeScript, so loaded only here (`generate` runs under tsx; `copy` runs under plain node).
  const { generateApi } = await import('@messaging-contracts/validators/generator');
  const requests = structuredClone(document);
  for (const item of Object.values(requests.paths)) for (const operation of Object.values(item)) if (operation?.operationId) delete operation.responses;
  const files = generateApi('control-api-requests', requests, {
    source: 'packages/sandbox/control-api/openapi.yaml',
    regenerate: 'pnpm --filter @messaging-contracts/sandbox build',
    runtime: '@messaging-contracts/validators',
  });
  for (const { file, source: text } of files) if (read(join(generated, file)) !== text) writeFileSync(join(generated, file), text);
}

async function generate() {
  mkdirSync(generated, { recursive: true });
  const document = fillOperationKeys(inlineFileRefs(parse(readFileSync(source, 'utf8')), source), operationKeys());
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const changed = read(json) !== text;
  if (changed) writeFileSync(json, text);
  await writeRequestValidators(document);
  // An unchanged document keeps the committed types without loading openapi-typescript (most of
  // a generation's time). Delete the .d.ts to regenerate it after a change of the generator.
  if (!changed && read(types) !== undefined) return;
  const generatedTypes = await generateSchema('control-api', json);
  writeFileSync(
    types,
    generatedTypes.replace(/^\/\/ generated by openapi-typescript from .*$/m, '// generated by openapi-typescript from packages/sandbox/control-api/openapi.yaml — do not edit.'),
  );
}

function copy() {
  const out = join(root, 'dist', 'generated');
  mkdirSync(out, { recursive: true });
  for (const file of [json, types]) copyFileSync(file, join(out, file.slice(generated.length + 1)));
}

const command = process.argv[2];
if (command === 'generate') await generate();
else if (command === 'copy') copy();
else {
  console.error('usage: control-api.mjs generate|copy');
  process.exit(2);
}
