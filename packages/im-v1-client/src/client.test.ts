import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFailures } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { createImClient } from './client.js';
import { ClientNetworkError, type MessagePostRequest } from './index.js';

const apiKey = 'im-key-c01d9b34';
const body: MessagePostRequest = {
  destination: { mobile: '+447700900123' },
  message: { type: 'text', text: { body: 'Your code is 481516' } },
};
const accepted = { id: '3f9a2c1e-7b4d-4e6a-9c8b-1d2e3f4a5b6c' };
const rateLimited = (headers: Record<string, string> = {}) => ({
  status: 429,
  headers,
  body: { code: 429, message: 'Rate limit exceeded', errors: [] },
});

describe('429 and RetryAfter (section 8)', () => {
  let server: RecordingServer;
  beforeEach(async () => {
    server = await startRecordingServer();
  });
  afterEach(async () => {
    await server.close();
  });

  function clientRecordingWaits(max?: number) {
    const waits: number[] = [];
    // A time limit long enough for every documented wait (waits are recorded, not slept).
    const client = createImClient({
      baseUrl: server.url,
      apiKey,
      timeoutMs: 3_600_000,
      retry: { ...(max === undefined ? {} : { max }), sleep: async (ms) => void waits.push(ms) },
    });
    return { client, waits };
  }

  it.each<[string, { replies: ReturnType<typeof rateLimited>[]; waits: number[] }]>([
    ['waits RetryAfter seconds', { replies: [rateLimited({ RetryAfter: '30' })], waits: [30_000] }],
    ['clamps RetryAfter below 10 up to 10', { replies: [rateLimited({ RetryAfter: '1' })], waits: [10_000] }],
    ['honours a standard Retry-After too', { replies: [rateLimited({ 'Retry-After': '15' })], waits: [15_000] }],
    ['clamps a Retry-After date in the past up to 10', { replies: [rateLimited({ 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' })], waits: [10_000] }],
    ['retries twice by default', { replies: [rateLimited({ RetryAfter: '10' }), rateLimited({ RetryAfter: '20' })], waits: [10_000, 20_000] }],
  ])('%s, then re-sends the same request', async (_title, { replies, waits: want }) => {
    const { client, waits } = clientRecordingWaits();
    const before = server.requests.length;
    server.reply(...replies, { status: 202, body: accepted });
    const { data, error, response } = await client.POST('/message', { body });
    expect(response.status).toBe(202);
    expect(error).toBeUndefined();
    expect(data).toEqual(accepted);
    expect(waits).toEqual(want);
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(replies.length + 1);
    for (const request of sent) {
      expect(request.headers.authorization).toBe(apiKey);
      expect(JSON.parse(request.body)).toEqual(body);
    }
  });

  it('after max retries returns the 429 with its typed APIError', async () => {
    const { client, waits } = clientRecordingWaits(1);
    const before = server.requests.length;
    server.reply(rateLimited({ RetryAfter: '10' }), rateLimited({ RetryAfter: '10' }));
    const { data, error, response } = await client.POST('/message', { body });
    expect(response.status).toBe(429);
    expect(data).toBeUndefined();
    expect(error).toEqual({ code: 429, message: 'Rate limit exceeded', errors: [] });
    expect(waits).toEqual([10_000]);
    expect(server.requests.length - before).toBe(2);
  });

  it('does not wait beyond timeoutMs (default 30 s): a RetryAfter of 1000 s returns the 429', async () => {
    const waits: number[] = [];
    const client = createImClient({ baseUrl: server.url, apiKey, retry: { sleep: async (ms) => void waits.push(ms) } });
    server.reply(rateLimited({ RetryAfter: '1000' }));
    const { response } = await client.POST('/message', { body });
    expect(response.status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('retry: false returns the first 429', async () => {
    const client = createImClient({ baseUrl: server.url, apiKey, retry: false });
    const before = server.requests.length;
    server.reply(rateLimited({ RetryAfter: '10' }), { status: 202, body: accepted });
    const { response } = await client.POST('/message', { body });
    expect(response.status).toBe(429);
    expect(server.requests.length - before).toBe(1);
    server.reply({ status: 202, body: accepted });
    await client.POST('/message', { body });
  });

  it('a 429 without RetryAfter names no wait: it is returned at once', async () => {
    const { client, waits } = clientRecordingWaits();
    server.reply(rateLimited(), { status: 202, body: accepted });
    const { error, response } = await client.POST('/message', { body });
    expect(response.status).toBe(429);
    expect(error).toEqual({ code: 429, message: 'Rate limit exceeded', errors: [] });
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry other errors', async () => {
    const { client, waits } = clientRecordingWaits();
    const before = server.requests.length;
    server.reply({ status: 500, body: { code: 500, message: 'Internal error' } });
    const { response } = await client.POST('/message', { body });
    expect(response.status).toBe(500);
    expect(waits).toEqual([]);
    expect(server.requests.length - before).toBe(1);
  });

  it('rejects an unbounded retry count', () => {
    expect(() => createImClient({ baseUrl: server.url, apiKey, retry: { max: 100 } })).toThrow(RangeError);
  });
});

describeFailures({
  createClient: (options) => createImClient({ ...options, apiKey }),
  call: (client) => client.POST('/message', { body }),
  secrets: [apiKey],
  ClientNetworkError,
});
