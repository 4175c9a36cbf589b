// Compile-time checks of the control API's types (checked by `pnpm lint`'s tsc -b; never run): the
// typos a QA team's suite made (a misspelt operation key, a state of neither B nor C, an unknown
// network fault, a wrong path, a status no interface has) fail to compile, over HTTP through the
// typed control client as in process. What stays a run-time check: a fault's `status` is a number
// at compile time; whether that operation documents it is checked when the fault is injected (400
// naming the documented statuses).
import { createSmsClient, throwOnError as smsThrowOnError } from '@messaging-contracts/sms-v2-client';
import { createSandboxControlClient, throwOnError } from '../src/control-client.js';
import type { Sandbox } from '../src/index.js';

export async function overHttp(sessionId: string) {
  const control = throwOnError(createSandboxControlClient({ baseUrl: 'http://127.0.0.1:4010' }));
  const path = { params: { path: { sessionId } } };
  await control.POST('/sessions/{sessionId}/faults', { ...path, body: { operation: 'im-v1.sendMessage', status: 429 } });
  // @ts-expect-error a misspelt operation key
  await control.POST('/sessions/{sessionId}/faults', { ...path, body: { operation: 'im-v1.sendMesage', status: 429 } });
  // @ts-expect-error an operation key from no bundle
  await control.PUT('/sessions/{sessionId}/latency', { ...path, body: { ms: 10, operation: 'im-v2.sendMessage' } });
  // @ts-expect-error `timeout` is not a network fault
  await control.POST('/sessions/{sessionId}/faults', { ...path, body: { operation: 'im-v1.sendMessage', network: 'timeout' } });
  // @ts-expect-error `/session/...` is not a path of the control API
  await control.POST('/session/{sessionId}/faults', { ...path, body: { operation: 'im-v1.sendMessage', status: 429 } });
  await control.PUT('/sessions/{sessionId}/progress', { ...path, body: { states: ['sent', 'received', 'read'] } });
  // @ts-expect-error `delivered` is a state of neither B nor C
  await control.PUT('/sessions/{sessionId}/progress', { ...path, body: { states: ['sent', 'delivered'] } });
  // @ts-expect-error `bogus` is not a MessageStatus
  await control.POST('/sessions/{sessionId}/status', { ...path, body: { id: 'x', status: 'bogus' } });
  // @ts-expect-error a misspelt filter of the request log
  await control.GET('/sessions/{sessionId}/requests', { params: { path: { sessionId }, query: { operation: 'im-v1.sendMesage' } } });
  // A status the operation does not document (C's 418) compiles; it is answered 400 at run time.
  await control.POST('/sessions/{sessionId}/faults', { ...path, body: { operation: 'im-v1.sendMessage', status: 418 } });
  // A delivery's callback body is an open object whose fields are read as unknown (not never).
  const [delivery] = await control.GET('/sessions/{sessionId}/deliveries', path);
  const id: unknown = delivery?.body.id;
  // @ts-expect-error unknown until the caller narrows it (typeof, or B's or C's callback type)
  const text: string = delivery?.body.id;
  void [id, text];
}

export async function inProcess(sandbox: Sandbox, id: string) {
  sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 429 });
  // @ts-expect-error a misspelt operation key
  sandbox.faults.inject({ operation: 'im-v1.sendMesage', status: 429 });
  // @ts-expect-error `timeout` is not a network fault
  sandbox.faults.inject({ operation: 'im-v1.sendMessage', network: 'timeout' });
  // @ts-expect-error a misspelt operation key
  sandbox.faults.setLatency(10, 'gateway-v1.sendMesage');
  sandbox.progress.set({ states: ['sent', 'received'] });
  // @ts-expect-error `delivered` is a state of neither B nor C
  sandbox.progress.set({ states: ['delivered'] });
  await sandbox.setStatus(id, 'read');
  // @ts-expect-error `bogus` is not a MessageStatus
  await sandbox.setStatus(id, 'bogus');
}

// The control client's throwOnError is one more of that name beside the clients': neither takes the other's client.
export function mixedUp() {
  const baseUrl = 'http://127.0.0.1:4010';
  // @ts-expect-error B's client is not the control API's
  throwOnError(createSmsClient({ baseUrl, apiKey: 'key' }));
  // @ts-expect-error the control API's client is not B's
  smsThrowOnError(createSandboxControlClient({ baseUrl }));
}
