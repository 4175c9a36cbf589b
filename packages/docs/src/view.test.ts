import { describe, expect, it } from 'vitest';
import { findBundles, inlineCallbacks, listCallbacks, readBundle } from './bundles.mjs';
import { forRedoc, OTHER_DEFINITIONS, unusedComponents } from './view.mjs';

const server = {
  url: '{base_url}/rest/sms/v2',
  description: 'Base path of the SMS interface.',
  variables: { base_url: { default: 'https://api.example.com', description: 'Scheme and host of the service.' } },
};

describe('forRedoc', () => {
  it('gives Redoc an absolute server URL, and keeps the template and what its variable means in the description', () => {
    const view = forRedoc({ servers: [server], paths: {} });
    expect(view.servers[0].url).toBe('https://api.example.com/rest/sms/v2');
    expect(view.servers[0].description).toBe(
      'Base path of the SMS interface.\n\nServer URL `{base_url}/rest/sms/v2`. `{base_url}` is shown as `https://api.example.com`: Scheme and host of the service.',
    );
    expect(view.servers[0].variables).toEqual(server.variables);
  });

  it('expands path- and operation-level servers too', () => {
    const view = forRedoc({ paths: { '/a': { servers: [server], get: { servers: [server] } } } });
    expect(view.paths['/a'].servers[0].url).toBe('https://api.example.com/rest/sms/v2');
    expect(view.paths['/a'].get.servers[0].url).toBe('https://api.example.com/rest/sms/v2');
  });

  it('leaves a server URL without variables alone', () => {
    const plain = { url: 'https://sms.example.com/v2' };
    expect(forRedoc({ servers: [plain], paths: {} }).servers[0]).toEqual(plain);
  });

  it('shows each callback as a webhook, linked both ways with the operation that declares it, and adds code samples', () => {
    const doc = {
      tags: [{ name: 'messages', description: 'Messages.' }, { name: 'callbacks', description: 'Pushed to you.' }],
      security: [{ key: [] }],
      paths: {
        '/messages': {
          post: {
            operationId: 'sendMessage',
            summary: 'Send a single SMS',
            description: 'Sends.',
            tags: ['messages'],
            callbacks: {
              statusCallback: { '{$url}': { post: { operationId: 'receiveStatus', summary: 'Receive a status', tags: ['callbacks'], security: [] } } },
            },
          },
        },
      },
    };
    const samples = new Map([
      ['sendMessage', [{ lang: 'Shell', label: 'curl', source: 'curl x' }]],
      ['receiveStatus', [{ lang: 'TypeScript', label: 'Receiver (TypeScript)', source: 'x' }]],
    ]);
    const view = forRedoc(doc, samples);
    expect(view.tags).toEqual(doc.tags);
    expect(view.paths['/messages'].post.callbacks).toBeUndefined();
    expect(view.paths['/messages'].post.description).toBe(
      'Sends.\n\n**Callbacks** (shown under their tag, with the receiver\'s answers):\n\n- [Receive a status](#tag/callbacks/operation/receiveStatus) (`statusCallback`, POST `{$url}`)',
    );
    const hook = view.webhooks.statusCallback.post;
    expect(hook.description).toBe("The service sends it as POST to `{$url}`, the receiver's address.\n\nDeclared by [Send a single SMS](#tag/messages/operation/sendMessage) as its `statusCallback` callback.");
    // The callback's security is the bundle's, passed through (the bundles declare `security: []`,
    // section 5); the view neither adds nor drops it.
    expect(hook.security).toEqual([]);
    expect(forRedoc({ ...doc, paths: { '/messages': { post: { ...doc.paths['/messages'].post, callbacks: { statusCallback: { '{$url}': { post: { operationId: 'receiveStatus', tags: ['callbacks'] } } } } } } } }).webhooks.statusCallback.post).not.toHaveProperty('security');
    expect(hook['x-codeSamples']).toEqual(samples.get('receiveStatus'));
    expect(view.paths['/messages'].post['x-codeSamples']).toEqual(samples.get('sendMessage'));
    expect(doc.paths['/messages'].post.callbacks).toBeDefined();
  });

  it('keeps callbacks the bundle already has as webhooks (OpenAPI 3.1), with the expression from their description', () => {
    const item = { post: { operationId: 'receiveStatus', summary: 'Receive', description: 'POSTed to {$statusCallbackUrl}.', tags: ['callbacks'] } };
    const view = forRedoc(inlineCallbacks({ paths: {}, webhooks: { StatusCallback: { $ref: '#/components/pathItems/StatusCallback' } }, components: { pathItems: { StatusCallback: item } } }));
    expect(Object.keys(view.webhooks)).toEqual(['StatusCallback']);
    expect(view.webhooks.StatusCallback.post.description).toBe("POSTed to {$statusCallbackUrl}.\n\nThe service sends it as POST to `{$statusCallbackUrl}`, the receiver's address.");
  });

  it('adds an Authentication section to the introduction, once', () => {
    const doc = { info: { description: 'Intro.' }, components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } }, paths: {} };
    const view = forRedoc(doc);
    expect(view.info.description).toBe('Intro.\n\n## Authentication\n\n<SecurityDefinitions />\n');
    expect(forRedoc(view).info.description).toBe(view.info.description);
  });

  it('shows components no operation uses under a trait tag, with Redoc schema views for schemas and headers', () => {
    const doc = {
      tags: [{ name: 'messages' }],
      paths: { '/m': { get: { tags: ['messages'], responses: { 200: { $ref: '#/components/responses/Ok' } } } } },
      components: {
        responses: { Ok: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Used' } } } } },
        schemas: { Used: { type: 'object' }, Lonely: { type: 'object', description: 'Not used.' } },
        headers: { RetryAfter: { description: 'Wait.', schema: { type: 'integer' } } },
      },
    };
    const view = forRedoc(doc);
    const other = view.tags.at(-1);
    expect(other.name).toBe(OTHER_DEFINITIONS);
    expect(other['x-traitTag']).toBe(true);
    expect(other.description).toContain('## Lonely\n\n_schema_ `#/components/schemas/Lonely`\n\nNot used.\n\n<SchemaDefinition schemaRef="#/components/schemas/Lonely"');
    expect(other.description).toContain('## RetryAfter\n\n_header_ `#/components/headers/RetryAfter`\n\nWait.\n\n<SchemaDefinition schemaRef="#/components/headers/RetryAfter/schema" showExample={false} />');
    expect(other.description).not.toContain('Used');
    // The page's own words never say "not shown", which the bundles keep for what the spec document does not show.
    expect(other.description.split('\n\n')[0]).not.toMatch(/not shown/);
  });
});

