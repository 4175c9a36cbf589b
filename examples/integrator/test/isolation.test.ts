// The files of this suite run at the same time against one sandbox. This one's session sees its own
// requests and nothing of the others', however they interleave.
import { describe, expect, it } from 'vitest';
import { createMessaging } from '../src/messaging.js';
import { useSession } from './session.js';

const session = useSession();

describe('one session per test file', () => {
  it('the request log of this file\'s session holds exactly its own messages', async () => {
    const { baseUrl, credentials } = session();
    const messaging = createMessaging({ baseUrl, smsApiKey: credentials['sms-v2'].apiKey, imApiKey: credentials['im-v1'].apiKey });
    const sent = await Promise.all(['+447700900201', '+447700900202', '+447700900203'].map((to) => messaging.sendSms(to, 'Isolation')));
    const log = await session().control<{ operation?: string; body?: { destination?: string } }[]>('GET', '/requests?operation=sms-v2.sendMessage');
    expect(log.map((entry) => entry.body?.destination).sort()).toEqual(['+447700900201', '+447700900202', '+447700900203']);
    expect(new Set(sent.map((s) => s.id)).size).toBe(3);
  });

  it('a fault injected in this session does not reach another session', async () => {
    await session().control('POST', '/faults', { operation: 'sms-v2.sendMessage', status: 503 });
    const other = await fetch(`${session().baseUrl}/__sandbox/sessions`, { method: 'POST' }).then((r) => r.json() as Promise<{ id: string; credentials: { 'sms-v2': { apiKey: string }; 'im-v1': { apiKey: string } } }>);
    try {
      const theirs = createMessaging({ baseUrl: session().baseUrl, smsApiKey: other.credentials['sms-v2'].apiKey, imApiKey: other.credentials['im-v1'].apiKey });
      await expect(theirs.sendSms('+447700900204', 'Unaffected')).resolves.toMatchObject({ status: 'accepted' });
      const { baseUrl, credentials } = session();
      const mine = createMessaging({ baseUrl, smsApiKey: credentials['sms-v2'].apiKey, imApiKey: credentials['im-v1'].apiKey });
      await expect(mine.sendSms('+447700900205', 'Faulted')).rejects.toThrow(/^sms-v2 refused the message: 503/);
    } finally {
      await fetch(`${session().baseUrl}/__sandbox/sessions/${other.id}`, { method: 'DELETE' });
    }
  });
});
