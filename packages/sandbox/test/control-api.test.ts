// The control API and its OpenAPI document agree: the document is served as shipped, every
// documented operation is routed to an implementation and every implementation is documented, and
// every operation is called here through the typed client (createSandboxControlClient), its answer
// checked against the document's response schema.
import { createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaEnum } from '../src/contract.js';
import { actions, controlApiDocument, controlRoutes } from '../src/control.js';
import { CONTROL_BASE_PATH, CONTROL_TOKEN_HEADER, createSandboxControlClient, SandboxControlResponseError, throwOnError } from '../src/control-client.js';
import shipped from '../src/generated/control-api.json' with { type: 'json' };
import type { components } from '../src/generated/control-api.js';
import { type Sandbox, startSandbox } from '../src/index.js';
import { createRouteTable } from '../src/routes.js';
import { listen } from './support.js';
import { unserializedParameters } from '@messaging-contracts/test-kit/wire-suite';

let sandbox: Sandbox;
let receiver: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  receiver = await listen(createImV1StatusReceiver({ rateLimit: 100, onStatus: () => {} }).node);
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const documented = Object.entries(controlApiDocument.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op?.operationId)
    .map(([method, op]) => ({ method: method.toUpperCase(), path, operation: op })),
);

// Each answer is checked against the documented response of its status (following $refs).
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(controlApiDocument, 'control');
function violations(method: string, path: string, status: number, body: unknown) {
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  let pointer = `#/paths/${escape(path)}/${method.toLowerCase()}/responses/${status}`;
  let response = controlApiDocument.paths[path][method.toLowerCase()].responses[String(status)];
  if (!response) return [`${method} ${path} documents no ${status}`];
  if (response.$ref) {
    pointer = response.$ref;
    response = response.$ref.slice(2).split('/').reduce((at: any, key: string) => at[key], controlApiDocument);
  }
  if (!response.content?.['application/json']?.schema) return [];
  const validate = ajv.compile({ $ref: `control${pointer}/content/application~1json/schema` });
  return validate(body) ? [] : validate.errors!;
}

describe('the control API document', () => {
  it('is served at GET /__sandbox/openapi.json as shipped in the package', async () => {
    const answer = await fetch(`${sandbox.url}/__sandbox/openapi.json`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(shipped);
    expect(shipped.servers[0]!.url.endsWith(CONTROL_BASE_PATH)).toBe(true);
    expect(shipped.components.securitySchemes.controlToken.name).toBe(CONTROL_TOKEN_HEADER);
  });

  it("types OperationKey as exactly the bundles' operations (written at build, never by hand)", () => {
    const keys = createRouteTable().apis.flatMap((api) => api.routes.map((route) => route.key));
    expect([...controlApiDocument.components.schemas.OperationKey.enum].sort()).toEqual([...keys].sort());
    expect(keys.length).toBeGreaterThan(10);
  });

  it('routes every documented operation to an implementation, and documents every implementation', () => {
    const routes = controlRoutes();
    expect(routes.map((r) => `${r.method} ${r.template}`).sort()).toEqual(documented.map((d) => `${d.method} ${d.path}`).sort());
    const used = new Set(documented.map((d) => d.operation['x-sandbox-action']));
    expect([...used].sort()).toEqual(Object.keys(actions).sort());
    const broken = structuredClone(controlApiDocument);
    broken.paths['/reset'].post['x-sandbox-action'] = 'resetEverything';
    expect(() => controlRoutes(broken)).toThrow(/no implementation of reset/);
  });

  it('has only the parameter shapes the typed client serializes (strings and numbers, `{name}` templates)', () => {
    expect(unserializedParameters(controlApiDocument)).toEqual([]);
  });

  it('answers what the document does not describe with 404 or 405', async () => {
    expect((await fetch(`${sandbox.url}/__sandbox/nothing`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'PATCH' })).status).toBe(405);
  });
});

