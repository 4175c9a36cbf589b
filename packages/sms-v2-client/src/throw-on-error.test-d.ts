import { describe, expectTypeOf, it } from 'vitest';
import type { ErrorBody, MessageDetails, SendMessageReply, SmsResponseError, SmsThrowingClient } from './index.js';

declare const client: SmsThrowingClient;

describe('throw-on-error mode', () => {
  it('resolves to each operation\'s documented success body', async () => {
    expectTypeOf(await client.GET('/messages', { params: { query: { id: 'x' } } })).toEqualTypeOf<MessageDetails>();
    const accepted = await client.POST('/messages', { body: {} as never });
    expectTypeOf(accepted).toExtend<SendMessageReply>();
    expectTypeOf(accepted.status).toEqualTypeOf<'accepted' | undefined>();
    expectTypeOf(await client.GET('/openapi.yaml')).toEqualTypeOf<unknown>();
  });
  it('throws SmsResponseError carrying B\'s error body', () => {
    expectTypeOf<SmsResponseError['body']>().toEqualTypeOf<ErrorBody>();
  });
});
