// Every TypeScript sample the site shows is compiled against the real client and receiver packages of
// this workspace (the docs package's devDependencies), with the workspace's TypeScript and the
// repository's compiler options: a sample that no longer matches a package fails here.
import { describe, expect, it } from 'vitest';
import { deref, findBundles, firstExample, listCallbacks, listOperations, readBundle } from './bundles.mjs';
import { clientOf, curlOf, receiverOf, relativeDates, sampleRequest, samplesOf } from './samples.mjs';
import { typeCheck } from './type-check.js';

const bundles = findBundles().map((bundle) => ({ ...bundle, doc: readBundle(bundle.jsonPath) }));

describe('samplesOf', () => {
  it.each(bundles.map((b) => [b.id, b] as const))('%s: TypeScript and curl for every operation, a receiver for every callback', (id, { doc }) => {
    const samples = samplesOf(doc, id);
    expect(clientOf(id), `${id} has a client package`).toBeDefined();
    for (const op of listOperations(doc)) expect(samples.get(op.operationId!)?.map((s) => s.label), op.operationId).toEqual(['TypeScript', 'curl']);
    for (const cb of listCallbacks(doc)) {
      expect(receiverOf(id, cb.callback), `${id} ${cb.callback} has a receiver`).toBeDefined();
      expect(samples.get(cb.operationId!)?.map((s) => s.label), cb.operationId).toEqual(['Receiver (TypeScript)']);
    }
  });

  // One tsc run (seconds: it loads every client's declarations) for both tests below: every sample,
  // and beside them one broken on purpose, which proves the run type-checks what it is given.
  const files: Record<string, string> = {};
  for (const { id, doc } of bundles) {
    for (const [operationId, samples] of samplesOf(doc, id)) {
      for (const sample of samples.filter((s) => s.lang === 'TypeScript')) files[`${id}.${operationId}.${sample.label.replace(/\W+/g, '-')}.ts`] = sample.source;
    }
  }
  const BROKEN = 'broken.ts';
  let diagnostics: string | undefined;
  const typeCheckAll = () => {
    const { id, doc } = bundles.find((b) => b.id === 'sms-v2')!;
    const broken = samplesOf(doc, id).get('sendMessage')![0]!.source.replace('content:', 'contents:');
    diagnostics ??= typeCheck({ ...files, [BROKEN]: broken });
    return diagnostics;
  };

  it('compiles every TypeScript sample of every interface against the real packages', () => {
    expect(Object.keys(files).length).toBeGreaterThan(10);
    // tsc prints one line per diagnostic, naming its file, and indents what continues it: every
    // diagnostic must be the broken sample's.
    const others = typeCheckAll()
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s/.test(line) && !/(^|[\\/])broken\.ts$/.test(line.split('(')[0]!));
    expect(others).toEqual([]);
  }, 120_000);

  it('the type-check fails on a sample that breaks the contract (a field the body does not have)', () => {
    expect(typeCheckAll()).toMatch(/broken\.ts\(\d+,\d+\): error TS\d+:.*contents/);
  }, 120_000);
});

describe('a body field bounded relative to now (x-max-days-ahead, section 8)', () => {
  const cases = bundles.flatMap(({ id, doc }) =>
    listOperations(doc).flatMap((op) => {
      const source = samplesOf(doc, id).get(op.operationId!)![0]!.source;
      const example = firstExample(deref(doc, doc.paths[op.path][op.method].requestBody)?.content?.['application/json']).value;
      return relativeDates(doc, doc.paths[op.path][op.method], example).map((field) => [`${id}.${op.operationId} ${field.name}`, source, field] as const);
    }),
  );

  it("is computed by the TypeScript sample, an hour ahead, within the bound, not the contract's fixed date", () => {
    // A's and B's sendMessage examples have a `scheduled`.
    expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(['gateway-v1.sendMessage scheduled', 'sms-v2.sendMessage scheduled']));
    for (const [name, source, field] of cases) {
      expect(source, name).not.toContain(JSON.stringify(field.example));
      expect(source, name).toMatch(new RegExp(`^\\s+${field.name},?$`, 'm'));
      const expression = new RegExp(`^const ${field.name} = (.+);$`, 'm').exec(source)?.[1];
      expect(expression, name).toBeDefined();
      const before = Date.now();
      const value = new Function(`return ${expression};`)() as string;
      const at = Date.parse(value);
      expect(at, `${name}: ${value}`).toBeGreaterThan(before);
      expect(at - before, `${name}: ${value}`).toBeLessThanOrEqual(field.days * 24 * 60 * 60 * 1000);
    }
  });
});

