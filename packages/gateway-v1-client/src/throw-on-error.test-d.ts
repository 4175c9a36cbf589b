import { describe, expectTypeOf, it } from 'vitest';
import type { BroadcastRestResponse, DefaultError, GatewayResponseError, GatewayThrowingClient, Message, RestResponse } from './index.js';

declare const client: GatewayThrowingClient;

describe('throw-on-error mode', () => {
  it('resolves to each operation\'s documented success body', async () => {
    expectTypeOf(await client.POST('/messages', { body: { content: 'Hello', destination: '+447700900123' } as never })).toEqualTypeOf<RestResponse>();
    expectTypeOf(await client.POST('/messages/broadcast', { body: {} as never })).toEqualTypeOf<BroadcastRestResponse>();
    expectTypeOf(await client.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } })).toEqualTypeOf<Message>();
    expectTypeOf(await client.GET('/messages/{messageid}', { params: { path: { messageid: 12345678901234567895n } } })).toEqualTypeOf<Message>();
  });
  it('throws GatewayResponseError carrying the DefaultError body', () => {
    expectTypeOf<GatewayResponseError['body']>().toEqualTypeOf<DefaultError>();
    expectTypeOf<GatewayResponseError['status']>().toEqualTypeOf<number>();
  });
  it('parameters stay exact', () => {
    // @ts-expect-error `id` is not a path parameter of GET /messages/{messageid}
    void client.GET('/messages/{messageid}', { params: { path: { messageid: 1, id: 2 } } });
  });
});
