// The one list of interfaces (specs/interfaces.json) and what is generated from it: the interface
// tables of README.md and specs/README.md, the exports of @messaging-contracts/openapi, and the
// changeset groups (`linked` in .changeset/config.json: each interface's -types and -client
// packages are released together).
//
//   node specs/scripts/interfaces.mjs          rewrite every generated part from the list
//   node specs/scripts/interfaces.mjs --check  list the parts out of step with it (exit 1), change nothing
//
// Adding an interface is one entry in specs/interfaces.json, then this script; the tests
// (specs/test/interfaces.test.ts) name what else is missing.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const specsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(specsDir, '..');

/** The interfaces, in the spec document's order. */
export function readInterfaces(root = repoRoot) {
  return JSON.parse(readFileSync(join(root, 'specs', 'interfaces.json'), 'utf8')).interfaces;
}

/** The document's "Name used here" cell: name, then the scope in parentheses. */
export const documentName = (api) => `${api.name} (${api.scope})`;
export const typesPackage = (id) => `@messaging-contracts/${id}-types`;
export const clientPackage = (id) => `@messaging-contracts/${id}-client`;

const TABLE_START = '<!-- interfaces: generated from specs/interfaces.json by `pnpm interfaces`; do not edit -->';
const TABLE_END = '<!-- /interfaces -->';

function version(root, id) {
  return parse(readFileSync(join(root, 'specs', id, 'openapi.yaml'), 'utf8')).info.version;
}

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const tables = {
  'README.md': (apis, root) =>
    table(
      ['id', 'interface', 'base path', 'version'],
      apis.map((a) => [`\`${a.id}\``, `${a.letter}: ${documentName(a)}`, a.basePath, version(root, a.id)]),
    ),
  'specs/README.md': (apis, root) =>
    table(
      ['id', 'interface', 'folder in the repository', 'base path', '`info.version`'],
      apis.map((a) => [`\`${a.id}\``, `${a.letter}: ${documentName(a)}`, `\`${a.id}/\``, a.basePath, version(root, a.id)]),
    ),
};

function withTable(file, text, generated) {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${file}: no "${TABLE_START}" ... "${TABLE_END}" block to fill`);
  return `${text.slice(0, start)}${TABLE_START}\n${generated}\n${text.slice(end)}`;
}

function json(text, edit) {
  const data = JSON.parse(text);
  edit(data);
  return `${JSON.stringify(data, null, 2)}\n`;
}

const jsonParts = {
  'specs/package.json': (apis) => (pkg) => {
    const bundles = Object.fromEntries(apis.flatMap((a) => ['json', 'yaml'].map((ext) => [`./${a.id}.${ext}`, `./dist/${a.id}.${ext}`])));
    pkg.exports = { ...bundles, './interfaces.json': './interfaces.json', './package.json': './package.json' };
  },
  '.changeset/config.json': (apis) => (config) => {
    config.linked = apis.map((a) => [typesPackage(a.id), clientPackage(a.id)]);
  },
};

/** Each generated file as the list makes it: `{ file, current, wanted }`. */
export function generatedFiles(root = repoRoot) {
  const apis = readInterfaces(root);
  const read = (file) => readFileSync(join(root, file), 'utf8');
  return [
    ...Object.entries(tables).map(([file, render]) => ({ file, current: read(file), wanted: withTable(file, read(file), render(apis, root)) })),
    ...Object.entries(jsonParts).map(([file, edit]) => ({ file, current: read(file), wanted: json(read(file), edit(apis)) })),
  ];
}

/** The files that differ from what the list makes. */
export function outOfStep(root = repoRoot) {
  return generatedFiles(root)
    .filter(({ current, wanted }) => current !== wanted)
    .map(({ file }) => file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = outOfStep();
    for (const file of stale) console.error(`${file} is out of step with specs/interfaces.json: run pnpm interfaces`);
    process.exitCode = stale.length ? 1 : 0;
  } else {
    for (const { file, current, wanted } of generatedFiles()) {
      if (current !== wanted) {
        writeFileSync(join(repoRoot, file), wanted);
        console.log(`interfaces: wrote ${file}`);
      }
    }
  }
}
