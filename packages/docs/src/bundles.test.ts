import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { basePathOf, describeAuth, factsOf, findBundles, inlineCallbacks, listCallbacks, listOperations, purposeOf, readBundle } from './bundles.mjs';

describe('findBundles', () => {
  it('finds every interface of the list, each with the JSON and YAML bundle the openapi package exports', () => {
    const bundles = findBundles();
    const list = createRequire(import.meta.url)('@messaging-contracts/openapi/interfaces.json') as { interfaces: { id: string }[] };
    expect(bundles.map((bundle) => bundle.id)).toEqual(list.interfaces.map((api) => api.id));
    for (const bundle of bundles) {
      expect(bundle.jsonPath).toMatch(new RegExp(`${bundle.id}\\.json$`));
      expect(bundle.yamlPath).toMatch(new RegExp(`${bundle.id}\\.yaml$`));
    }
  });
});

describe('purposeOf', () => {
  it.each([
    ['info.summary wins', { info: { summary: 'Single SMS.', description: 'Long text. More.' } }, 'Single SMS.'],
    ['else the first sentence of the description', { info: { description: 'Sends SMS. Also looks them up.' } }, 'Sends SMS.'],
    ['a sentence may span lines', { info: { description: 'Sends one SMS to\none handset. Then more.' } }, 'Sends one SMS to one handset.'],
    ['only the first paragraph counts', { info: { description: 'No full stop here\n\nSecond paragraph.' } }, 'No full stop here'],
    ['"e.g." and version numbers do not end a sentence', { info: { description: 'Sends e.g. text via v1.0 paths. Next.' } }, 'Sends e.g. text via v1.0 paths.'],
    ['nothing to say', { info: {} }, ''],
  ])('%s', (_title, doc, want) => {
    expect(purposeOf(doc)).toBe(want);
  });
});

describe('basePathOf', () => {
  it.each([
    ['drops the {base_url} host variable', '{base_url}/rest/sms/v2', '/rest/sms/v2'],
    ['a bare {base_url} is the root', '{base_url}', '/'],
    ['keeps a URL without the variable', '/rest/gateway', '/rest/gateway'],
  ])('%s', (_title, url, want) => {
    expect(basePathOf({ servers: [{ url }] })).toBe(want);
  });

  it('is the root when there is no server', () => {
    expect(basePathOf({})).toBe('/');
  });
});

describe('describeAuth', () => {
  const schemes = {
    basic: { type: 'http', scheme: 'basic' },
    bearer: { type: 'http', scheme: 'Bearer' },
    key: { type: 'apiKey', in: 'header', name: 'authorization' },
    oauth: { type: 'oauth2', flows: {} },
    described: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: 'Credentials are an application name and a password. Requests carry an `Authorization` header (sample value\n`<API_KEY>`). The exact scheme of the header value is not shown.\nA request without correct credentials receives HTTP 401.\n',
    },
  };
  it.each([
    ['HTTP Basic', [{ basic: [] }], ['HTTP Basic']],
    ['HTTP Bearer, whatever the case of the scheme', [{ bearer: [] }], ['HTTP Bearer']],
    ['a value in a header, without a description: what OpenAPI says of it, no more', [{ key: [] }], ['a value in header `authorization`']],
    ['alternatives are listed once each', [{ basic: [] }, { key: [] }, { basic: [] }], ['HTTP Basic', 'a value in header `authorization`']],
    [
      "a value in a header: its description's words, up to the 401",
      [{ described: [] }],
      ['Credentials are an application name and a password. Requests carry an `Authorization` header (sample value `<API_KEY>`). The exact scheme of the header value is not shown.'],
    ],
    ['OAuth 2.0', [{ oauth: ['read'] }], ['OAuth 2.0']],
    ['no global requirement', [], ['none']],
  ])('%s', (_title, security, want) => {
    expect(describeAuth({ security, components: { securitySchemes: schemes } })).toEqual(want);
  });

  it('rejects a requirement without a scheme, rather than printing a wrong one', () => {
    expect(() => describeAuth({ security: [{ missing: [] }], components: { securitySchemes: {} } })).toThrow(/missing/);
  });
});

