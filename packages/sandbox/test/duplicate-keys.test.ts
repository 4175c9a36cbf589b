// A request body whose object repeats a key is refused, naming the key by its pointer (rule
// `duplicate-key`), in the interface's shape with the status of a body that is not JSON (README,
// "Sandbox choices"). RFC 8259 section 4: what a reader does with a repeated key is unpredictable;
// JSON.parse keeps the last one, so the security trial's C message with `"mobile":"not a number"`
// first and a valid number second was accepted (202), while a reader keeping the first would see
// a body that breaks the pattern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION, basic, postText, responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(async () => {
  await t.sandbox.close();
});

const post = (path: string, authorization: string, text: string) => postText(t.sandbox, path, authorization, text);
const message = '"message":{"type":"text","text":{"body":"hi"}}';

describe('a request body with a repeated key', () => {
  it("C, the trial's destination.mobile given twice: 400 in APIError naming it, and no message is stored", async () => {
    const before = t.sandbox.requests().length;
    const answer = await post('/rest/im/v1/message', t.sandbox.credentials['im-v1'].apiKey, `{"destination":{"mobile":"not a number","mobile":"+447700900123"},${message}}`);
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body).toEqual({
      code: 400,
      message: 'Request body repeats a key',
      errors: [{ field: 'destination mobile', code: 400, description: 'destination mobile must appear once in its object rule duplicate-key' }],
    });
    expect(responseViolations('im-v1.sendMessage', 400, body)).toEqual([]);
    expect(t.sandbox.requests().slice(before).map((request) => request.status)).toEqual([400]);
  });

  it('A, a key written escaped the second time: the same key, refused', async () => {
    const answer = await post('/rest/gateway/messages', basic(t.sandbox.credentials['gateway-v1']), '{"content":"hi","destination":"+1","dest\\u0069nation":"+2"}');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe('Request body repeats a key: body/destination must appear once in its object (duplicate-key)');
  });

  it("D, inside one object of an array of objects: named by its index", async () => {
    const answer = await post(`/rest/campaign_manager/v1/${APPLICATION}/lists`, basic(t.sandbox.credentials['campaign-manager-v1']), '{"name":"l","members":[{"destination":"+1"},{"destination":"+2","destination":"+3"}]}');
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('body/members/1/destination must appear once in its object (duplicate-key)');
  });

  it('the same key in different objects, and in each object of an array, is no repetition', async () => {
    const c = await post('/rest/im/v1/message', t.sandbox.credentials['im-v1'].apiKey, `{"destination":{"mobile":"+447700900123"},"message":{"type":"text","text":{"body":"text"}}}`);
    expect(c.status).toBe(202);
    const d = await post(`/rest/campaign_manager/v1/${APPLICATION}/lists`, basic(t.sandbox.credentials['campaign-manager-v1']), '{"name":"l","members":[{"destination":"+1"},{"destination":"+2"}]}');
    expect(d.status).toBe(201);
  });

  it('a body that is not JSON is still named as such, whatever keys it repeats', async () => {
    const answer = await post('/rest/im/v1/message', t.sandbox.credentials['im-v1'].apiKey, '{"a":1,"a":');
    expect((await answer.json()).errors).toEqual([{ field: 'body', code: 400, description: 'body must be valid JSON rule json' }]);
  });

  it('a control body: 400 naming the key, and nothing is changed', async () => {
    const answer = await fetch(`${t.sandbox.url}/__sandbox/progress`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"states":["sent"],"delayMs":5,"delayMs":50}' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'body/delayMs is given more than once in its object (duplicate-key)' });
    expect(t.sandbox.progress.get()).toEqual({ states: [], delayMs: 1000 });
  });
});
