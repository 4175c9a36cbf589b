// Every operation, callbacks and webhooks included, appears once in a bundle with a unique
// operationId; callbacks and webhooks point at their path item in components.pathItems instead of
// copying it.
import { describe, expect, it } from 'vitest';
import { refCallbackPathItems } from '../scripts/ref-callback-path-items.mjs';
import { apiIds, deref, type Json, loadBundle } from './bundles.ts';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operationIds(node: Json): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = methods.flatMap((method) => (node[method]?.operationId ? [node[method].operationId] : []));
  return [...own, ...Object.values<Json>(node).flatMap(operationIds)];
}

describe.each(apiIds)('%s bundle', (id) => {
  const bundle = loadBundle(id);

  it('has unique operationIds, callbacks and webhooks included', () => {
    const ids = operationIds(bundle);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((opId, index) => ids.indexOf(opId) !== index)).toEqual([]);
  });

  it('refers each webhook to components.pathItems', () => {
    for (const item of Object.values<Json>(bundle.webhooks ?? {})) {
      expect(item.$ref).toMatch(/^#\/components\/pathItems\//);
      expect(deref(bundle, item).post.operationId).toBeDefined();
    }
  });

  it('refers each callback to components.pathItems', () => {
    for (const pathItem of Object.values<Json>(bundle.paths)) {
      for (const method of methods) {
        for (const callback of Object.values<Json>(pathItem[method]?.callbacks ?? {})) {
          for (const item of Object.values<Json>(callback)) {
            expect(item.$ref).toMatch(/^#\/components\/pathItems\//);
            expect(deref(bundle, item).post).toBeDefined();
          }
        }
      }
    }
  });
});

describe('refCallbackPathItems', () => {
  it('replaces an inlined copy of a registered path item with a $ref, and leaves others', () => {
    const item = { post: { operationId: 'receive', responses: { '200': { description: 'ok' } } } };
    const other = { post: { operationId: 'other', responses: { '200': { description: 'ok' } } } };
    const document = {
      paths: { '/x': { post: { callbacks: { a: { '{$url}': structuredClone(item) }, b: { '{$url}': other } } } } },
      components: { pathItems: { Receive: item } },
    };
    const callbacks = refCallbackPathItems(document).paths['/x'].post.callbacks;
    expect(callbacks.a['{$url}']).toEqual({ $ref: '#/components/pathItems/Receive' });
    expect(callbacks.b['{$url}']).toBe(other);
  });

  it('does the same for webhooks', () => {
    const item = { post: { operationId: 'receive', responses: { '200': { description: 'ok' } } } };
    const other = { post: { operationId: 'other', responses: { '200': { description: 'ok' } } } };
    const document = { webhooks: { a: structuredClone(item), b: other }, components: { pathItems: { Receive: item } } };
    const { webhooks } = refCallbackPathItems(document);
    expect(webhooks.a).toEqual({ $ref: '#/components/pathItems/Receive' });
    expect(webhooks.b).toBe(other);
  });
});
