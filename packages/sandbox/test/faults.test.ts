// Fault injection and inspection (issue item 6): every documented error of every operation can be
// injected, and each answer conforms to the bundle; latency; recorded requests; the HTTP control API.
import { bundle } from '../src/contract.js';
import { API_IDS, type OperationKey } from '../src/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

// One call per operation, through the project's clients; each returns the raw response and body.
const calls: Record<string, () => Promise<{ response: Response; data?: unknown; error?: unknown }>> = {
  'gateway-v1.sendMessage': () => t.gateway.POST('/messages', { body: { destination: '+1', content: 'x' } }),
  'gateway-v1.sendBroadcast': () => t.gateway.POST('/messages/broadcast', { body: { destination: ['+1'], content: 'x' } }),
  'gateway-v1.getMessage': () => t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } }),
  'sms-v2.getOpenApiDescription': () => t.sms.GET('/openapi.yaml'),
  'sms-v2.sendMessage': () => t.sms.POST('/messages', { body: { destination: '+447700900123', content: 'x' } }),
  'sms-v2.getMessage': () => t.sms.GET('/messages', { params: { query: { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' } } }),
  'im-v1.sendMessage': () => t.im.POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'x' } } } }),
  'campaign-manager-v1.deleteMultipleLists': () => t.campaigns.POST('/delete_multiple_lists', { body: { list_ids: [1] } }),
  'campaign-manager-v1.listLists': () => t.campaigns.GET('/lists'),
  'campaign-manager-v1.createList': () => t.campaigns.POST('/lists', { body: { name: 'n', members: [] } }),
  'campaign-manager-v1.deleteList': () => t.campaigns.DELETE('/lists/{list_id}', { params: { path: { list_id: 1 } } }),
  'campaign-manager-v1.scheduleCampaign': () =>
    t.campaigns.POST('/scheduled_campaigns', { body: { name: 'n', members: [], schedule: new Date(Date.now() + 3600_000).toISOString() } }),
  'campaign-manager-v1.listTemplates': () => t.campaigns.GET('/templates'),
  'campaign-manager-v1.getCampaignReport': () => t.campaigns.GET('/{campaign_id}/report', { params: { path: { campaign_id: 1 } } }),
};

// Every documented error status of every operation, read from the bundles: the explicit ones, and
// for a `default` response a 4xx and a 5xx.
const cases = API_IDS.flatMap((api) =>
  Object.values(bundle(api).paths as Record<string, Record<string, any>>).flatMap((item) =>
    Object.values(item)
      .filter((op) => op?.operationId)
      .flatMap((op) =>
        Object.keys(op.responses)
          .flatMap((status) => (status === 'default' ? ['400', '503'] : /^[45]/.test(status) ? [status] : []))
          .map((status) => ({ operation: `${api}.${op.operationId}` as OperationKey, status: Number(status) })),
      ),
  ),
);

