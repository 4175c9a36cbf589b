// Control bodies are checked against the control API's OpenAPI document: a key its schema does not
// have (`additionalProperties: false`) is a 400 naming that key and the allowed ones, and nothing
// is done; never a silent success that drops the misspelt part. Every request body the document
// declares is enforced, read from the document rather than listed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApiDocument, controlRoutes } from '../src/control.js';
import { requestBodySchema } from '../src/control-validation.js';
import { type Sandbox, startSandbox } from '../src/index.js';
import { listen } from './support.js';

let sandbox: Sandbox;
let receiver: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  receiver = await listen((_req, res) => res.end());
  sandbox = await startSandbox({ port: 0, callbacks: { imStatus: `${receiver.url}/kept` } });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

async function call(method: string, path: string, body?: unknown) {
  const answer = await fetch(`${sandbox.url}/__sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as any };
}

describe('a misspelt key of a control body', () => {
  it("POST /faults {time} is refused, naming it and FaultSpec's keys; no fault is queued", async () => {
    const answer = await call('POST', '/faults', { operation: 'im-v1.sendMessage', status: 500, time: 2 });
    expect(answer).toEqual({
      status: 400,
      body: { error: 'body/time is not an allowed property (additionalProperties): FaultSpec takes operation, status, network, ms, times, body, retryAfter' },
    });
    expect((await call('GET', '/faults')).body).toEqual({ pending: {} });
  });

  it('PUT /latency {operaton} is refused (it would have slowed every operation, not the one meant)', async () => {
    const answer = await call('PUT', '/latency', { ms: 200, operaton: 'im-v1.sendMessage' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('body/operaton is not an allowed property (additionalProperties): Latency takes ms, operation');
  });

  it('PUT /progress {delay} is refused; progression stays off', async () => {
    const answer = await call('PUT', '/progress', { states: ['sent'], delay: 5 });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('body/delay is not an allowed property (additionalProperties): Progress takes states, delayMs');
    expect(sandbox.progress.get()).toEqual({ states: [], delayMs: 1000 });
  });

  it('PUT /callbacks {imStatuss} is refused; the addresses are kept', async () => {
    const answer = await call('PUT', '/callbacks', { imStatuss: `${receiver.url}/new` });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('body/imStatuss is not an allowed property (additionalProperties): CallbackUrls takes smsStatus, smsReply, imStatus');
    expect(sandbox.callbackUrls().imStatus).toBe(`${receiver.url}/kept`);
  });

  it('POST /sessions {nmae} (and a misspelt key inside callbacks) is refused; no session is created', async () => {
    const top = await call('POST', '/sessions', { nmae: 'a' });
    expect(top.status).toBe(400);
    expect(top.body.error).toBe('body/nmae is not an allowed property (additionalProperties): SessionCreate takes callbacks, name');
    const nested = await call('POST', '/sessions', { callbacks: { imStatuss: `${receiver.url}/x` } });
    expect(nested.status).toBe(400);
    expect(nested.body.error).toBe('body/callbacks/imStatuss is not an allowed property (additionalProperties): CallbackUrls takes smsStatus, smsReply, imStatus');
    expect(top.body.id).toBeUndefined();
  });

  it('POST /status {detial} is refused before the message is looked up', async () => {
    const answer = await call('POST', '/status', { id: 'no-such-message', status: 'sent', detial: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('body/detial is not an allowed property (additionalProperties): StatusChange takes id, status, detail, wait');
  });
});

describe('a misspelt key in process (plain JavaScript, or an object built elsewhere)', () => {
  // Cast as a JavaScript caller's object would be: TypeScript refuses these literals at compile time.
  const loose = <T>(value: unknown) => value as T;

  it('is refused by faults.inject, progress.set, setCallbackUrls and createSession, naming it and the allowed keys', () => {
    expect(() => sandbox.faults.inject(loose({ operation: 'im-v1.sendMessage', status: 500, time: 2 }))).toThrow(
      new TypeError('"time" is not an allowed property (additionalProperties): FaultSpec takes operation, status, network, ms, times, body, retryAfter'),
    );
    expect(sandbox.faults.pending()).toEqual({});
    expect(() => sandbox.progress.set(loose({ states: ['sent'], delay: 5 }))).toThrow(/"delay" is not an allowed property \(additionalProperties\): Progress takes states, delayMs/);
    expect(sandbox.progress.get()).toEqual({ states: [], delayMs: 1000 });
    expect(() => sandbox.setCallbackUrls(loose({ imStatuss: `${receiver.url}/new` }))).toThrow(/"imStatuss" is not an allowed property .*CallbackUrls takes smsStatus, smsReply, imStatus/);
    expect(sandbox.callbackUrls().imStatus).toBe(`${receiver.url}/kept`);
    expect(() => sandbox.createSession(loose({ nmae: 'a' }))).toThrow(/"nmae" is not an allowed property .*SessionCreate takes callbacks, name/);
    expect(() => sandbox.createSession({ callbacks: loose({ imStatuss: `${receiver.url}/x` }) })).toThrow(/"imStatuss" .*CallbackUrls takes/);
  });

  it('passes a key whose value is undefined (it says nothing, as JSON leaves it out)', () => {
    sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 500, ...loose<object>({ time: undefined }) });
    expect(sandbox.faults.pending()).toEqual({ 'im-v1.sendMessage': 1 });
    sandbox.faults.clear();
  });
});

describe('removing a callback address', () => {
  const B_STATUS = 'http://127.0.0.1:1/b-status';

  it('PUT /callbacks {smsStatus: null} is refused saying how to remove one; {smsStatus: ""} removes it', async () => {
    expect((await call('PUT', '/callbacks', { smsStatus: B_STATUS })).status).toBe(200);
    const refused = await call('PUT', '/callbacks', { smsStatus: null });
    expect(refused).toEqual({ status: 400, body: { error: 'body/smsStatus must be a string (type): an empty string removes the address, a key left out keeps it' } });
    expect(sandbox.callbackUrls().smsStatus).toBe(B_STATUS);
    expect((await call('PUT', '/callbacks', { smsStatus: '' })).body.callbacks).toEqual({ imStatus: `${receiver.url}/kept` });
  });

  it('setCallbackUrls does as the control API: undefined keeps an address, "" removes it, null is refused', () => {
    sandbox.setCallbackUrls({ smsStatus: B_STATUS });
    sandbox.setCallbackUrls({ smsStatus: undefined });
    expect(sandbox.callbackUrls().smsStatus).toBe(B_STATUS);
    expect(() => sandbox.setCallbackUrls({ smsStatus: null } as never)).toThrow(new TypeError('smsStatus must be a string: an empty string removes the address, a key left out keeps it'));
    expect(sandbox.callbackUrls().smsStatus).toBe(B_STATUS);
    sandbox.setCallbackUrls({ smsStatus: '' });
    expect(sandbox.callbackUrls()).toEqual({ imStatus: `${receiver.url}/kept` });
  });
});

describe("every request body of the control API's document", () => {
  const documented = controlRoutes().filter((route) => requestBodySchema(controlApiDocument, route.operation) !== undefined);

  it('declares additionalProperties: false on its schema (a misspelt key is refusable)', () => {
    const resolve = (schema: Record<string, any>): Record<string, any> =>
      typeof schema.$ref === 'string' ? resolve(schema.$ref.slice(2).split('/').reduce((at: any, key: string) => at[key], controlApiDocument)) : schema;
    const open = documented.filter((route) => resolve(requestBodySchema(controlApiDocument, route.operation)!).additionalProperties !== false);
    expect(open.map((route) => route.operationId)).toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(16);
  });

  it('is enforced: an unknown key is a 400 naming it and every allowed key, on the global scope and a session', async () => {
    const session = sandbox.createSession();
    try {
      for (const route of documented) {
        const path = route.template.replace('{sessionId}', session.id);
        const answer = await call(route.method, path, { zzUnknown: 1 });
        expect(answer.status, `${route.method} ${route.template}`).toBe(400);
        expect(answer.body.error, `${route.method} ${route.template}`).toContain('body/zzUnknown is not an allowed property (additionalProperties)');
        const schema = requestBodySchema(controlApiDocument, route.operation)!;
        const name = String(schema.$ref).split('/').pop()!;
        const keys = Object.keys(controlApiDocument.components.schemas[name].properties);
        expect(answer.body.error, `${route.method} ${route.template}`).toContain(`${name} takes ${keys.join(', ')}`);
      }
    } finally {
      await session.close();
    }
  });

  it('has a compiled validator, or the sandbox refuses to start (a body the build did not compile)', () => {
    const added = structuredClone(controlApiDocument);
    added.paths['/reset'].post.requestBody = { $ref: '#/components/requestBodies/Latency' };
    added.paths['/reset'].post.operationId = 'resetWithBody';
    expect(() => controlRoutes(added)).toThrow(/request body of resetWithBody has no compiled validator/);
  });

  it('names a missing required field of a body that was not sent', async () => {
    expect(await call('POST', '/faults')).toEqual({ status: 400, body: { error: 'body/operation is required (required)' } });
  });
});
