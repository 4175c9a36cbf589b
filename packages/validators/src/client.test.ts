// The clients' opt-in contract validation, over real HTTP on 127.0.0.1: on, an invalid request
// throws one error listing every violation and never reaches the server, a valid one goes out
// unchanged, and a response that breaks the contract is reported; off (no wrapper), nothing
// changes at all.
import { createCampaignManagerClient } from '@messaging-contracts/campaign-manager-v1-client';
import { createGatewayClient } from '@messaging-contracts/gateway-v1-client';
import { createImClient, ImResponseError, throwOnError } from '@messaging-contracts/im-v1-client';
import { createSmsClient } from '@messaging-contracts/sms-v2-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RecordedRequest, type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import * as campaignManagerV1 from './campaign-manager-v1.js';
import { ContractViolationError, type ResponseViolationReport, withValidation } from './client.js';
import * as gatewayV1 from './gateway-v1.js';
import * as imV1 from './im-v1.js';
import * as smsV2 from './sms-v2.js';
import { requestExample } from './test-support/bundles.js';
import { schemaValue } from './test-support/schema-value.js';

const password = 'pa55-w0rd-secret';
const apiKey = 'key-0123456789-secret';
const day = 24 * 60 * 60 * 1000;
// A day within 60 days before the examples' `scheduled` dates.
const clock = Date.parse('2026-11-20T12:00:00Z');

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  vi.restoreAllMocks();
});

type Call = (url: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
interface Untyped {
  GET: Call;
  POST: Call;
  DELETE: Call;
  request: (method: string, url: string, init?: object) => ReturnType<Call>;
}
const untyped = (client: object) => client as unknown as Untyped;

const gateway = () => untyped(createGatewayClient({ baseUrl: server.url, username: 'acme', password }));
const sms = () => untyped(createSmsClient({ baseUrl: server.url, apiKey }));
const im = () => untyped(createImClient({ baseUrl: server.url, apiKey }));
const campaigns = () => untyped(createCampaignManagerClient({ baseUrl: server.url, username: 'acme', password, applicationName: 'shop' }));

async function rejection(promise: Promise<unknown>): Promise<ContractViolationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractViolationError);
  return error as ContractViolationError;
}

const wire = (request: RecordedRequest) => ({
  method: request.method,
  path: request.path,
  query: request.query.toString(),
  body: request.body,
  contentType: request.headers['content-type'],
});

