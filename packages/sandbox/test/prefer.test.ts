// Per-request control with Prism's `Prefer` header: a documented status for this one request, or a
// 400 naming the documented ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, deref } from '../src/contract.js';
import type { Faults } from '../src/faults.js';
import { preference } from '../src/prefer.js';
import type { Route } from '../src/routes.js';
import { responseViolations, sandboxWithClients } from './support.js';

/** The named examples of C's POST /message answer of this status, as the bundle holds them. */
function imBundleExamples(status: string): Record<string, { value?: unknown }> {
  const document = bundle('im-v1');
  const examples = deref(document, document.paths['/message'].post.responses[status])!.content['application/json'].examples;
  return Object.fromEntries(Object.entries(examples as Record<string, object>).map(([name, example]) => [name, deref(document, example)!]));
}

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(() => t.sandbox.close());

const imBody = { destination: { mobile: '+447700900123' }, message: { type: 'text' as const, text: { body: 'Hello' } } };

describe('Prefer', () => {
  it('code=<status> answers this request with a documented error status and its example, and only this one', async () => {
    const preferred = await t.im.POST('/message', { body: imBody, headers: { prefer: 'code=429' } });
    expect(preferred.response.status).toBe(429);
    expect(preferred.response.headers.get('retryafter')).toBe('10');
    expect(responseViolations('im-v1.sendMessage', 429, preferred.error)).toEqual([]);
    expect((await t.im.POST('/message', { body: imBody })).response.status).toBe(202);
  });

  it("code=<status> on a `default` response answers any 4xx or 5xx in the interface's shape", async () => {
    const answer = await t.gateway.POST('/messages', { body: { destination: '+1', content: 'x' }, headers: { prefer: 'code=503' } });
    expect(answer.response.status).toBe(503);
    expect(responseViolations('gateway-v1.sendMessage', 503, answer.error)).toEqual([]);
  });

  it('code=<the success status> serves the request as usual', async () => {
    const answer = await t.gateway.POST('/messages', { body: { destination: '+1', content: 'x' }, headers: { prefer: 'code=201' } });
    expect(answer.response.status).toBe(201);
    expect(answer.data).toEqual([expect.any(Number)]);
  });

  it('refuses an undocumented status with a 400 naming the documented ones, in the interface shape', async () => {
    const answer = await t.im.POST('/message', { body: imBody, headers: { prefer: 'code=418' } });
    expect(answer.response.status).toBe(400);
    expect(responseViolations('im-v1.sendMessage', 400, answer.error)).toEqual([]);
    expect(JSON.stringify(answer.error)).toMatch(/202 400 401 404 422 429 500/);
    const sms = await t.sms.POST('/messages', { body: { destination: '+447700900123', content: 'x' }, headers: { prefer: 'code=500' } });
    expect(sms.response.status).toBe(500);
    const b = await t.sms.GET('/messages', { params: { query: { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' } }, headers: { prefer: 'code=302' } });
    expect(b.response.status).toBe(400);
  });

  it('example=<name> refuses a name the operation does not document, naming each documented name once', async () => {
    const answer = await t.im.POST('/message', { body: imBody, headers: { prefer: 'example=delivered' } });
    expect(answer.response.status).toBe(400);
    // C's error answers document two named examples each (section 7: APIError and the samples' shape).
    expect(JSON.stringify(answer.error)).toMatch(/documented example name apiError sampleShape rule/);
    // D's list delete documents one named example: its failure's illustrative string (its 204 has no body).
    const one = await t.campaigns.DELETE('/lists/{list_id}', { params: { path: { list_id: 1 } }, headers: { prefer: 'example=delivered' } });
    expect(one.response.status).toBe(400);
    expect(one.error).toMatch(/example must be a documented example name illustrative \(prefer-example\)$/);
  });

  it('example=<name> with code=<status> answers that status with that example', async () => {
    const examples = imBundleExamples('429');
    const sample = await t.im.POST('/message', { body: imBody, headers: { prefer: 'code=429, example=sampleShape' } });
    expect(sample.response.status).toBe(429);
    expect(sample.error).toEqual(examples.sampleShape!.value);
    expect(sample.response.headers.get('retryafter')).toBe('10');
    const api = await t.im.POST('/message', { body: imBody, headers: { prefer: 'code=500; example=apiError' } });
    expect(api.response.status).toBe(500);
    expect(api.error).toEqual(imBundleExamples('500').apiError!.value);
  });

  it('example=<name> that several statuses document, without code=, is refused naming them and asking for code', async () => {
    const answer = await t.im.POST('/message', { body: imBody, headers: { prefer: 'example=apiError' } });
    expect(answer.response.status).toBe(400);
    expect(responseViolations('im-v1.sendMessage', 400, answer.error)).toEqual([]);
    expect(JSON.stringify(answer.error)).toMatch(/example apiError is documented for statuses 400 401 404 422 429 500 add code with one of them to choose/);
  });
});

describe('Prefer example= picking its status (the rule on a route whose name is in one status)', () => {
  const route = {
    key: 'im-v1.sendMessage',
    responses: {
      '202': { content: { 'application/json': { examples: { accepted: { value: { id: 'x' } } } } } },
      '400': { content: { 'application/json': { examples: { apiError: { value: { code: 400 } } } } } },
    },
  } as unknown as Route;
  const faults = { answerFor: (spec: { status: number; body: unknown }) => ({ status: spec.status, body: spec.body, headers: {} }) } as unknown as Faults;

  it('a name in exactly one status picks that status', () => {
    expect(preference(route, 'example=apiError', faults)).toEqual({ answer: { status: 400, body: { code: 400 }, headers: {} } });
    expect(preference(route, 'example=accepted', faults)).toEqual({ answer: { status: 202, body: { id: 'x' }, headers: {} } });
  });

  it('a name inherited from Object.prototype is not a documented name', () => {
    expect(preference(route, 'example=constructor', faults)).toMatchObject({ refusal: { rule: 'prefer-example' } });
  });

  it('an operation with no named example says so (every operation of the bundles has one today)', () => {
    const plain = { key: 'campaign-manager-v1.deleteList', responses: { '204': {}, default: { content: { 'application/json': { example: 'x' } } } } } as unknown as Route;
    expect(preference(plain, 'example=x', faults)).toMatchObject({ refusal: { rule: 'prefer-example', message: expect.stringMatching(/it has no named examples$/) } });
  });
});