describe('the control API\'s types', () => {
  it('take a message status from B\'s and C\'s own MessageStatus: a state neither documents fails to compile', () => {
    type StatusChange = components['schemas']['StatusChange'];
    const states: StatusChange['status'][] = ['queued', 'read', 'expired'];
    // A value no state can be (states are single words): a state the document adds never makes this unused.
    // @ts-expect-error 'not a state' is neither B's nor C's state (the issue a typed client exists for)
    const wrong: StatusChange = { id: 'x', status: 'not a state' };
    // The document carries both enums, inlined from the interfaces' sources (scripts/control-api.mjs).
    const status = (controlApiDocument as any).components.schemas.StatusChange.properties.status;
    expect(status.anyOf.map((alternative: { enum: string[] }) => alternative.enum)).toEqual([schemaEnum('sms-v2', 'MessageStatus'), schemaEnum('im-v1', 'MessageStatus')]);
    expect([...states, wrong.status]).toHaveLength(4);
  });
});

describe('createSandboxControlClient', () => {
  it('calls every control operation, each answer as documented', { timeout: 30_000 }, async () => {
    const client = createSandboxControlClient({ baseUrl: sandbox.url });
    const called = new Set<string>();
    const check = (method: string, path: string, result: { response: Response; data?: unknown; error?: unknown }, status = 200) => {
      called.add(`${method} ${path}`);
      expect(result.response.status, `${method} ${path}: ${JSON.stringify(result.error)}`).toBe(status);
      expect(violations(method, path, status, result.data ?? result.error)).toEqual([]);
    };
    const im = async (apiKey: string) =>
      (
        (await (
          await fetch(`${sandbox.urls['im-v1']}/message`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: apiKey },
            body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'x' } } }),
          })
        ).json()) as { id: string }
      ).id;
    const sms = async (apiKey: string) =>
      (
        (await (
          await fetch(`${sandbox.urls['sms-v2']}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: apiKey },
            body: JSON.stringify({ destination: '+447700900123', source: '+447700900999', content: 'x' }),
          })
        ).json()) as { id: string }
      ).id;

    check('GET', '/', await client.GET('/'));
    check('GET', '/openapi.json', await client.GET('/openapi.json'));
    // The global scope.
    check('PUT', '/callbacks', await client.PUT('/callbacks', { body: { imStatus: receiver.url } }));
    check('POST', '/status', await client.POST('/status', { body: { id: await im(sandbox.credentials['im-v1'].apiKey), status: 'read', detail: 'Read on the handset' } }));
    check('POST', '/reply', await client.POST('/reply', { body: { messageId: await sms(sandbox.credentials['sms-v2'].apiKey), content: 'Yes' } }));
    check('POST', '/faults', await client.POST('/faults', { body: { operation: 'im-v1.sendMessage', status: 500, times: 2 } }));
    check('GET', '/faults', await client.GET('/faults'));
    check('DELETE', '/faults', await client.DELETE('/faults'));
    check('PUT', '/latency', await client.PUT('/latency', { body: { ms: 0 } }));
    check('GET', '/requests', await client.GET('/requests', { params: { query: { operation: 'im-v1.sendMessage' } } }));
    check('DELETE', '/requests', await client.DELETE('/requests'));
    check('GET', '/deliveries', await client.GET('/deliveries'));
    check('PUT', '/clock', await client.PUT('/clock', { body: { now: '2031-01-01T00:00:00Z' } }));
    check('POST', '/clock/advance', await client.POST('/clock/advance', { body: { ms: 60_000 } }));
    check('GET', '/clock', await client.GET('/clock'));
    check('PUT', '/progress', await client.PUT('/progress', { body: { states: [] } }));
    check('POST', '/reset', await client.POST('/reset'));
    // A session, and the same operations on it.
    const created = await client.POST('/sessions', { body: { callbacks: { imStatus: receiver.url } } });
    check('POST', '/sessions', created, 201);
    const sessionId = created.data!.id;
    const key = created.data!.credentials;
    const path = { params: { path: { sessionId } } };
    check('GET', '/sessions/{sessionId}', await client.GET('/sessions/{sessionId}', path));
    check('PUT', '/sessions/{sessionId}/callbacks', await client.PUT('/sessions/{sessionId}/callbacks', { ...path, body: { imStatus: receiver.url, smsReply: receiver.url } }));
    check('POST', '/sessions/{sessionId}/status', await client.POST('/sessions/{sessionId}/status', { ...path, body: { id: await im(key['im-v1'].apiKey), status: 'sent' } }));
    check('POST', '/sessions/{sessionId}/reply', await client.POST('/sessions/{sessionId}/reply', { ...path, body: { messageId: await sms(key['sms-v2'].apiKey), content: 'No' } }));
    check('POST', '/sessions/{sessionId}/faults', await client.POST('/sessions/{sessionId}/faults', { ...path, body: { operation: 'im-v1.sendMessage', status: 429, retryAfter: 30 } }));
    check('GET', '/sessions/{sessionId}/faults', await client.GET('/sessions/{sessionId}/faults', path));
    check('DELETE', '/sessions/{sessionId}/faults', await client.DELETE('/sessions/{sessionId}/faults', path));
    check('PUT', '/sessions/{sessionId}/latency', await client.PUT('/sessions/{sessionId}/latency', { ...path, body: { ms: 5, operation: 'im-v1.sendMessage' } }));
    check('GET', '/sessions/{sessionId}/requests', await client.GET('/sessions/{sessionId}/requests', path));
    check('DELETE', '/sessions/{sessionId}/requests', await client.DELETE('/sessions/{sessionId}/requests', path));
    check('GET', '/sessions/{sessionId}/deliveries', await client.GET('/sessions/{sessionId}/deliveries', path));
    check('PUT', '/sessions/{sessionId}/clock', await client.PUT('/sessions/{sessionId}/clock', { ...path, body: { now: '2032-01-01T00:00:00Z' } }));
    check('POST', '/sessions/{sessionId}/clock/advance', await client.POST('/sessions/{sessionId}/clock/advance', { ...path, body: { ms: -1000 } }));
    check('GET', '/sessions/{sessionId}/clock', await client.GET('/sessions/{sessionId}/clock', path));
    check('PUT', '/sessions/{sessionId}/progress', await client.PUT('/sessions/{sessionId}/progress', { ...path, body: { states: ['sent'], delayMs: 60_000 } }));
    check('POST', '/sessions/{sessionId}/reset', await client.POST('/sessions/{sessionId}/reset', path));
    check('DELETE', '/sessions/{sessionId}', await client.DELETE('/sessions/{sessionId}', path));
    check('GET', '/sessions/{sessionId}', await client.GET('/sessions/{sessionId}', path), 404);
    // A bad request answers the documented 400.
    check('POST', '/faults', await client.POST('/faults', { body: { operation: 'im-v1.sendMessage', status: 201 } }), 400);
    expect([...called].sort()).toEqual(documented.map((d) => `${d.method} ${d.path}`).sort());
  });
});

// Section 6: B's status callback reports the status of an outbound (MT) message. A B reply (an MO
// message) changes status without one (defects.test.ts), and the control API says so where it
// promises the callback, so a suite does not wait for one that never comes.
describe("the control API's status change (section 6: status callbacks of outbound messages only)", () => {
  it('says a B reply gets no status callback, and answers its change with delivery null', async () => {
    const paths = controlApiDocument.paths as Record<string, Record<string, { description: string }>>;
    for (const path of ['/status', '/sessions/{sessionId}/status']) {
      expect(paths[path]!.post!.description, path).toMatch(/status callback of an outbound \(MT\) one \(section 6: a B reply, an MO message, gets none\)/);
    }
    const responses = (controlApiDocument.components as { responses: Record<string, { description: string }> }).responses;
    expect(responses.StatusChanged!.description).toMatch(/null for a B reply \(an MO message\)/);
    const client = createSandboxControlClient({ baseUrl: sandbox.url });
    const sent = await fetch(`${sandbox.urls['sms-v2']}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: sandbox.credentials['sms-v2'].apiKey },
      body: JSON.stringify({ destination: '+447700900123', source: '+447700900999', content: 'x' }),
    });
    const { id } = (await sent.json()) as { id: string };
    await client.PUT('/callbacks', { body: { smsStatus: receiver.url } });
    const reply = await client.POST('/reply', { body: { messageId: id, content: 'Yes' } });
    const changed = await client.POST('/status', { body: { id: reply.data!.id, status: 'received' } });
    expect([changed.response.status, changed.data]).toEqual([200, { delivery: null }]);
    await client.PUT('/callbacks', { body: { smsStatus: '' } });
  });
});