describe('operations and callbacks', () => {
  const doc = {
    paths: {
      '/messages': {
        parameters: [],
        post: {
          operationId: 'sendMessage',
          summary: 'Send',
          callbacks: {
            statusCallback: { '{$url}': { post: { operationId: 'receiveStatus', summary: 'Status' } } },
            replyCallback: { '{$url}': { post: { operationId: 'receiveReply', summary: 'Reply' } } },
          },
        },
        get: { operationId: 'getMessage', summary: 'Get' },
      },
    },
  };

  it('lists every method of every path, ignoring path-level keys', () => {
    expect(listOperations(doc).map((op) => `${op.method} ${op.path} ${op.operationId}`)).toEqual([
      'get /messages getMessage',
      'post /messages sendMessage',
    ]);
  });

  it('lists every callback operation with its name and declaring operation', () => {
    expect(listCallbacks(doc).map((cb) => `${cb.parent?.operationId} ${cb.callback} ${cb.method} ${cb.expression} ${cb.summary}`)).toEqual([
      'sendMessage statusCallback post {$url} Status',
      'sendMessage replyCallback post {$url} Reply',
    ]);
  });

  it('lists OpenAPI 3.1 webhooks too, their address expression from an x- extension or the description, a name once', () => {
    const withHooks = {
      ...doc,
      webhooks: {
        statusCallback: { post: { operationId: 'hookStatus', summary: 'Status', description: 'POSTed to {$url}.' } },
        DeliveryReport: { 'x-callback-url': '{$statusCallbackUrl}', post: { operationId: 'hookReport', summary: 'Report' } },
      },
    };
    expect(listCallbacks(withHooks).map((cb) => `${cb.parent?.operationId} ${cb.callback} ${cb.method} ${cb.expression} ${cb.operationId}`)).toEqual([
      'sendMessage replyCallback post {$url} receiveReply',
      'undefined statusCallback post {$url} hookStatus',
      'undefined DeliveryReport post {$statusCallbackUrl} hookReport',
    ]);
  });
});

describe('factsOf the published bundles', () => {
  it.each(findBundles().map((bundle) => [bundle.id, bundle] as const))('%s: every landing fact is read from the bundle', (id, bundle) => {
    const doc = readBundle(bundle.jsonPath);
    const facts = factsOf(id, doc);
    expect(facts.title).toBe(doc.info.title);
    expect(facts.version).toBe(doc.info.version);
    expect(`{base_url}${facts.basePath}`).toBe(doc.servers[0].url);
    expect(facts.purpose.length).toBeGreaterThan(0);
    expect(facts.auth).not.toEqual(['none']);
    expect(facts.operations).toBeGreaterThan(0);
    expect(`Interface ${facts.letter} `).toBe(/Interface [A-Z] /.exec(doc.info.description)?.[0]);
    expect(facts.authDetails.length).toBeGreaterThan(0);
  });

  it("gives each interface the letter the list gives it, read from the bundle's description", () => {
    const list = createRequire(import.meta.url)('@messaging-contracts/openapi/interfaces.json') as { interfaces: { letter: string }[] };
    expect(findBundles().map((bundle) => factsOf(bundle.id, readBundle(bundle.jsonPath)).letter)).toEqual(list.interfaces.map((api) => api.letter));
  });
});

describe('inlineCallbacks', () => {
  it('puts a callback path item referenced from components.pathItems in place, for Redoc', () => {
    const item = { post: { operationId: 'receive', summary: 'Receive', responses: { '200': { description: 'ok' } } } };
    const doc = inlineCallbacks({
      paths: { '/x': { post: { callbacks: { status: { '{$url}': { $ref: '#/components/pathItems/Receive' } } } } } },
      components: { pathItems: { Receive: item } },
    });
    expect(doc.paths['/x'].post.callbacks.status['{$url}']).toEqual(item);
  });

  it('puts a webhook path item referenced from components.pathItems in place', () => {
    const item = { post: { operationId: 'receive' } };
    const doc = inlineCallbacks({ paths: {}, webhooks: { Receive: { $ref: '#/components/pathItems/Receive' } }, components: { pathItems: { Receive: item } } });
    expect(doc.webhooks.Receive).toEqual(item);
  });

  it('leaves the published bundle file with its $ref', () => {
    const [bundle] = findBundles().filter((b) => b.id === 'im-v1');
    const published = JSON.parse(readFileSync(bundle!.jsonPath, 'utf8'));
    expect(published.webhooks.statusCallback.$ref).toBe('#/components/pathItems/StatusCallback');
    expect(readBundle(bundle!.jsonPath).webhooks.statusCallback.post.operationId).toBe('receiveStatusCallback');
  });
});
