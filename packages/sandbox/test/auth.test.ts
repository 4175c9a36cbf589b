// Section 5: each interface checks the credentials the sandbox was started with; missing or wrong
// ones get a 401 in that interface's documented shape, and the answer never echoes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiId } from '../src/contract.js';
import { CACHED_VALUES, CredentialIndex, MAX_CACHED_VALUE, resolveCredentials } from '../src/credentials.js';
import type { AuthScheme } from '../src/routes.js';
import { responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients({
    credentials: { 'gateway-v1': { username: 'gw', password: 'gw-secret' }, 'im-v1': { apiKey: 'im-secret' } },
  });
});
afterAll(() => t.sandbox.close());

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const requests = [
  { operation: 'gateway-v1.sendMessage', method: 'POST', path: '/rest/gateway/messages', name: 'authorization', wrong: basic('gw', 'nope') },
  { operation: 'sms-v2.sendMessage', method: 'POST', path: '/rest/sms/v2/messages', name: 'authorization', wrong: 'nope' },
  { operation: 'im-v1.sendMessage', method: 'POST', path: '/rest/im/v1/message', name: 'authorization', wrong: 'nope' },
  { operation: 'campaign-manager-v1.listLists', method: 'GET', path: '/rest/campaign_manager/v1/app/lists', name: 'authorization', wrong: basic('x', 'y') },
  { operation: 'campaign-manager-v1.deleteList', method: 'DELETE', path: '/rest/campaign_manager/v1/app/lists/1', name: 'authorization', wrong: basic('x', 'y') },
];

describe('credentials', () => {
  it.each(requests.flatMap((r) => [{ ...r, header: undefined }, { ...r, header: r.wrong }]))(
    '$operation with $header answers 401 in its shape',
    async ({ operation, method, path, name, header }) => {
      const answer = await fetch(t.sandbox.url + path, {
        method,
        headers: { 'content-type': 'application/json', ...(header && { [name]: header }) },
        ...(method === 'POST' && { body: '{}' }),
      });
      expect(answer.status).toBe(401);
      const text = await answer.text();
      expect(responseViolations(operation, 401, JSON.parse(text))).toEqual([]);
      if (header) expect(text).not.toContain(header);
    },
  );

  it("A's and D's 401 says where credentials come from: the start's, or a session's", async () => {
    const answer = await fetch(`${t.sandbox.urls['gateway-v1']}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await answer.json()).message).toBe('Missing or wrong credentials: send the HTTP Basic credentials the sandbox printed at start, or a session gave (POST /__sandbox/sessions)');
  });

  it('uses the credentials it was given, and accepts the Basic scheme name in any case', async () => {
    expect(t.sandbox.credentials['gateway-v1']).toEqual({ username: 'gw', password: 'gw-secret' });
    const answer = await fetch(`${t.sandbox.urls['gateway-v1']}/messages/1`, { headers: { authorization: basic('gw', 'gw-secret').replace('Basic', 'bAsIc') } });
    expect(answer.status).toBe(404); // past the credentials: the message does not exist
  });

  it("serves B's description without credentials or with wrong ones (its choice: the bundle allows an anonymous request, and declares 401)", async () => {
    expect((await fetch(`${t.sandbox.urls['sms-v2']}/openapi.yaml`)).status).toBe(200);
    expect((await fetch(`${t.sandbox.urls['sms-v2']}/openapi.yaml`, { headers: { authorization: 'wrong-key' } })).status).toBe(200);
    const asked = await fetch(`${t.sandbox.urls['sms-v2']}/openapi.yaml`, { headers: { authorization: 'wrong-key', prefer: 'code=401' } });
    expect(asked.status).toBe(401);
    expect(responseViolations('sms-v2.getOpenApiDescription', 401, await asked.json())).toEqual([]);
  });
});

describe('HTTP control API for callbacks', () => {
  it('sets addresses and sends a reply', async () => {
    const put = await fetch(`${t.sandbox.url}/__sandbox/callbacks`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ smsReply: 'http://127.0.0.1:9/reply' }) });
    expect(((await put.json()) as { callbacks: unknown }).callbacks).toEqual({ smsReply: 'http://127.0.0.1:9/reply' });
    const sent = await t.sms.POST('/messages', { body: { destination: '+447700900123', content: 'x' } });
    const reply = await fetch(`${t.sandbox.url}/__sandbox/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messageId: sent.data!.id, content: 'hi', wait: false }) });
    const { id } = (await reply.json()) as { id: string };
    const read = await t.sms.GET('/messages', { params: { query: { id } } });
    expect(read.data).toMatchObject({ id, direction: 'MO', content: 'hi', source: '+447700900123' });
    t.sandbox.setCallbackUrls({ smsReply: '' });
    await t.sandbox.idle();
  });
});

// Parsed header values are cached (credentials.ts): the answer must not depend on whether a value
// was seen before, pushed out of the bounded cache, or too long to be kept.
describe('CredentialIndex', () => {
  it('finds the same owner whether a header value was parsed before, emptied from the cache, or too long to cache', () => {
    const schemes = new Map<ApiId, AuthScheme>([
      ['gateway-v1', { kind: 'basic' }],
      ['sms-v2', { kind: 'header', name: 'authorization' }],
      ['im-v1', { kind: 'header', name: 'authorization' }],
      ['campaign-manager-v1', { kind: 'basic' }],
    ]);
    const index = new CredentialIndex<string>(schemes);
    const credentials = resolveCredentials({ 'gateway-v1': { username: 'gw', password: 'gw-secret' }, 'sms-v2': { apiKey: 's1.sms-secret' } });
    index.add(credentials, 'owner');
    const right = basic('gw', 'gw-secret');
    expect([index.find('gateway-v1', { authorization: right }), index.find('gateway-v1', { authorization: right })]).toEqual(['owner', 'owner']);
    for (let i = 0; i < CACHED_VALUES * 2; i++) expect(index.find('gateway-v1', { authorization: basic('gw', `wrong-${i}`) })).toBeUndefined();
    expect(index.find('gateway-v1', { authorization: right })).toBe('owner');
    const long = right + ' '.repeat(MAX_CACHED_VALUE); // trailing spaces: still the same credentials
    expect([index.find('gateway-v1', { authorization: long }), index.find('gateway-v1', { authorization: long })]).toEqual(['owner', 'owner']);
    expect(index.find('gateway-v1', { authorization: basic('gw', 'gw-secreT') })).toBeUndefined();
    expect(index.find('sms-v2', { authorization: 's1.sms-secret' })).toBe('owner');
    expect(index.find('sms-v2', { authorization: 's1.sms-secreT' })).toBeUndefined();
    // Only what a value names is cached, never its owner: removed credentials stop working at once.
    index.remove(credentials);
    expect([index.find('gateway-v1', { authorization: right }), index.find('sms-v2', { authorization: 's1.sms-secret' })]).toEqual([undefined, undefined]);
  });
});
