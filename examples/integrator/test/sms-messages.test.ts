// B (sms-v2): the validated client against this file's sandbox session.
import { ContractViolationError } from '@messaging-contracts/validators/client';
import { describe, expect, it } from 'vitest';
import { createMessaging } from '../src/messaging.js';
import { useSession } from './session.js';

const session = useSession();
const messaging = (smsApiKey = session().credentials['sms-v2'].apiKey) => {
  const { baseUrl, credentials } = session();
  return createMessaging({ baseUrl, smsApiKey, imApiKey: credentials['im-v1'].apiKey });
};

describe('SMS by B', () => {
  it('an SMS is accepted, then found by its id', async () => {
    const sent = await messaging().sendSms('+447700900123', 'Your code is 1234');
    expect(sent.status).toBe('accepted');
    const { data, error } = await messaging().sms.GET('/messages', { params: { query: { id: sent.id } } });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ id: sent.id, content: 'Your code is 1234' });
  });

  it('withValidation refuses a request without its required content, before sending', async () => {
    // @ts-expect-error content is required by the contract, and the types say so too.
    const call = messaging().sms.POST('/messages', { body: { destination: '+447700900123' } });
    await expect(call).rejects.toBeInstanceOf(ContractViolationError);
    await expect(call).rejects.toMatchObject({ violations: expect.arrayContaining([expect.objectContaining({ rule: 'required' })]) });
  });

  it('another session cannot see this session\'s message: sessions are isolated', async () => {
    const sent = await messaging().sendSms('+447700900124', 'Only mine');
    const other = await fetch(`${session().baseUrl}/__sandbox/sessions`, { method: 'POST' }).then((r) => r.json() as Promise<{ id: string; credentials: { 'sms-v2': { apiKey: string } } }>);
    try {
      const seen = await messaging(other.credentials['sms-v2'].apiKey).sms.GET('/messages', { params: { query: { id: sent.id } } });
      expect(seen.data).toBeUndefined();
      expect(seen.response.status).toBe(404);
    } finally {
      await fetch(`${session().baseUrl}/__sandbox/sessions/${other.id}`, { method: 'DELETE' });
    }
  });
});
