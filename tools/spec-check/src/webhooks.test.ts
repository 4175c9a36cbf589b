// A catalogue place `{ operation, callback: <word> }` is the operation's callback of that name, or a
// top-level webhook of that name when the address is registered out of band (specs/README.md,
// "Callbacks"): the same rules hold on either layout, and a callback found in neither is reported.
import { describe, expect, it } from 'vitest';
import { parseApiCatalog } from './catalog.js';
import { checkDocument } from './check.js';
import type { Doc } from './testing/fixtures.js';
import { jsonView } from './view.js';

const catalog = parseApiCatalog(`
api: mini
label: M
basePath: /rest/mini
entries:
  - section: "4.9"
    rule: "The receiver acknowledges a status callback with 200"
    statuses: [{ operation: "POST /rest/mini/things", callback: status, method: POST, statuses: ["200"] }]
  - section: "9"
    basePath: /rest/mini
`);

const receiver = (statuses: string[]): Doc => ({
  post: {
    operationId: 'receiveStatusCallback',
    responses: Object.fromEntries(statuses.map((status) => [status, { description: status }])),
  },
});

function documentWith(layout: 'callback' | 'webhook' | 'none', statuses: string[]): Doc {
  const send: Doc = { operationId: 'sendThing', responses: { '202': { description: 'accepted' } } };
  if (layout === 'callback') send.callbacks = { statusCallback: { '{$request.body#/url}': { $ref: '#/components/pathItems/Status' } } };
  return {
    openapi: '3.1.0',
    info: { title: 'mini', version: '1.0.0' },
    servers: [{ url: '{base_url}/rest/mini', variables: { base_url: { default: 'https://api.example.com' } } }],
    paths: { '/things': { post: send } },
    ...(layout === 'webhook' && { webhooks: { statusCallback: { $ref: '#/components/pathItems/Status' } } }),
    components: { pathItems: { Status: receiver(statuses) } },
  };
}

describe('a callback place', () => {
  it.each(['callback', 'webhook'] as const)('holds when the %s answers as documented', (layout) => {
    expect(checkDocument(jsonView(documentWith(layout, ['200'])), catalog)).toEqual([]);
  });

  it.each(['callback', 'webhook'] as const)('reports an invented status on the %s', (layout) => {
    const violations = checkDocument(jsonView(documentWith(layout, ['200', '500'])), catalog);
    expect(violations).toContainEqual(
      expect.objectContaining({ kind: 'statuses', pointer: '/components/pathItems/Status/post/responses/500', found: 'response 500' }),
    );
  });

  it('reports a callback found neither under the operation nor among the webhooks', () => {
    const violations = checkDocument(jsonView(documentWith('none', ['200'])), catalog);
    expect(violations).toContainEqual(
      expect.objectContaining({ kind: 'statuses', pointer: '/paths/~1things/post', expected: 'a status callback (POST)', found: 'none' }),
    );
  });
});