describe('fault injection', () => {
  it('has a call for every operation of the four bundles', () => {
    expect(Object.keys(calls).sort()).toEqual([...new Set(cases.map((c) => c.operation))].sort());
  });

  it.each(cases)('$operation answers an injected $status in the documented shape', async ({ operation, status }) => {
    t.sandbox.faults.inject({ operation, status });
    const first = await calls[operation]!();
    expect(first.response.status).toBe(status);
    const body = await bodyOf(first);
    expect(responseViolations(operation, status, body)).toEqual([]);
    // Only the next call: the one after is served again.
    expect((await calls[operation]!()).response.status).not.toBe(status);
  });

  it("sends C's 429 with the RetryAfter header (bounds from the bundle) and counts N calls", async () => {
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 429, times: 2, retryAfter: 30 });
    for (let i = 0; i < 2; i++) {
      const answer = await calls['im-v1.sendMessage']!();
      expect(answer.response.status).toBe(429);
      expect(answer.response.headers.get('retryafter')).toBe('30');
    }
    expect((await calls['im-v1.sendMessage']!()).response.status).toBe(202);
    // C's RetryAfter range is the bundle's (section 8).
    const { minimum, maximum } = bundle('im-v1').components.headers.RetryAfter.schema;
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 429, retryAfter: minimum - 1 })).toThrow(`${minimum} to ${maximum}`);
  });

  it('refuses a status the operation does not document, and an unknown operation', () => {
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 503 })).toThrow(
      new TypeError('status 503 is not a documented error of im-v1.sendMessage (documented: 400, 401, 404, 422, 429, 500)'),
    );
    // A `default` response is said as what it covers here, never as the bare word "default".
    expect(() => t.sandbox.faults.inject({ operation: 'gateway-v1.sendMessage', status: 201 })).toThrow(
      new TypeError('status 201 is not a documented error of gateway-v1.sendMessage (documented: any 4xx or 5xx status, which its `default` response covers)'),
    );
    expect(() => t.sandbox.faults.inject({ operation: 'sms-v2.sendMessage', status: 201 })).toThrow(
      new TypeError('status 201 is not a documented error of sms-v2.sendMessage (documented: 401, and any other 4xx or 5xx status, which its `default` response covers)'),
    );
    // Refused at compile time too (OperationKey); from JavaScript, at run time:
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.nope' as OperationKey, status: 500 })).toThrow(/operation must be one of/);
    expect(() => t.sandbox.faults.setLatency(0, 'im-v1.nope' as OperationKey)).toThrow(/operation must be one of/);
    expect(() => t.sandbox.faults.setLatency(5, 'im-v1.nope' as OperationKey)).toThrow(/operation must be one of/);
  });

  it('refuses a fault with neither status nor network, saying one of them is required', () => {
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.sendMessage' })).toThrow(
      'one of status (a documented error of im-v1.sendMessage) or network (reset, no-answer, truncated, malformed-json, slow-body) is required',
    );
  });

  it('refuses a request-log filter that names no operation, instead of answering nothing was sent', () => {
    expect(() => t.sandbox.requests({ operation: 'im-v1.sendMesage' })).toThrow(/^operation must be one of gateway-v1\.sendMessage, /);
    expect(() => t.sandbox.requests({ operation: '' })).toThrow(/operation must be one of/);
    expect(t.sandbox.requests({ operation: 'im-v1.sendMessage' })).toEqual(expect.any(Array));
  });

  it('adds latency to one operation', async () => {
    t.sandbox.faults.setLatency(150, 'campaign-manager-v1.listTemplates');
    const started = performance.now();
    await calls['campaign-manager-v1.listTemplates']!();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(() => t.sandbox.faults.setLatency(10 ** 9)).toThrow(RangeError);
  });
});

describe('inspection', () => {
  it('records requests without credentials, in any shape', async () => {
    await calls['gateway-v1.sendMessage']!();
    await calls['sms-v2.sendMessage']!();
    await calls['im-v1.sendMessage']!();
    await calls['campaign-manager-v1.listLists']!();
    const recorded = t.sandbox.requests();
    expect(recorded.map((r) => r.operation)).toEqual(['gateway-v1.sendMessage', 'sms-v2.sendMessage', 'im-v1.sendMessage', 'campaign-manager-v1.listLists']);
    expect(recorded[1]!.body).toEqual({ destination: '+447700900123', content: 'x' });
    const text = JSON.stringify(recorded);
    for (const secret of [
      t.sandbox.credentials['gateway-v1'].password,
      t.sandbox.credentials['sms-v2'].apiKey,
      t.sandbox.credentials['im-v1'].apiKey,
      t.sandbox.credentials['campaign-manager-v1'].password,
      Buffer.from(`${t.sandbox.credentials['gateway-v1'].username}:${t.sandbox.credentials['gateway-v1'].password}`).toString('base64'),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(recorded.every((r) => r.headers.authorization === '[redacted]')).toBe(true);
  });
});

describe('HTTP control API', () => {
  const control = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${t.sandbox.url}/__sandbox${path}`, { method, ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });

  it('injects a fault, inspects requests, resets', async () => {
    expect((await control('/faults', 'POST', { operation: 'campaign-manager-v1.deleteList', status: 500 })).status).toBe(200);
    const failed = await calls['campaign-manager-v1.deleteList']!();
    expect(failed.response.status).toBe(500);
    expect(failed.error).toBe('List cannot be deleted');
    const recorded = (await (await control(`/requests?operation=campaign-manager-v1.deleteList`)).json()) as unknown[];
    expect(recorded).toHaveLength(1);
    expect((await control('/latency', 'PUT', { ms: 0 })).status).toBe(200);
    expect((await control('/reset', 'POST')).status).toBe(200);
    expect(await (await control('/requests')).json()).toEqual([]);
  });

  it('answers a bad control request with one clear error, and never shows credentials', async () => {
    const bad = await control('/faults', 'POST', { operation: 'im-v1.sendMessage', status: 418 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/not a documented error/);
    expect((await control('/nope')).status).toBe(404);
    const info = await (await control('/')).text();
    expect(info).not.toContain(t.sandbox.credentials['im-v1'].apiKey);
    expect(JSON.parse(info).urls['campaign-manager-v1']).toBe(`${t.sandbox.url}/rest/campaign_manager/v1`);
  });
});

async function bodyOf(answer: { response: Response; data?: unknown; error?: unknown }) {
  return answer.error !== undefined ? answer.error : answer.data;
}
