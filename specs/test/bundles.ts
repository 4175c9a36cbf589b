// Loads the bundled contracts (dist/<id>.json) that `pnpm build` writes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInterfaces } from '../scripts/interfaces.mjs';

export const specsDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The API ids, from the one list of interfaces (specs/interfaces.json). */
export const apiIds: string[] = readInterfaces().map((api) => api.id);

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
