// A defect of the sandbox (a handler that throws) is answered 500 in the interface's own error shape
// and the sandbox keeps serving: thrown before the body is read (no body) or while handling a body
// read whole (its 'end' event: nothing may escape into the stream and crash the process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../src/pipeline.js';
import { type Sandbox, startSandbox } from '../src/index.js';
import { responseViolations } from './support.js';

let sandbox: Sandbox;
const saved = { send: handlers['im-v1'].sendMessage!, get: handlers['sms-v2'].getMessage! };
beforeAll(async () => {
  // The pipeline takes its handlers when the sandbox starts: swapped in before, restored after.
  handlers['im-v1'].sendMessage = () => {
    throw new Error('defect while handling a body');
  };
  handlers['sms-v2'].getMessage = () => {
    throw new Error('defect without a body');
  };
  try {
    sandbox = await startSandbox({ port: 0 });
  } finally {
    handlers['im-v1'].sendMessage = saved.send;
    handlers['sms-v2'].getMessage = saved.get;
  }
});
afterAll(() => sandbox.close());

describe('a handler that throws', () => {
  it('C, after its body was read: 500 APIError, and the next request is served', async () => {
    const post = () =>
      fetch(`${sandbox.urls['im-v1']}/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: sandbox.credentials['im-v1'].apiKey },
        body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } }),
      });
    for (let i = 0; i < 2; i++) {
      const answer = await post();
      const body = await answer.json();
      expect(answer.status).toBe(500);
      expect(responseViolations('im-v1.sendMessage', 500, body)).toEqual([]);
      expect(JSON.stringify(body)).toContain('Internal sandbox error');
    }
  });

  it('B, without a body: 500 in B’s error shape', async () => {
    const answer = await fetch(`${sandbox.urls['sms-v2']}/messages?id=3f2b8c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c`, { headers: { authorization: sandbox.credentials['sms-v2'].apiKey } });
    const body = await answer.json();
    expect(answer.status).toBe(500);
    expect(JSON.stringify(body)).toContain('Internal sandbox error');
    const log = sandbox.requests();
    expect(log.at(-1)).toMatchObject({ operation: 'sms-v2.getMessage', status: 500 });
  });
});
