// Network faults (what WireMock users expect): each kind, injected per operation, reaches the
// project's own client as the failure it stands for.
import { ClientNetworkError } from '@messaging-contracts/client-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImClient } from '@messaging-contracts/im-v1-client';
import { sandboxWithClients } from './support.js';
import { slowBodySchedule } from '../src/http-io.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
beforeEach(() => t.sandbox.reset());
afterAll(() => t.sandbox.close());

const body = { destination: { mobile: '+447700900123' }, message: { type: 'text' as const, text: { body: 'Hello' } } };
const client = (timeoutMs = 5000) => createImClient({ baseUrl: t.sandbox.url, apiKey: t.sandbox.credentials['im-v1'].apiKey, retry: false, timeoutMs });
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('network faults', () => {
  it('reset: the connection is reset', async () => {
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'reset' });
    const error = await failure(client().POST('/message', { body }));
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect((await client().POST('/message', { body })).response.status).toBe(202);
  });

  it("no-answer: nothing is answered, so the client's timeout fires", async () => {
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'no-answer', ms: 10_000 });
    const error = (await failure(client(300).POST('/message', { body }))) as ClientNetworkError;
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error.kind).toBe('timeout');
  });

  it('truncated: half the body, then the connection closes', async () => {
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'truncated' });
    const answer = await fetch(`${t.sandbox.urls['im-v1']}/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: t.sandbox.credentials['im-v1'].apiKey },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(202);
    await expect(answer.text()).rejects.toThrow();
  });

  it('malformed-json: the success status with a body that is not JSON', async () => {
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'malformed-json' });
    const error = await failure(client().POST('/message', { body }));
    expect(error).toBeInstanceOf(SyntaxError);
  });

  it('slow-body: the answer arrives, spread over time; a shorter client timeout fires first', async () => {
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'slow-body', ms: 200 });
    const slow = await client().POST('/message', { body });
    expect(slow.response.status).toBe(202);
    expect(slow.data).toHaveProperty('id');
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'slow-body', ms: 5000 });
    const error = (await failure(client(300).POST('/message', { body }))) as ClientNetworkError;
    expect(error.kind).toBe('timeout');
  });

  it('slow-body: its pieces are spread so that the body ends at ms, not before (a lower bound, no speed asserted)', async () => {
    expect(slowBodySchedule(600)).toEqual([0, 600 / 9, 1200 / 9, 200, 2400 / 9, 3000 / 9, 400, 4200 / 9, 4800 / 9, 600]);
    t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'slow-body', ms: 600 });
    const started = performance.now();
    const answer = await fetch(`${t.sandbox.urls['im-v1']}/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: t.sandbox.credentials['im-v1'].apiKey },
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    // Timers may fire up to a millisecond before the event loop's cached clock says: 5 ms of slack.
    expect(performance.now() - started).toBeGreaterThanOrEqual(595);
    expect(JSON.parse(text)).toHaveProperty('id');
  });

  it('refuses an unknown kind, a kind with a status, and an out-of-range ms', () => {
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'explode' as never })).toThrow(/network must be one of/);
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'reset', status: 500 })).toThrow(/either status or network/);
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'slow-body', ms: 70_000 })).toThrow(/ms must be/);
  });
});
