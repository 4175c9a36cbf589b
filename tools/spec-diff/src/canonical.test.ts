import { describe, expect, it } from 'vitest';
import { inlineCallbackPathItems } from './canonical.js';
import { diffContract } from './diff.js';

const item = { post: { operationId: 'receive', responses: { '200': { description: 'ok' } } } };
const withRef = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/x': {
      post: {
        responses: { '200': { description: 'ok' } },
        callbacks: { status: { '{$url}': { $ref: '#/components/pathItems/Receive' } } },
      },
    },
  },
  components: { pathItems: { Receive: item } },
};

describe('inlineCallbackPathItems', () => {
  it('replaces a callback $ref to components.pathItems with the path item, leaving the input as it was', () => {
    const inlined = inlineCallbackPathItems(withRef);
    expect(inlined.paths['/x'].post.callbacks.status['{$url}']).toEqual(item);
    expect(withRef.paths['/x'].post.callbacks.status['{$url}']).toEqual({ $ref: '#/components/pathItems/Receive' });
  });

  it('does the same for a webhook', () => {
    const webhooks = { ...withRef, webhooks: { status: { $ref: '#/components/pathItems/Receive' } } };
    expect(inlineCallbackPathItems(webhooks).webhooks.status).toEqual(item);
    expect(webhooks.webhooks.status).toEqual({ $ref: '#/components/pathItems/Receive' });
    expect(diffContract(webhooks, inlineCallbackPathItems(webhooks))).toEqual([]);
  });

  it('makes the $ref and the inline layout of one contract compare equal', () => {
    expect(diffContract(withRef, inlineCallbackPathItems(withRef))).toEqual([]);
  });
});