describe('filters of the control API', () => {
  it('refuses an operation key that names no operation, naming the parameter and the known keys, on every scope', async () => {
    const client = createSandboxControlClient({ baseUrl: sandbox.url });
    // @ts-expect-error a misspelt key fails at compile time too (OperationKey is the bundles' operations)
    const global = await client.GET('/requests', { params: { query: { operation: 'im-v1.sendMesage' } } });
    expect(global.response.status).toBe(400);
    expect(violations('GET', '/requests', 400, global.error)).toEqual([]);
    expect(global.error?.error).toMatch(/^operation must be one of gateway-v1\.sendMessage, .*im-v1\.sendMessage, /);
    const session = (await client.POST('/sessions')).data!;
    // @ts-expect-error not an operation key
    const scoped = await client.GET('/sessions/{sessionId}/requests', { params: { path: { sessionId: session.id }, query: { operation: 'nope' } } });
    expect(scoped.response.status).toBe(400);
    expect(scoped.error?.error).toMatch(/operation must be one of/);
    const empty = await fetch(`${sandbox.url}${CONTROL_BASE_PATH}/requests?operation=`);
    expect(empty.status).toBe(400);
    await client.DELETE('/sessions/{sessionId}', { params: { path: { sessionId: session.id } } });
  });

  it('refuses a query parameter the operation does not describe, naming the ones it takes', async () => {
    const misspelt = await fetch(`${sandbox.url}${CONTROL_BASE_PATH}/requests?operaton=im-v1.sendMessage`);
    expect(misspelt.status).toBe(400);
    expect(await misspelt.json()).toEqual({ error: 'unknown query parameter operaton of listRequests; it takes operation' });
    const none = await fetch(`${sandbox.url}${CONTROL_BASE_PATH}/clock?now=2030-01-01`);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toBe('unknown query parameter now of getClock; it takes none');
    const twice = await fetch(`${sandbox.url}${CONTROL_BASE_PATH}/requests?operation=im-v1.sendMessage&operation=sms-v2.sendMessage`);
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: 'query parameter operation of listRequests is given more than once; it takes one value' });
  });
});

