// Throw-on-error's message carries the body's own explanation, so a test runner that prints only
// the message shows why the call failed: each interface's error shape and the sandbox control
// API's, a body without one, a long one (bounded), one with a line break, and one echoing the
// credential (redacted before it reaches the message).
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreClient } from './client.js';
import { ResponseError, throwingClient } from './throw-on-error.js';
import { shown, thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

type Paths = { '/things': { get: { parameters: { query?: never; header?: never; path?: never; cookie?: never }; requestBody?: never; responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } } } } };

const apiKey = 'key-6f1e0c9a77';
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

async function messageFor(body: unknown): Promise<string> {
  server.reply({ status: 400, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? JSON.stringify(body) : body });
  const client = throwingClient(createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: apiKey } }), ResponseError);
  const failure = await thrown(() => client.GET('/things'));
  expect(failure).toBeInstanceOf(ResponseError);
  return (failure as Error).message;
}

describe("throw-on-error's message", () => {
  it.each([
    ["A's DefaultError", { message: 'destination is required', code: 400 }, 'GET /things answered 400: destination is required'],
    ["B's body (message first: its error is only the status's name)", { message: 'body/destination is required (required)', statusCode: 400, error: 'Bad Request' }, 'GET /things answered 400: body/destination is required (required)'],
    ["C's APIError: its message, then why (errors[].field and description, section 2.3)", { code: 400, message: 'Request validation failed', errors: [{ field: 'destination', code: 400, description: 'x' }] }, 'GET /things answered 400: Request validation failed (destination: x)'],
    [
      "C's APIError with more errors: of the first three, those with a description",
      { code: 400, message: 'Request data invalid', errors: [{ field: 'a', code: 400 }, { code: 400, description: 'no field' }, { field: 'b', code: 400, description: 'too long' }, { field: 'c', description: 'bad' }, { field: 'd', description: 'not shown' }] },
      'GET /things answered 400: Request data invalid (no field; b: too long)',
    ],
    ["C's APIError whose description names its field first (the sandbox's)", { code: 400, message: 'Request data invalid', errors: [{ field: 'reference', code: 400, description: 'reference must have at most 255 characters' }] }, 'GET /things answered 400: Request data invalid (reference must have at most 255 characters)'],
    ["C's APIError without a message", { code: 422, errors: [{ field: 'template_id', code: 422, description: 'no such template' }] }, 'GET /things answered 400: (template_id: no such template)'],
    ["D's DefaultError", { code: 400, message: 'name is required' }, 'GET /things answered 400: name is required'],
    ["D's delete endpoints: a JSON string", 'no list with this id', 'GET /things answered 400: no list with this id'],
    ["the sandbox control API's { error }", { error: 'progress.states: delivered is a state of neither B nor C (MessageStatus)' }, 'GET /things answered 400: progress.states: delivered is a state of neither B nor C (MessageStatus)'],
    ['a body without a text field', { code: 400 }, 'GET /things answered 400'],
    ['a non-string message', { message: { nested: 'x' }, code: 400 }, 'GET /things answered 400'],
    ['an empty message', { message: '  ' }, 'GET /things answered 400'],
    ['a message over lines', { message: 'first line\nsecond\tline' }, 'GET /things answered 400: first line second line'],
  ])('%s', async (_shape, body, expected) => {
    expect(await messageFor(body)).toBe(expected);
  });

  it('is bounded: an explanation over 300 characters is cut with an ellipsis', async () => {
    const message = await messageFor({ message: 'x'.repeat(5000) });
    expect(message).toBe(`GET /things answered 400: ${'x'.repeat(299)}…`);
  });

  it('never carries the credential: the body passes the redactor first', async () => {
    server.reply({ status: 401, headers: { 'content-type': 'application/json' }, body: { error: `bad key ${apiKey}` } });
    const client = throwingClient(createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: apiKey } }), ResponseError);
    const failure = (await thrown(() => client.GET('/things'))) as Error;
    expect(failure.message).toBe('GET /things answered 401: bad key [REDACTED]');
    expect(shown(failure)).not.toContain(apiKey);
  });

  // The security trial: `response` (non-enumerable, for headers such as RetryAfter) kept a header
  // that echoed the key, seen by `util.inspect(error, { showHidden: true })`.
  it("never carries the credential in the response's headers either", async () => {
    server.reply({ status: 429, headers: { 'content-type': 'application/json', 'x-echo': `key=${apiKey}`, RetryAfter: '30' }, body: { message: 'slow down' } });
    const client = throwingClient(createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: apiKey } }), ResponseError);
    const failure = (await thrown(() => client.GET('/things'))) as ResponseError;
    expect(failure.response.headers.get('x-echo')).toBe('key=[REDACTED]');
    expect(failure.response.headers.get('retryafter')).toBe('30');
    expect(failure.response.status).toBe(429);
    expect(failure.response.url).toBe(`${server.url}/rest/test/things`);
    expect(inspect(failure, { showHidden: true, depth: 10 })).not.toContain(apiKey);
  });

  it('hands back the Response itself when no header carries a credential', async () => {
    server.reply({ status: 400, headers: { 'content-type': 'application/json' }, body: { message: 'no' } });
    let seen: Response | undefined;
    const client = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: apiKey } });
    client.use({ onResponse: ({ response }) => void (seen = response) });
    const failure = (await thrown(() => throwingClient(client, ResponseError).GET('/things'))) as ResponseError;
    expect(failure.response).toBe(seen);
  });
});
