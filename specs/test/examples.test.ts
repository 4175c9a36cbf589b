// Every example in every bundle validates against its schema (JSON Schema 2020-12, formats on),
// and every request, response and callback body carries one.
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { apiIds, deref, type Json, loadBundle } from './bundles.ts';

interface FoundExample {
  /** JSON pointer of the example in the bundle. */
  at: string;
  /** JSON pointer of the schema it must satisfy. */
  schemaAt: string;
  value: unknown;
}

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** Media types, parameters and headers (`schema` + `example`/`examples`) and schemas with `examples`. */
function findExamples(node: Json, at = ''): FoundExample[] {
  if (!node || typeof node !== 'object') return [];
  const found: FoundExample[] = [];
  if (node.schema && typeof node.schema === 'object') {
    if ('example' in node) found.push({ at: `${at}/example`, schemaAt: `${at}/schema`, value: node.example });
    for (const [name, example] of Object.entries<Json>(node.examples ?? {})) {
      if (example && 'value' in example) {
        found.push({ at: `${at}/examples/${escape(name)}/value`, schemaAt: `${at}/schema`, value: example.value });
      }
    }
  }
  if (Array.isArray(node.examples) && (node.type || node.properties || node.$ref || node.items)) {
    node.examples.forEach((value: unknown, index: number) =>
      found.push({ at: `${at}/examples/${index}`, schemaAt: at, value }),
    );
  }
  for (const [key, child] of Object.entries<Json>(node)) {
    if (key === 'example' || key === 'examples') continue;
    found.push(...findExamples(child, `${at}/${escape(key)}`));
  }
  return found;
}

/** Every media type object that carries a schema: a body somebody sends or receives. */
function findBodies(node: Json, at = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const bodies: string[] = [];
  if (node.content && typeof node.content === 'object' && !Array.isArray(node.content)) {
    for (const [mediaType, media] of Object.entries<Json>(node.content)) {
      if (media?.schema) bodies.push(`${at}/content/${escape(mediaType)}`);
    }
  }
  for (const [key, child] of Object.entries<Json>(node)) {
    if (key !== 'example' && key !== 'examples') bodies.push(...findBodies(child, `${at}/${escape(key)}`));
  }
  return bodies;
}

/** Every parameter object (after its `$ref`), wherever a `parameters` list or map holds it. */
function findParameters(document: Json, node: Json = document, at = ''): Array<{ at: string; parameter: Json }> {
  if (!node || typeof node !== 'object') return [];
  const found: Array<{ at: string; parameter: Json }> = [];
  if (node.parameters && typeof node.parameters === 'object') {
    for (const [key, raw] of Object.entries<Json>(node.parameters)) {
      const parameter = deref(document, raw);
      if (parameter?.in) found.push({ at: `${at}/parameters/${escape(key)}`, parameter });
    }
  }
  for (const [key, child] of Object.entries<Json>(node)) {
    if (key !== 'example' && key !== 'examples' && key !== 'parameters') {
      found.push(...findParameters(document, child, `${at}/${escape(key)}`));
    }
  }
  return found;
}

function validatorFor(bundle: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  ajvFormats.default(ajv);
  ajv.addSchema(bundle, 'bundle.json');
  return (schemaAt: string) => ajv.compile({ $ref: `bundle.json#${schemaAt}` });
}

describe.each(apiIds)('%s examples', (id) => {
  const bundle = loadBundle(id);
  const examples = findExamples(bundle);
  const compile = validatorFor(bundle);

  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [example.at, example] as const))('%s validates', (_at, example) => {
    const validate = compile(example.schemaAt);
    const valid = validate(example.value);
    expect(validate.errors ?? [], `example at ${example.at}`).toEqual([]);
    expect(valid).toBe(true);
  });

  // Tools that call the API from its contract (Dredd, Prism's request examples) need a value for
  // every parameter; the example itself is validated with the others above.
  it('gives every parameter an example', () => {
    const parameters = findParameters(bundle);
    const missing = parameters.filter(({ parameter }) => !('example' in parameter) && !parameter.examples);
    expect(missing.map(({ at, parameter }) => `${at} (${parameter.in} ${parameter.name})`)).toEqual([]);
  });

  it('gives every request, response and callback body an example', () => {
    const exampled = new Set(examples.map((example) => example.at.replace(/\/example(s\/.*)?$/, '')));
    const missing = findBodies(bundle).filter((body) => !exampled.has(body));
    expect(missing).toEqual([]);
  });
});

describe('the example finder', () => {
  it.each([
    ['a media type example', { content: { 'application/json': { schema: { type: 'string' }, example: 'x' } } }, ['/content/application~1json/example']],
    ['a named example', { schema: { type: 'integer' }, examples: { one: { value: 1 } } }, ['/examples/one/value']],
    ['a schema examples array', { type: 'object', examples: [{}] }, ['/examples/0']],
  ])('finds %s', (_title, given, want) => {
    expect(findExamples(given).map((example) => example.at)).toEqual(want);
  });

  it('finds parameters given by $ref, once per place that lists them', () => {
    const document = {
      paths: { '/a/{x}': { parameters: [{ $ref: '#/components/parameters/X' }], get: { parameters: [{ name: 'q', in: 'query' }] } } },
      components: { parameters: { X: { name: 'x', in: 'path' } } },
    };
    expect(findParameters(document).map(({ at }) => at)).toEqual([
      '/paths/~1a~1{x}/parameters/0',
      '/paths/~1a~1{x}/get/parameters/0',
      '/components/parameters/X',
    ]);
  });

  it('rejects an example that breaks its schema', () => {
    const bundle = { components: { schemas: { S: { type: 'string', maxLength: 2 } } } };
    expect(validatorFor(bundle)('/components/schemas/S')('abc')).toBe(false);
  });
});
