// Loads the bundled contracts (dist/<id>.json) that `pnpm build` writes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const specsDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The API ids, in the order redocly.yaml lists them. */
export const apiIds: string[] = Object.keys(
  parse(readFileSync(join(specsDir, 'redocly.yaml'), 'utf8')).apis,
);

// An OpenAPI document is untyped JSON here.
export type Json = any;

export function loadBundle(id: string): Json {
  return JSON.parse(readFileSync(join(specsDir, 'dist', `${id}.json`), 'utf8'));
}

/** Follows local `$ref`s (`#/components/...`) until a node without `$ref`. */
export function deref(document: Json, node: Json): Json {
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    current = resolvePointer(document, current.$ref.replace(/^#/, ''));
  }
  return current;
}

export function resolvePointer(document: Json, pointer: string): Json {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, token) => (node == null ? undefined : node[token]), document);
}
