import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { createCampaignManagerClient } from './client.js';
import { ClientNetworkError } from './index.js';

const username = 'acme';
const password = 'pw-3a6f2b8e';

describe('applicationName', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['plain', 'acme', '/rest/campaign_manager/v1/acme/lists'],
    ['with a space and a slash', 'acme sms/eu', '/rest/campaign_manager/v1/acme%20sms%2Feu/lists'],
    ['non-ASCII', 'café', '/rest/campaign_manager/v1/caf%C3%A9/lists'],
    ['with URL syntax', 'a?b#c', '/rest/campaign_manager/v1/a%3Fb%23c/lists'],
  ])('is one encoded path segment: %s', async (_title, applicationName, path) => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username, password, applicationName });
    server.reply({ status: 200, body: [] });
    await client.GET('/lists');
    expect(server.requests.at(-1)?.path).toBe(path);
    expect(Object.fromEntries(server.requests.at(-1)?.query ?? [])).toEqual({});
  });

  it("accepts the contract's own template too, with the configured name", async () => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username, password, applicationName: 'acme' });
    const untyped = client as unknown as { GET: (url: string, init?: object) => Promise<unknown>; request: typeof untyped.GET };
    server.reply({ status: 200, body: [] }, { status: 200, body: [] });
    await untyped.GET('/{application_name}/{campaign_id}/report', { params: { path: { application_name: 'acme', campaign_id: 9 } } });
    await untyped.GET('/{application_name}/templates');
    expect(server.requests.slice(-2).map((r) => r.path)).toEqual([
      '/rest/campaign_manager/v1/acme/9/report',
      '/rest/campaign_manager/v1/acme/templates',
    ]);
  });

  it.each([[''], ['.'], ['..']])('rejects %j', (applicationName) => {
    expect(() => createCampaignManagerClient({ baseUrl: server.url, username, password, applicationName })).toThrow(TypeError);
  });

  it('a failed delete answered in plain text comes back as the string (section 7)', async () => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username, password, applicationName: 'acme' });
    server.reply({ status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'The list cannot be deleted' });
    const { data, error, response } = await client.DELETE('/lists/{list_id}', { params: { path: { list_id: 7 } } });
    expect(response.status).toBe(500);
    expect(data).toBeUndefined();
    expect(error).toBe('The list cannot be deleted');
  });

  it('204 of a delete is data undefined', async () => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username, password, applicationName: 'acme' });
    server.reply({ status: 204 });
    const { data, error, response } = await client.DELETE('/lists/{list_id}', { params: { path: { list_id: 7 } } });
    expect(response.status).toBe(204);
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
  });
});

describeFailures({
  createClient: (options) => createCampaignManagerClient({ ...options, username, password, applicationName: 'acme' }),
  call: (client) => client.GET('/lists'),
  secrets: [password, Buffer.from(`${username}:${password}`).toString('base64')],
  ClientNetworkError,
});
