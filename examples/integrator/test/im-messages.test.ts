// C (im-v1): the validated client against this file's sandbox session.
import { ContractViolationError } from '@messaging-contracts/validators/client';
import { describe, expect, it } from 'vitest';
import { createMessaging } from '../src/messaging.js';
import { useSession } from './session.js';

const session = useSession();
const messaging = () => {
  const { baseUrl, credentials } = session();
  return createMessaging({ baseUrl, smsApiKey: credentials['sms-v2'].apiKey, imApiKey: credentials['im-v1'].apiKey });
};
const sentRequests = (operation: string) => session().control<{ operation?: string }[]>('GET', `/requests?operation=${operation}`);

describe('order notifications by C', () => {
  it('a message is accepted with a UUID, and the session recorded exactly that request', async () => {
    const id = await messaging().sendOrderShipped('+447700900123', 'A-1001');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await sentRequests('im-v1.sendMessage')).toHaveLength(1);
  });

  it('withValidation refuses a message that breaks the contract before anything is sent, naming the field and the rule', async () => {
    const before = (await sentRequests('im-v1.sendMessage')).length;
    const call = messaging().im.POST('/message', { body: { destination: {}, message: { type: 'text', text: { body: 'Hi' } } } });
    await expect(call).rejects.toBeInstanceOf(ContractViolationError);
    await expect(call).rejects.toMatchObject({ phase: 'request', violations: expect.arrayContaining([expect.objectContaining({ pointer: '/destination', rule: 'minProperties' })]) });
    expect(await sentRequests('im-v1.sendMessage')).toHaveLength(before);
  });

  it('an error the contract documents (an injected 422) reaches the code in C\'s own error shape', async () => {
    await session().control('POST', '/faults', { operation: 'im-v1.sendMessage', status: 422 });
    await expect(messaging().sendOrderShipped('+447700900123', 'A-1002')).rejects.toThrow(/^im-v1 refused the message: 422 /);
  });
});
