// The four bundles, loaded once from @messaging-contracts/openapi. Everything the sandbox knows
// about paths, statuses, examples, headers and enums is read from here. The reader (bundle, deref,
// basePath) is exported from the package's index: the verifier (@messaging-contracts/verify) reads
// the bundles through it too, so the two tools read the documents one way.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Written out because the type is public (each id has its own handlers here); test/interfaces.test.ts
// holds it against the one list, @messaging-contracts/openapi/interfaces.json.
export const API_IDS = ['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'] as const;
export type ApiId = (typeof API_IDS)[number];

/** A small, loose view of an OpenAPI 3.1 document, or of any object in one. */
export type Json = Record<string, any>;

const require = createRequire(import.meta.url);
const documents = new Map<ApiId, Json>();

/** The bundled document of an interface (`@messaging-contracts/openapi/<id>.json`), loaded once. */
export function bundle(api: ApiId): Json {
  let document = documents.get(api);
  if (!document) {
    document = require(`@messaging-contracts/openapi/${api}.json`) as Json;
    documents.set(api, document);
  }
  return document;
}

/** The JSON text of a bundle, as published (B serves its own at GET /openapi.yaml). */
export function bundleText(api: ApiId): string {
  return readFileSync(require.resolve(`@messaging-contracts/openapi/${api}.json`), 'utf8');
}

/**
 * Follows local `$ref`s (`#/components/...`) until a node without one. Throws on a `$ref` that is not
 * local (a bundle has none) and on a chain of more than 32 (a cycle).
 */
export function deref(document: Json, node: Json | undefined): Json | undefined {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${current.$ref}`);
    const pointer: string = current.$ref;
    if (!pointer.startsWith('#/')) throw new Error(`only local $refs are supported: ${pointer}`);
    current = pointer
      .slice(2)
      .split('/')
      .reduce<Json | undefined>((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

/** The base path of an interface: the path of its first server URL (`{base_url}/rest/gateway`). */
export function basePath(api: ApiId): string {
  const url: string = bundle(api).servers[0].url;
  return url.replace(/^\{[^}]+\}/, '').replace(/\/$/, '');
}

/** The enum of a named component schema (B's and C's MessageStatus). */
export function schemaEnum(api: ApiId, name: string): readonly string[] {
  const schema = deref(bundle(api), bundle(api).components.schemas[name]);
  const values = schema?.enum;
  if (!Array.isArray(values)) throw new Error(`${api}: #/components/schemas/${name} has no enum`);
  return values;
}

/** The interface's letter in the spec document (A to D), from the one list of the interfaces. */
export function letterOf(api: ApiId): string {
  const { interfaces } = require('@messaging-contracts/openapi/interfaces.json') as { interfaces: { id: string; letter: string }[] };
  return interfaces.find((entry) => entry.id === api)?.letter ?? api;
}

/** Where the spec document states a component schema, as its description says it (`section 2.2 and 3`), else undefined. */
export function schemaSections(api: ApiId, name: string): string | undefined {
  const description = deref(bundle(api), bundle(api).components.schemas[name])?.description;
  return typeof description === 'string' ? /\((sections? [0-9.]+(?:(?:,| and) [0-9.]+)*)\)/.exec(description)?.[1] : undefined;
}
