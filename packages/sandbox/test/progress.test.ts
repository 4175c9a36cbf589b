// Automatic status progression: opt-in, per session; a new message walks through the configured
// states and each change reaches the receiver as a status callback, without a setStatus call.
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { type MessageState, type Sandbox, startSandbox } from '../src/index.js';
import { listen } from './support.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function sessionWithReceiver() {
  const received: { id?: string; status?: string }[] = [];
  const server = await listen(createImV1StatusReceiver({ rateLimit: 100, onStatus: (s) => void received.push(s) }).node);
  const session = sandbox.createSession({ callbacks: { imStatus: server.url } });
  const im = createImClient({ baseUrl: sandbox.url, apiKey: session.credentials['im-v1'].apiKey, retry: false });
  const send = async () =>
    (await im.POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'x' } } } })).data!.id!;
  return { session, received, send, close: async () => (await session.close(), await server.close()) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

describe('automatic progression', () => {
  it("walks a new C message through the session's states, each with its callback; other sessions are untouched", async () => {
    const on = await sessionWithReceiver();
    const off = await sessionWithReceiver();
    try {
      on.session.progress.set({ states: ['sent', 'received', 'read'], delayMs: 10 });
      const id = await on.send();
      await off.send();
      await until(() => on.received.length === 3);
      await on.session.idle();
      expect(on.received).toEqual([
        { id, status: 'sent', detail: 'Status changed by the sandbox' },
        { id, status: 'received', detail: 'Status changed by the sandbox' },
        { id, status: 'read', detail: 'Status changed by the sandbox' },
      ]);
      await off.session.idle();
      expect(off.received).toEqual([]);
      on.session.progress.set({ states: [] });
      await on.send();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(on.received).toHaveLength(3);
    } finally {
      await on.close();
      await off.close();
    }
  });

  it('refuses a state neither B nor C has, and parses --progress', () => {
    // Refused at compile time too (MessageState); from JavaScript, at run time:
    expect(() => sandbox.progress.set({ states: ['not a state' as MessageState] })).toThrow(/not a state is a state of neither B nor C/);
    expect(() => sandbox.progress.set({ states: ['sent'], delayMs: -1 })).toThrow(/delayMs/);
    expect(parseCliArgs(['--progress', 'sent>received@250'])).toMatchObject({ progress: { states: ['sent', 'received'], delayMs: 250 } });
    expect(() => parseCliArgs(['--progress', 'sent>delivered'])).toThrow(/--progress/);
  });
});