// Section 6: the method and address of a callback, and the receiver's answer, are the document's
// only where a sentence gives them (B's status callback: "POST to {$url}", "answers 200"; C's).
// B's reply callback has neither ("Trigger and target of the reply callback: not shown"; its answer
// not shown): its receiver sample must not lend it the status callback's POST and 200.
describe("a receiver sample says of its callback only what the contract documents (section 6)", () => {
  const cases = bundles.flatMap(({ id, doc }) =>
    listCallbacks(doc).map((cb) => [`${id} ${cb.callback}`, cb, samplesOf(doc, id).get(cb.operationId!)![0]!.source] as const),
  );

  it('covers a callback with a documented address and answer, and one with neither (B\'s reply)', () => {
    expect(cases.some(([, cb]) => cb.expression !== undefined)).toBe(true);
    expect(cases.some(([, cb]) => cb.expression === undefined && !Object.keys(cb.operation.responses ?? {}).some((code) => /^2\d\d$/.test(code)))).toBe(true);
  });

  it.each(cases)('%s', (_name, cb, source) => {
    const method = cb.method.toUpperCase();
    if (cb.expression) expect(source).toContain(`the service's ${method} to ${cb.expression}`);
    else {
      expect(source).not.toMatch(/the service's [A-Z]+ /);
      expect(source).toContain(`its method and address are not shown in the spec document (${method} is the contract's choice)`);
    }
    const success = Object.keys(cb.operation.responses ?? {}).find((code) => /^2\d\d$/.test(code));
    if (success) expect(source).toContain(`the sender gets ${success} once this resolves`);
    else {
      expect(source).not.toMatch(/sender gets \d{3}/);
      expect(source).toContain('the receiver answers 200 once this resolves: the package\'s choice, the answer is not shown in the spec document');
    }
  });
});

describe('sampleRequest and curlOf', () => {
  const doc = {
    servers: [{ url: '{base_url}/api', variables: { base_url: { default: 'https://api.example.com' } } }],
    security: [{ key: [] }],
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'Authorization' }, basic: { type: 'http', scheme: 'basic' } } },
    paths: {
      '/{app}/items/{item_id}': {
        parameters: [{ name: 'app', in: 'path', required: true, schema: { type: 'string' } }, { name: 'item_id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { parameters: [{ name: 'item_id', in: 'path', required: true, example: 7 }, { name: 'q', in: 'query', required: true, schema: { type: 'string', example: "it's" } }], responses: { 200: { content: { 'application/json': {} } } } },
        post: { security: [{}, { basic: [] }], requestBody: { content: { 'application/json': { examples: { one: { value: { text: "it's" } } } } } }, responses: { 204: {} } },
      },
    },
  };

  it('fills path and query from the examples, placeholders where there is none, and the auth header from the scheme', () => {
    expect(sampleRequest(doc, 'x-v1', '/{app}/items/{item_id}', 'get')).toEqual({
      method: 'GET',
      url: "https://api.example.com/api/your-app/items/7?q=it's",
      headers: [['Authorization', '$X_V1_API_KEY'], ['Accept', 'application/json']],
    });
  });

  it('uses the first security requirement that asks for credentials, and the body example; quotes for the shell', () => {
    const request = sampleRequest(doc, 'x-v1', '/{app}/items/{item_id}', 'post');
    expect(request.basic).toEqual(['$X_V1_USERNAME', '$X_V1_PASSWORD']);
    expect(curlOf(request)).toBe(
      "curl -X POST 'https://api.example.com/api/your-app/items/1' \\\n  -u \"$X_V1_USERNAME:$X_V1_PASSWORD\" \\\n  -H 'Content-Type: application/json' \\\n  --data '{\n  \"text\": \"it'\\''s\"\n}'",
    );
  });
});
