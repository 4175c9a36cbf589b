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

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The responses of one status code of every operation of a bundle, each with a `$ref` to its JSON
 * body schema inside the bundle as ajv knows it (`bundle.json`), for the audits that validate
 * bodies against what the document says; `schema` is undefined where the response has no JSON body.
 */
export function jsonResponses(bundle: Json, code: string): Array<{ name: string; schema: Json | undefined }> {
  return Object.entries<Json>(bundle.paths ?? {}).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([, operation]) => operation?.responses?.[code] !== undefined)
      .map(([method, operation]) => {
        // The response's own place: a shared response's pointer where it is a $ref.
        const raw = operation.responses[code];
        const at = typeof raw.$ref === 'string' ? raw.$ref.slice(1) : `/paths/${escapeToken(path)}/${method}/responses/${code}`;
        const found = deref(bundle, raw)?.content?.['application/json']?.schema !== undefined;
        return { name: `${method.toUpperCase()} ${path} ${code}`, schema: found ? { $ref: `bundle.json#${at}/content/application~1json/schema` } : undefined };
      }),
  );
}