describe('unusedComponents', () => {
  it.each([
    ['a schema reached through a response $ref is used', { paths: { '/a': { get: { responses: { 200: { $ref: '#/components/responses/R' } } } } }, components: { responses: { R: { content: { x: { schema: { $ref: '#/components/schemas/S' } } } } }, schemas: { S: {} } } }, []],
    ['a schema used only by an unused one is unused too', { paths: {}, components: { schemas: { A: { properties: { b: { $ref: '#/components/schemas/B' } } }, B: {} } } }, ['#/components/schemas/A', '#/components/schemas/B']],
    ['a callback reaches its body schema', { paths: { '/a': { post: { callbacks: { cb: { '{$url}': { post: { requestBody: { $ref: '#/components/requestBodies/Q' } } } } } } } }, components: { requestBodies: { Q: {} } } }, []],
    ['a path item copied into a callback is shown there', { paths: { '/a': { post: { callbacks: { cb: { '{$url}': { post: { summary: 'x' } } } } } } }, components: { pathItems: { P: { post: { summary: 'x' } } } } }, []],
    ['a path item that no callback copies is unused', { paths: {}, components: { pathItems: { P: { post: { summary: 'x' } } } } }, ['#/components/pathItems/P']],
    ['security schemes are shown in Authentication', { paths: {}, components: { securitySchemes: { basic: { type: 'http' } } } }, []],
    ['names are escaped as JSON pointers', { paths: {}, components: { headers: { 'a/b': {} } } }, ['#/components/headers/a~1b']],
  ])('%s', (_title, doc, want) => {
    expect(unusedComponents(doc).map((component) => component.ref)).toEqual(want);
  });
});

describe('forRedoc on the published bundles', () => {
  it.each(findBundles().map((bundle) => [bundle.id, bundle.jsonPath] as const))(
    '%s: changes only the introduction, servers, tags, callbacks (to webhooks) and samples, and never the bundle',
    (_id, file) => {
      const doc = readBundle(file);
      const before = JSON.stringify(doc);
      const view = forRedoc(doc);
      expect(JSON.stringify(doc)).toBe(before);
      const strip = (d: any) => {
        const { servers: _s, tags: _t, info, webhooks: _w, paths, ...rest } = d;
        const ops = Object.fromEntries(
          Object.entries(paths as Record<string, Record<string, any>>).map(([path, item]) => [
            path,
            Object.fromEntries(Object.entries(item).map(([method, op]) => [method, { ...op, callbacks: undefined, description: undefined }])),
          ]),
        );
        return { ...rest, paths: ops, info: { ...info, description: undefined } };
      };
      expect(strip(view)).toEqual(strip(doc));
      expect(view.info.description.startsWith(doc.info.description.trimEnd())).toBe(true);
      const names = view.tags.map((tag: { name: string }) => tag.name);
      expect(names.slice(0, doc.tags.length)).toEqual(doc.tags.map((tag: { name: string }) => tag.name));
      expect(names.slice(doc.tags.length)).toEqual(unusedComponents(doc).length > 0 ? [OTHER_DEFINITIONS] : []);
      for (const s of view.servers) expect(s.url).toMatch(/^https?:\/\//);
      expect(Object.keys(view.webhooks ?? {}).sort()).toEqual([...new Set(listCallbacks(doc).map((cb) => cb.callback))].sort());
    },
  );
});
