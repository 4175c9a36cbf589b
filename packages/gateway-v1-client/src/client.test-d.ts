import { describe, expectTypeOf, it } from 'vitest';
import type { GatewayClient } from './client.js';
import type { BroadcastRestResponse, DefaultError, Message, RestResponse } from './index.js';

declare const client: GatewayClient;
const destination = '447700900123';

describe('request bodies', () => {
  it('a complete body compiles', () => {
    void client.POST('/messages', { body: { content: 'hi', destination, class: 'mt_message', sms_class: 1 } });
    void client.POST('/messages/broadcast', { body: { content: 'hi', destination: [destination] } });
  });
  it('a missing required field fails', () => {
    // @ts-expect-error destination is required (section 2.1)
    void client.POST('/messages', { body: { content: 'hi' } });
    // @ts-expect-error the body itself is required
    void client.POST('/messages');
    // @ts-expect-error the body itself is required
    void client.POST('/messages', {});
  });
  it('an unknown field fails', () => {
    // @ts-expect-error `colour` is not a field of Message
    void client.POST('/messages', { body: { content: 'hi', destination, colour: 'red' } });
  });
  it('an unknown path parameter fails', () => {
    // @ts-expect-error `extra` is not a parameter of getMessage
    void client.GET('/messages/{messageid}', { params: { path: { messageid: 1, extra: 2 } } });
  });
  it('a wrong field type fails', () => {
    // @ts-expect-error a broadcast destination is an array
    void client.POST('/messages/broadcast', { body: { content: 'hi', destination } });
  });
  it('a readOnly field in a request fails', () => {
    // @ts-expect-error id is readOnly: the service assigns it
    void client.POST('/messages', { body: { id: 1, content: 'hi', destination } });
  });
});

describe('path parameters', () => {
  it('messageid is a number, or a bigint (int64 beyond 2^53 - 1, section 4.1)', () => {
    void client.GET('/messages/{messageid}', { params: { path: { messageid: 4187321 } } });
    void client.GET('/messages/{messageid}', { params: { path: { messageid: 12345678901234567895n } } });
    // @ts-expect-error messageid is a number, not a string
    void client.GET('/messages/{messageid}', { params: { path: { messageid: '4187321' } } });
    // @ts-expect-error messageid is required
    void client.GET('/messages/{messageid}', {});
  });
  it('an undocumented path or method fails', () => {
    // @ts-expect-error no such path
    void client.GET('/messages');
    // @ts-expect-error no DELETE on this path
    void client.DELETE('/messages/{messageid}', { params: { path: { messageid: 1 } } });
  });
});

describe('results narrow as documented', () => {
  it('sendMessage: RestResponse or DefaultError', async () => {
    const { data, error } = await client.POST('/messages', { body: { content: 'hi', destination } });
    if (error) {
      expectTypeOf(error).toEqualTypeOf<DefaultError>();
      expectTypeOf(data).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(data).toEqualTypeOf<RestResponse>();
    }
  });
  it('sendBroadcast: BroadcastRestResponse', async () => {
    const { data } = await client.POST('/messages/broadcast', { body: { content: 'hi', destination: [destination] } });
    expectTypeOf(data).toEqualTypeOf<BroadcastRestResponse | undefined>();
  });
  it('getMessage: the received Message, readOnly id a plain number', async () => {
    const { data, error } = await client.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } });
    if (!error) {
      expectTypeOf(data).toEqualTypeOf<Message>();
      expectTypeOf(data.id).toEqualTypeOf<number | undefined>();
    }
  });
});
