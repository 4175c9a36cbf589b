import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { createSmsClient } from './client.js';
import { ClientNetworkError } from './index.js';

const apiKey = 'sms-key-77a0c3e5';

describe('credentials', () => {
  it.each([[''], ['key\nX-Injected: 1']])('rejects the apiKey %j without echoing it', (bad) => {
    let message = '';
    try {
      createSmsClient({ baseUrl: 'https://api.example.com', apiKey: bad });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/apiKey/);
    if (bad) expect(message).not.toContain(bad);
  });
});

describe('GET /openapi.yaml', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });

  // "All request and response bodies are JSON" (the document's opening) and "200, no body schema"
  // (section 4.2): the description is a JSON body of no documented shape, read as any JSON.
  it('returns the description as parsed JSON, with no schema', async () => {
    server.reply({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"openapi":"3.1.0"}' });
    const { data } = await createSmsClient({ baseUrl: server.url, apiKey }).GET('/openapi.yaml');
    expect(data).toEqual({ openapi: '3.1.0' });
  });

  it('asks for application/json, as every request of B', async () => {
    server.reply({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' });
    await createSmsClient({ baseUrl: server.url, apiKey }).GET('/openapi.yaml');
    expect(server.requests.at(-1)?.headers.accept).toBe('application/json');
  });

  it('keeps an Accept and a parseAs the caller chose', async () => {
    server.reply({ status: 200, headers: { 'Content-Type': 'application/yaml' }, body: 'a: 1' });
    const { data } = await createSmsClient({ baseUrl: server.url, apiKey }).GET('/openapi.yaml', { headers: { Accept: 'application/yaml' }, parseAs: 'text' });
    expect([server.requests.at(-1)?.headers.accept, data]).toEqual(['application/yaml', 'a: 1']);
  });

  it('gives a 401 (sections 5 and 7) as B\'s error body, not as text', async () => {
    const body = { message: 'Invalid credentials', statusCode: 401, error: 'Unauthorized' };
    server.reply({ status: 401, body });
    const { data, error, response } = await createSmsClient({ baseUrl: server.url, apiKey }).GET('/openapi.yaml');
    expect([data, error, response.status]).toEqual([undefined, body, 401]);
  });

  it('goes through request() too', async () => {
    server.reply({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
    const { data } = await createSmsClient({ baseUrl: server.url, apiKey }).request('get', '/openapi.yaml');
    expect(data).toEqual({ a: 1 });
  });
});

describeFailures({
  createClient: (options) => createSmsClient({ ...options, apiKey }),
  call: (client) => client.GET('/messages', { params: { query: { id: '3f9a2c1e-7b4d-4e6a-9c8b-1d2e3f4a5b6c' } } }),
  secrets: [apiKey],
  ClientNetworkError,
});