describe('request validation on', () => {
  it('A: an invalid body throws one error listing every violation, and nothing is sent', async () => {
    const client = withValidation(gateway(), gatewayV1, { now: () => clock });
    // The limits as the bundle holds them: this tests the wrapper, not the document's values.
    const mask: number = schemaValue('gateway-v1', 'Message', 'mask', 'maxLength');
    const days: number = schemaValue('gateway-v1', 'Message', 'scheduled', 'x-max-days-ahead');
    const body = { ...(requestExample('gateway-v1', 'sendMessage') as object), mask: 'M'.repeat(mask + 1), scheduled: new Date(clock + (days + 1) * day).toISOString() };
    const error = await rejection(client.POST('/messages', { body }));
    expect(error.operationId).toBe('sendMessage');
    expect(error.phase).toBe('request');
    expect(error.violations).toEqual([
      { pointer: '/mask', property: 'mask', rule: 'maxLength', limit: mask, message: `must be at most ${mask} characters long` },
      { pointer: '/scheduled', property: 'scheduled', rule: 'x-max-days-ahead', limit: days, message: `must be at most ${days} days ahead` },
    ]);
    expect(error.message).toContain(`/mask must be at most ${mask} characters long (maxLength)`);
    expect(error.message).not.toContain(password);
    expect(server.requests).toHaveLength(0);
  });

  it('B: a missing required query parameter throws before any I/O', async () => {
    const client = withValidation(sms(), smsV2);
    const error = await rejection(client.GET('/messages', { params: { query: {} } }));
    expect(error.violations).toEqual([{ pointer: '/query/id', property: 'id', rule: 'required', message: 'is required' }]);
    expect(server.requests).toHaveLength(0);
  });

  it('C: empty destination and a one-property message are both listed', async () => {
    const client = withValidation(im(), imV1);
    const error = await rejection(client.POST('/message', { body: { destination: {}, message: { type: 'text' } } }));
    expect(error.violations.map((v) => [v.pointer, v.rule, v.limit])).toEqual([
      ['/destination', 'minProperties', 1],
      ['/message', 'minProperties', 2],
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("C: punctuation in a LongString is refused before sending, the message naming the field, the pattern and what it excludes", async () => {
    const body = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello, world!' } } };
    const error = await rejection(withValidation(im(), imV1).POST('/message', { body }));
    expect(error.message).toBe(
      'sendMessage: the request breaks the contract: /message/text/body must match ^[-_ a-zA-Z0-9]+$ (letters, digits, space, - and _ only: no punctuation) (pattern)',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('C: a missing required body is a violation', async () => {
    const error = await rejection(withValidation(im(), imV1).POST('/message'));
    expect(error.violations).toEqual([{ pointer: '', property: '', rule: 'required', message: 'is required' }]);
  });

  it("D: parameters are checked under the client's short templates and the contract's, application_name comes from the client", async () => {
    const client = withValidation(campaigns(), campaignManagerV1);
    const short = await rejection(client.DELETE('/lists/{list_id}', { params: { path: { list_id: 'seven' } } }));
    expect(short.violations).toEqual([{ pointer: '/path/list_id', property: 'list_id', rule: 'type', message: 'must be a finite integer' }]);
    const full = await rejection(client.DELETE('/{application_name}/lists/{list_id}', { params: { path: { list_id: 'seven' } } }));
    expect(full.violations).toEqual(short.violations);
    expect(server.requests).toHaveLength(0);
  });

  it('A and D: a bigint id (int64 beyond 2^53 - 1, which their clients take) is checked as the digits sent, int64 range included', async () => {
    const client = withValidation(gateway(), gatewayV1);
    server.reply({ status: 200, body: { content: 'hi', destination: '447700900123' } });
    await client.GET('/messages/{messageid}', { params: { path: { messageid: 1234567890123456789n } } });
    expect(server.requests.at(-1)?.path).toBe('/rest/gateway/messages/1234567890123456789');
    const beyond = await rejection(client.GET('/messages/{messageid}', { params: { path: { messageid: 12345678901234567895n } } }));
    expect(beyond.violations).toEqual([{ pointer: '/path/messageid', property: 'messageid', rule: 'format', limit: 'int64', message: 'must be a valid int64' }]);
    server.reply({ status: 204 });
    await withValidation(campaigns(), campaignManagerV1).DELETE('/lists/{list_id}', { params: { path: { list_id: 1234567890123456789n } } });
    expect(server.requests.at(-1)?.path).toBe('/rest/campaign_manager/v1/shop/lists/1234567890123456789');
    expect(server.requests).toHaveLength(2);
  });

  it('an operation outside the contract is refused', async () => {
    const error = await rejection(withValidation(sms(), smsV2).GET('/unknown'));
    expect(error.violations[0]).toMatchObject({ rule: 'operation' });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    `/unknown?apikey=${apiKey}`,
    `http://user:${password}@127.0.0.1:1/unknown?apikey=${apiKey}`,
    `/messages/${apiKey}`,
  ])('an unknown operation is refused without the URL or a credential in the error: %s', async (url) => {
    const error = await rejection(withValidation(sms(), smsV2).GET(url));
    const text = `${error.message} ${error.operationId} ${JSON.stringify(error)} ${String(error.stack)}`;
    for (const secret of [apiKey, password, 'unknown', '127.0.0.1']) expect(text).not.toContain(secret);
    expect(error.operationId).toBe('GET (not an operation of the contract)');
    expect(server.requests).toHaveLength(0);
  });

  it('request: false lets an invalid request through', async () => {
    server.reply({ status: 202, body: { id: '3f2b8c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c' } });
    const client = withValidation(im(), imV1, { request: false });
    const { response } = await client.POST('/message', { body: { destination: {}, message: { type: 'text' } } });
    expect(response.status).toBe(202);
    expect(server.requests).toHaveLength(1);
  });
});

// One valid call per interface, with the documented reply: the wrapped client sends exactly what
// the bare client sends and returns the same result.
const valid: Array<[string, () => Untyped, object, (client: Untyped) => ReturnType<Call>, number, unknown]> = [
  ['A', gateway, gatewayV1, (c) => c.POST('/messages', { body: requestExample('gateway-v1', 'sendMessage') }), 201, [4187321]],
  ['B', sms, smsV2, (c) => c.GET('/messages', { params: { query: { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' } } }), 401, { message: 'Invalid credentials', statusCode: 401, error: 'Unauthorized' }],
  ['C', im, imV1, (c) => c.POST('/message', { body: requestExample('im-v1', 'sendMessage') }), 202, { id: '3f2b8c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c' }],
  ['D', campaigns, campaignManagerV1, (c) => c.DELETE('/lists/{list_id}', { params: { path: { list_id: 1021 } } }), 400, 'List cannot be deleted'],
  ['D (request)', campaigns, campaignManagerV1, (c) => c.request('get', '/templates'), 200, [{ id: 12, name: 'Appointment reminder' }]],
];

describe.each(valid)('%s: a valid call', (_name, make, validators, call, status, body) => {
  it('goes out and comes back as without the wrapper, and reports nothing', async () => {
    const reports: ResponseViolationReport[] = [];
    server.reply({ status, body }, { status, body });
    const bare = await call(make());
    const client = withValidation(make(), validators as typeof smsV2, { onResponseViolation: (r) => reports.push(r), now: () => clock });
    const wrapped = await call(client);
    expect(server.requests).toHaveLength(2);
    expect(wire(server.requests[1]!)).toEqual(wire(server.requests[0]!));
    expect(server.requests[1]!.headers.authorization).toBe(server.requests[0]!.headers.authorization);
    expect([wrapped.data, wrapped.error, wrapped.response.status]).toEqual([bare.data, bare.error, bare.response.status]);
    expect(reports).toEqual([]);
  });
});

describe('response checking', () => {
  const broken = { status: 201, body: [{ id: 'not-a-number' }] };
  const send = (client: Untyped) => client.POST('/messages', { body: { ...(requestExample('gateway-v1', 'sendMessage') as object), scheduled: undefined } });

  it("'report' (default) hands the violations to onResponseViolation and returns the result", async () => {
    const reports: ResponseViolationReport[] = [];
    server.reply(broken);
    const result = await send(withValidation(gateway(), gatewayV1, { onResponseViolation: (r) => reports.push(r) }));
    expect(result.data).toEqual(broken.body);
    expect(reports).toEqual([
      { operationId: 'sendMessage', method: 'post', path: '/messages', status: 201, violations: [expect.objectContaining({ pointer: '/0', rule: 'type' })] },
    ]);
  });

  it('the default report is one console.warn line without credentials or URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.reply(broken);
    await send(withValidation(gateway(), gatewayV1));
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]![0]);
    expect(line).toContain('sendMessage (POST /messages) answered 201');
    for (const secret of [password, Buffer.from(`acme:${password}`).toString('base64'), server.url]) expect(line).not.toContain(secret);
  });

  it("accepts B's description with any JSON body (section 4.2: 200, no body schema)", async () => {
    expect(Object.keys(smsV2.operations.getOpenApiDescription!.responses)).not.toContain('200');
    server.reply({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '["any", {"json": 1}]' });
    const result = await withValidation(sms(), smsV2, { response: 'throw' }).GET('/openapi.yaml');
    expect([result.data, result.response.status]).toEqual([['any', { json: 1 }], 200]);
  });

  it('an error status is checked against its own response, else default', async () => {
    const reports: ResponseViolationReport[] = [];
    const client = withValidation(sms(), smsV2, { onResponseViolation: (r) => reports.push(r) });
    server.reply({ status: 401, body: { code: 401, message: 'Unauthorized' } }, { status: 503, body: { message: 'down', statusCode: 503, error: 'Service Unavailable' } });
    await client.GET('/messages', { params: { query: { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' } } });
    await client.GET('/messages', { params: { query: { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' } } });
    expect(reports.map((r) => [r.status, r.violations.map((v) => v.pointer)])).toEqual([[401, expect.arrayContaining(['/statusCode', '/error'])]]);
  });

  it("'throw' rejects with the response's violations after the exchange", async () => {
    server.reply(broken);
    const error = await rejection(send(withValidation(gateway(), gatewayV1, { response: 'throw' })));
    expect([error.phase, error.status]).toEqual(['response', 201]);
    expect(server.requests).toHaveLength(1);
  });

  it("'off' does not look at responses", async () => {
    const report = vi.fn();
    server.reply(broken);
    await send(withValidation(gateway(), gatewayV1, { response: 'off', onResponseViolation: report }));
    expect(report).not.toHaveBeenCalled();
  });
});

describe('off: a client without the wrapper', () => {
  it('sends an invalid request as it always did', async () => {
    server.reply({ status: 400, body: { code: 400, message: 'Request data invalid or badly formatted', errors: [] } });
    const { error, response } = await im().POST('/message', { body: { destination: {}, message: { type: 'text' } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 400 });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ destination: {}, message: { type: 'text' } });
  });

  it('is left untouched by wrapping', async () => {
    const bare = gateway();
    const methods = { ...bare };
    withValidation(bare, gatewayV1);
    expect({ ...bare }).toEqual(methods);
    server.reply({ status: 201, body: [1] });
    await expect(bare.POST('/messages', { body: { mask: 'M'.repeat(21) } })).resolves.toMatchObject({ data: [1] });
  });

  it("never alters the caller's parameters", async () => {
    server.reply({ status: 200, body: {} });
    const params = { path: { messageid: 4187321 } };
    await withValidation(gateway(), gatewayV1, { response: 'off' }).GET('/messages/{messageid}', { params });
    expect(params).toEqual({ path: { messageid: 4187321 } });
  });
});

describe('with throw-on-error mode', () => {
  const throwing = () => throwOnError(createImClient({ baseUrl: server.url, apiKey }));
  const body = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } } as const;

  it('goes on last: throwOnError(withValidation(client, ...)) validates, then resolves the body or throws', async () => {
    const client = throwOnError(withValidation(createImClient({ baseUrl: server.url, apiKey }), imV1));
    server.reply({ status: 202, body: { id: '3f2b8c1e-9a4d-4e6f-8b2a-1c5d7e9f0a3b' } });
    await expect(client.POST('/message', { body })).resolves.toEqual({ id: '3f2b8c1e-9a4d-4e6f-8b2a-1c5d7e9f0a3b' });
    await expect(client.POST('/message', { body: { ...body, destination: {} } })).rejects.toBeInstanceOf(ContractViolationError);
    server.reply({ status: 401, body: { code: 401, message: 'Unauthorized', errors: [] } });
    await expect(client.POST('/message', { body })).rejects.toBeInstanceOf(ImResponseError);
  });

  it('is refused inside withValidation, naming the order, before any call', () => {
    // @ts-expect-error a client in throw-on-error mode has no `response` to check
    expect(() => withValidation(throwing(), imV1)).toThrow(
      new TypeError('withValidation got a client in throw-on-error mode: wrap with withValidation first: throwOnError(withValidation(client, validators))'),
    );
    expect(server.requests).toHaveLength(0);
  });
});