describe('throwOnError(createSandboxControlClient(...))', () => {
  it('resolves to the success body (no data!) and throws SandboxControlResponseError with the documented error body', async () => {
    const control = throwOnError(createSandboxControlClient({ baseUrl: sandbox.url }));
    const session = await control.POST('/sessions');
    expect(session.id).toMatch(/./);
    expect(session.credentials['im-v1'].apiKey).toMatch(/./);
    // A fault's body is open in the document: any JSON compiles and is kept.
    const queued = await control.POST('/sessions/{sessionId}/faults', { params: { path: { sessionId: session.id } }, body: { operation: 'im-v1.sendMessage', status: 500, body: { code: 'not a number' } } });
    expect(queued.pending).toEqual({ 'im-v1.sendMessage': 1 });
    const error = await control.DELETE('/sessions/{sessionId}', { params: { path: { sessionId: 'no-such-session' } } }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SandboxControlResponseError);
    expect(error).toMatchObject({ name: 'SandboxControlResponseError', status: 404, operation: 'DELETE /sessions/{sessionId}' });
    expect(violations('DELETE', '/sessions/{sessionId}', 404, (error as SandboxControlResponseError).body)).toEqual([]);
    await control.DELETE('/sessions/{sessionId}', { params: { path: { sessionId: session.id } } });
  });
});
