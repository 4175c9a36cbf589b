// Discovery of what to compile, from the bundle alone: callbacks from operation `callbacks` and
// from OpenAPI 3.1 top-level `webhooks` (the bundles move from one to the other), and JSON bodies
// under any JSON media type (A's vendor type, section 4.1).
import { describe, expect, it } from 'vitest';
import { generateApi } from '../scripts/generate.js';
import { type Json, discover, isJsonMediaType } from '../scripts/targets.js';
import { bundleOf } from './test-support/bundles.js';

const operationsOf = (bundle: Json) =>
  Object.values(bundle.paths as Json).flatMap((pathItem) => Object.values(pathItem as Json) as Json[]).filter((op) => typeof op?.operationId === 'string');

/** The bundle with every operation callback moved to top-level `webhooks`, keyed by the callback name. */
function asWebhooks(bundle: Json, keepCallbacks = false): Json {
  const copy = structuredClone(bundle);
  const webhooks: Json = { ...(copy.webhooks as Json | undefined) };
  for (const operation of operationsOf(copy)) {
    const callbacks = operation.callbacks as Record<string, Json> | undefined;
    if (!callbacks) continue;
    for (const [name, callback] of Object.entries(callbacks)) webhooks[name] = Object.values(callback)[0];
    if (!keepCallbacks) delete operation.callbacks;
  }
  copy.webhooks = webhooks;
  return copy;
}

/** The bundle with every callback and webhook moved to the callbacks of the first operation with a body. */
function asCallbacks(bundle: Json): Json {
  const copy = asWebhooks(bundle);
  const operation = operationsOf(copy).find((op) => op.requestBody)!;
  const callbacks: Json = {};
  for (const [name, pathItem] of Object.entries((copy.webhooks ?? {}) as Json)) callbacks[name] = { '{$request.body#/callback}': pathItem };
  operation.callbacks = callbacks;
  delete copy.webhooks;
  return copy;
}

describe.each(['sms-v2', 'im-v1'] as const)('%s callbacks', (api) => {
  const published = discover(bundleOf(api)).callbacks;
  const strip = (targets: typeof published) => targets.map(({ path: _path, ...rest }) => rest);
  const fromCallbacks = discover(asCallbacks(bundleOf(api))).callbacks;
  const fromWebhooks = discover(asWebhooks(bundleOf(api))).callbacks;

  it('are in the published bundle, each with a body from components', () => {
    expect(published.length).toBeGreaterThan(0);
    for (const target of published) expect(target.body).toMatch(/^#\/components\/(pathItems|schemas)\//);
  });

  it('are found the same under operation callbacks and under top-level webhooks', () => {
    expect(strip(fromCallbacks)).toEqual(strip(published));
    expect(strip(fromWebhooks)).toEqual(strip(published));
    expect(fromCallbacks.map((t) => t.path)).toEqual(published.map(() => '{$request.body#/callback}'));
    expect(fromWebhooks.map((t) => t.path)).toEqual(Object.keys(asWebhooks(bundleOf(api)).webhooks as Json));
  });

  it('are found once when both places name them', () => {
    expect(strip(discover(asWebhooks(asCallbacks(bundleOf(api)), true)).callbacks)).toEqual(strip(published));
  });

  it('compile from either place to the same validators', () => {
    const code = (bundle: Json) => {
      const source = generateApi(api, bundle)[0]!.source;
      return source.slice(0, source.indexOf('export const operations'));
    };
    expect(code(asWebhooks(bundleOf(api)))).toBe(code(asCallbacks(bundleOf(api))));
  });
});

describe('JSON media types', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['application/vnd.<vendor>.gateway.v1+json', true],
    ['application/vnd.acme.gateway.v1+json', true],
    ['application/problem+json', true],
    ['application/jsonx', false],
    ['text/plain', false],
    ['application/yaml', false],
  ])('%s: %s', (type, json) => {
    expect(isJsonMediaType(type)).toBe(json);
  });

  it('refuses a body whose JSON media types carry different schemas', () => {
    const copy = structuredClone(bundleOf('gateway-v1'));
    const message = ((copy.components as Json).requestBodies as Record<string, { content: Record<string, Json> }>).Message!;
    const vendor = Object.keys(message.content).find((type) => type.startsWith('application/vnd.'))!;
    message.content[vendor] = { schema: { $ref: '#/components/schemas/MessageBroadcast' } };
    expect(() => discover(copy)).toThrow(/carry different schemas/);
  });

  it("finds A's bodies under the vendor type alone, whatever its token", () => {
    const copy = structuredClone(bundleOf('gateway-v1'));
    for (const requestBody of Object.values((copy.components as Json).requestBodies as Json) as Json[]) {
      const content = requestBody.content as Json;
      const vendor = Object.keys(content).find((type) => type.startsWith('application/vnd.'))!;
      requestBody.content = { 'application/vnd.acme.gateway.v1+json': content[vendor] };
    }
    const bodies = (bundle: Json) => discover(bundle).operations.map((t) => [t.operationId, t.body]);
    expect(bodies(copy)).toEqual(bodies(bundleOf('gateway-v1')));
    expect(bodies(copy).filter(([, body]) => body).length).toBe(2);
  });
});
