// C's delivery attempts over HTTP (section 2.3): the sandbox accepts both forms the request samples
// show, also mixed in one array, and refuses a bad wrapped attempt with a 400 APIError naming the
// wrapped field, not the direct form's `channel`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(() => t.sandbox.close());

const conforms = (operation: string, response: Response, body: unknown) => expect(responseViolations(operation, response.status, body)).toEqual([]);

const post = (delivery_attempts: unknown) =>
  fetch(`${t.sandbox.urls['im-v1']}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: t.sandbox.credentials['im-v1'].apiKey },
    body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } }, delivery_attempts }),
  });

describe('POST /rest/im/v1/message with delivery attempts', () => {
  it.each([
    ['direct', [{ channel: 'wab', timeout: 3600 }, { channel: 'sms' }]],
    ['wrapped in one key naming the attempt', [{ first: { channel: 'wab', timeout: 3600 } }, { last: { channel: 'sms' } }]],
    ['mixed in one array', [{ first: { channel: 'wab', timeout: 60 } }, { channel: 'email' }]],
  ])('%s: 202 with an id', async (_form, attempts) => {
    const answer = await post(attempts);
    const body = await answer.json();
    expect(answer.status).toBe(202);
    conforms('im-v1.sendMessage', answer, body);
  });

  it.each([
    ['a wrapped timeout out of range', [{ first: { channel: 'wab', timeout: 604801 } }], 'delivery_attempts 0 first timeout'],
    ['a wrapped attempt without its channel', [{ channel: 'sms' }, { last: { timeout: 60 } }], 'delivery_attempts 1 last channel'],
  ])('%s: 400 APIError naming the wrapped field only', async (_case, attempts, field) => {
    const answer = await post(attempts);
    const body = (await answer.json()) as { errors: { field?: string }[] };
    expect(answer.status).toBe(400);
    conforms('im-v1.sendMessage', answer, body);
    expect(body.errors.map((e) => e.field)).toEqual([field]);
  });

  it('two wrapper keys in one element: 400', async () => {
    const answer = await post([{ first: { channel: 'wab' }, last: { channel: 'sms' } }]);
    expect(answer.status).toBe(400);
    conforms('im-v1.sendMessage', answer, await answer.json());
  });
});
