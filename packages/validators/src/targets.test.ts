// Discovery of what to compile, from the bundle alone: callbacks from operation `callbacks` and
// from OpenAPI 3.1 top-level `webhooks` (the bundles move from one to the other), and JSON bodies
// under any JSON media type (A's vendor type, section 4.1).
import { describe, expect, it } from 'vitest';
import { generateApi } from '../scripts/generate.js';
import { type Json, discover, isJsonMediaType } from '../scripts/targets.js';
import { bundles } from './test-support/bundles.js';

/** The bundle with every operation callback moved to top-level `webhooks`, keyed by the callback name. */
function asWebhooks(bundle: Json, keepCallbacks = false): Json {
  const copy = structuredClone(bundle);
  const webhooks: Json = {};
  for (const pathItem of Object.values(copy.paths as Json) as Json[]) {
    for (const operation of Object.values(pathItem) as Json[]) {
      const callbacks = operation?.callbacks as Record<string, Json> | undefined;
      if (!callbacks) continue;
      for (const [name, callback] of Object.entries(callbacks)) webhooks[name] = Object.values(callback)[0];
      if (!keepCallbacks) delete operation.callbacks;
    }
  }
  copy.webhooks = webhooks;
  return copy;
}

describe.each(['sms-v2', 'im-v1'] as const)('%s callbacks', (api) => {
  const before = discover(bundles[api]).callbacks;
  const strip = (targets: typeof before) => targets.map(({ path: _path, ...rest }) => rest);

  it('are found under operation callbacks', () => {
    expect(before.length).toBeGreaterThan(0);
    for (const target of before) expect(target.body).toMatch(/^#\/components\/(pathItems|schemas)\//);
  });

  it('are found the same under top-level webhooks, keyed by the webhook name', () => {
    const after = discover(asWebhooks(bundles[api])).callbacks;
    expect(strip(after)).toEqual(strip(before));
    expect(after.map((t) => t.path)).toEqual(Object.keys(asWebhooks(bundles[api]).webhooks as Json));
  });

  it('are found once when both places name them', () => {
    expect(strip(discover(asWebhooks(bundles[api], true)).callbacks)).toEqual(strip(before));
  });

  it('compile from either place to the same validators', () => {
    const [fromCallbacks] = generateApi(api, bundles[api]);
    const [fromWebhooks] = generateApi(api, asWebhooks(bundles[api]));
    const code = (source: string) => source.slice(0, source.indexOf('export const operations'));
    expect(code(fromWebhooks!.source)).toBe(code(fromCallbacks!.source));
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

  it("finds A's bodies under the vendor type alone, whatever its token", () => {
    const copy = structuredClone(bundles['gateway-v1']);
    for (const requestBody of Object.values((copy.components as Json).requestBodies as Json) as Json[]) {
      const content = requestBody.content as Json;
      const vendor = Object.keys(content).find((type) => type.startsWith('application/vnd.'))!;
      requestBody.content = { 'application/vnd.acme.gateway.v1+json': content[vendor] };
    }
    const bodies = (bundle: Json) => discover(bundle).operations.map((t) => [t.operationId, t.body]);
    expect(bodies(copy)).toEqual(bodies(bundles['gateway-v1']));
    expect(bodies(copy).filter(([, body]) => body).length).toBe(2);
  });
});
