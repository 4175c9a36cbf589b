import { describe, expectTypeOf, it } from 'vitest';
import type { ImClient } from './client.js';
import type { APIErrorOrSample, MessagePostResponse } from './index.js';

declare const client: ImClient;
const destination = { mobile: '+447700900123' };
const message = { type: 'text', text: { body: 'Hello' } } as const;

describe('sendMessage', () => {
  it('a complete body compiles', () => {
    void client.POST('/message', {
      body: { destination, message, delivery_attempts: [{ channel: 'wab' }, { channel: 'sms', timeout: 60 }] },
    });
  });
  it('a missing required field fails', () => {
    // @ts-expect-error message is required (section 2.3)
    void client.POST('/message', { body: { destination } });
    // @ts-expect-error TextMessage.body is required
    void client.POST('/message', { body: { destination, message: { type: 'text', text: {} } } });
  });
  it('an unknown field fails, at any depth', () => {
    // @ts-expect-error `priority` is not a field of MessagePostRequest
    void client.POST('/message', { body: { destination, message, priority: 1 } });
    // @ts-expect-error `fax` is not a field of Destination
    void client.POST('/message', { body: { destination: { mobile: '+447700900123', fax: '1' }, message } });
    // @ts-expect-error `retries` is not a field of DeliveryAttempt
    void client.POST('/message', { body: { destination, message, delivery_attempts: [{ channel: 'sms', retries: 2 }] } });
  });
  it('a wrong enum value fails', () => {
    // @ts-expect-error 'voice' is not a channel
    void client.POST('/message', { body: { destination, message, delivery_attempts: [{ channel: 'voice' }] } });
    // @ts-expect-error 'kafka' is not a scheduler_pipe
    void client.POST('/message', { body: { destination, message, scheduler_pipe: 'kafka' } });
  });
  it("202 data is { id }; every documented error is APIError or the samples' shape (section 7)", async () => {
    const { data, error, response } = await client.POST('/message', { body: { destination, message } });
    if (error) {
      expectTypeOf(error).toEqualTypeOf<APIErrorOrSample>();
      expectTypeOf(data).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(data).toEqualTypeOf<MessagePostResponse>();
      expectTypeOf(data.id).toEqualTypeOf<string | undefined>();
    }
    expectTypeOf(response).toEqualTypeOf<Response>();
  });
  it('the only path is /message', () => {
    // @ts-expect-error no GET on /message
    void client.GET('/message');
  });
});
