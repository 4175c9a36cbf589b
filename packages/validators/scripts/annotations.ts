// JSON Schema annotations change no verdict but are carried into standalone code wherever ajv
// keeps a schema object (an enum's allowed values are read from it), so they cost bundle bytes in
// every opted-in client. The generator compiles a copy of the bundle without them.

/** Annotation keywords (JSON Schema 2020-12 section 9, and OpenAPI's `example`). */
const annotations = new Set(['description', 'title', 'example', 'examples', '$comment', 'externalDocs']);

/** Keywords whose value is one subschema, and whose value is a list or a name-to-schema map of them. */
const oneSchema = ['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaMaps = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A schema without annotations, at every depth; names (`properties` keys) and values (`enum`, `const`, `default`) untouched. */
export function stripSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (annotations.has(key)) continue;
    if (oneSchema.includes(key)) out[key] = stripSchema(value);
    else if (schemaLists.includes(key) && Array.isArray(value)) out[key] = value.map(stripSchema);
    else if (schemaMaps.includes(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, stripSchema(sub)]));
    else out[key] = value;
  }
  return out;
}

/**
 * The bundle with every schema stripped: `components.schemas` and each `schema` of a parameter,
 * header or media type, wherever it sits. Everything else (and so every JSON pointer to a schema)
 * stays as it was.
 */
export function stripAnnotations(bundle: Json): Json {
  const walk = (node: unknown, key: string | undefined, parentKey: string | undefined): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, undefined, key));
    if (!isObject(node)) return node;
    if (key === 'schema' || parentKey === 'schemas') return stripSchema(node);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k, key)]));
  };
  return walk(bundle, undefined, undefined) as Json;
}
