import { describe, expect, it } from 'vitest';
import { findBundles, readBundle } from './bundles.mjs';
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

  it('lists, under a tag only callbacks carry, each callback and a link to the operation that shows it', () => {
    const doc = {
      tags: [{ name: 'messages', description: 'Messages.' }, { name: 'callbacks', description: 'Pushed to you.' }],
      paths: {
        '/messages': {
          post: {
            operationId: 'sendMessage',
            summary: 'Send a single SMS',
            tags: ['messages'],
            callbacks: {
              statusCallback: { '{$url}': { post: { operationId: 'receiveStatus', summary: 'Receive a status', tags: ['callbacks'] } } },
            },
          },
        },
      },
    };
    const view = forRedoc(doc);
    expect(view.tags[0]).toEqual(doc.tags[0]);
    expect(view.tags[1].description).toBe(
      'Pushed to you.\n\nOperations with this tag are callbacks, which this reference shows inside the operation that declares them:\n\n' +
        '- **Receive a status** (`statusCallback`, POST `{$url}`): shown in the Callbacks of [Send a single SMS](#tag/messages/operation/sendMessage).',
    );
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
  it.each(findBundles().map((bundle) => [bundle.id, bundle.jsonPath] as const))('%s: changes only the introduction, servers and tags, and never the bundle', (_id, file) => {
    const doc = readBundle(file);
    const before = JSON.stringify(doc);
    const view = forRedoc(doc);
    expect(JSON.stringify(doc)).toBe(before);
    const { servers: _servers, tags: _tags, info, ...rest } = view;
    const { servers: _docServers, tags: _docTags, info: docInfo, ...docRest } = doc;
    expect(rest).toEqual(docRest);
    expect({ ...info, description: undefined }).toEqual({ ...docInfo, description: undefined });
    expect(info.description.startsWith(docInfo.description.trimEnd())).toBe(true);
    const names = view.tags.map((tag: { name: string }) => tag.name);
    expect(names.slice(0, doc.tags.length)).toEqual(doc.tags.map((tag: { name: string }) => tag.name));
    expect(names.slice(doc.tags.length)).toEqual(unusedComponents(doc).length > 0 ? [OTHER_DEFINITIONS] : []);
    for (const s of view.servers) expect(s.url).toMatch(/^https?:\/\//);
  });
});
