// fast-check arbitraries generated from a bundle's JSON Schema: bodies that conform, and bodies
// broken in exactly one place. Only the keywords the callback schemas use are handled; any other
// keyword throws, so a spec change cannot silently make "valid" bodies a guess.
import fc from 'fast-check';
import { type ApiId, loadBundle } from '@messaging-contracts/validators/generator';

export interface Schema {
  $ref?: string;
  type?: string;
  enum?: string[];
  format?: string;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
}

function resolve(bundle: Record<string, unknown>, schema: Schema): Schema {
  // Sibling keywords of a $ref (descriptions) do not constrain these bodies.
  if (!schema.$ref) return schema;
  const target = schema.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, token) => (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')], bundle);
  return resolve(bundle, target as Schema);
}

const supported = new Set(['type', 'enum', 'format', 'maxLength', 'properties', 'required', 'description', '$ref']);

function checkSupported(schema: Schema): void {
  // A keyword the arbitraries do not know would make "valid" bodies a guess: fail instead.
  for (const key of Object.keys(schema)) if (!supported.has(key)) throw new Error(`arbitraries do not handle ${key}; extend them`);
}

/** Values that satisfy `schema`. */
export function valid(bundle: Record<string, unknown>, raw: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(bundle, raw);
  checkSupported(schema);
  if (schema.type === 'object') {
    const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, valid(bundle, sub)]));
    return fc.record(properties, { requiredKeys: (schema.required ?? []) as never[] });
  }
  if (schema.type === 'string') {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.uuid().map((id) => id.toUpperCase()));
    if (schema.format) throw new Error(`no arbitrary for format ${schema.format}`);
    return fc.string({ unit: 'binary', maxLength: schema.maxLength ?? 300 });
  }
  throw new Error(`no arbitrary for type ${schema.type}`);
}

const notOfType = (type: string) =>
  fc.jsonValue().filter((value) => {
    if (type === 'string') return typeof value !== 'string';
    if (type === 'object') return value === null || typeof value !== 'object' || Array.isArray(value);
    return true;
  });

/** Values that break `schema` in one place each. */
export function broken(bundle: Record<string, unknown>, raw: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(bundle, raw);
  const ways: fc.Arbitrary<unknown>[] = [notOfType(schema.type ?? 'object')];
  if (schema.type === 'object') {
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      ways.push(fc.tuple(valid(bundle, schema), broken(bundle, sub)).map(([body, bad]) => ({ ...(body as object), [key]: bad })));
    }
  }
  if (schema.type === 'string') {
    if (schema.enum) {
      const allowed = schema.enum;
      ways.push(fc.string({ maxLength: 12 }).filter((s) => !allowed.includes(s)));
      ways.push(fc.constantFrom(...allowed).map((s) => s.toUpperCase()));
    }
    if (schema.format === 'uuid') {
      // Near misses: one character replaced, one dropped, or a different shape altogether.
      ways.push(
        fc
          .tuple(fc.uuid(), fc.nat(35), fc.constantFrom('g', 'z', '-', ' ', '_'))
          .map(([id, at, c]) => id.slice(0, at) + c + id.slice(at + 1))
          .filter((id) => !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/.test(id)),
      );
      ways.push(fc.tuple(fc.uuid(), fc.nat(35)).map(([id, at]) => id.slice(0, at) + id.slice(at + 1)));
      ways.push(fc.string({ maxLength: 40 }).filter((s) => !/^[0-9a-f]{8}-/i.test(s)));
    }
    if (schema.maxLength !== undefined) {
      ways.push(fc.string({ unit: 'binary', minLength: schema.maxLength + 1, maxLength: schema.maxLength + 40 }));
    }
  }
  return fc.oneof(...ways);
}

/** The request body schema of a callback path item, and its bundle. */
export function callbackSchema(api: ApiId, pathItem: string): { bundle: Record<string, unknown>; schema: Schema } {
  const bundle = loadBundle(api);
  const pathItems = (bundle.components as { pathItems: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }> })
    .pathItems;
  return { bundle, schema: pathItems[pathItem]!.post.requestBody.content['application/json']!.schema };
}
