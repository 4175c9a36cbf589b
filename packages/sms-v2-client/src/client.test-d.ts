import { describe, expectTypeOf, it } from 'vitest';
import type { SmsClient } from './client.js';
import type { ErrorBody, MessageDetails, SendMessageReply, StatusCallback } from './index.js';

declare const client: SmsClient;
const destination = '+447700900123';
const id = '3f9a2c1e-7b4d-4e6a-9c8b-1d2e3f4a5b6c';

describe('sendMessage', () => {
  it('a complete body compiles', () => {
    void client.POST('/messages', { body: { destination, content: 'hi', integration_id: id } });
  });
  it('a missing required field fails', () => {
    // @ts-expect-error content is required (section 2.2)
    void client.POST('/messages', { body: { destination } });
  });
  it('an unknown field fails', () => {
    // @ts-expect-error `priority` is not a field of SingleMessage
    void client.POST('/messages', { body: { destination, content: 'hi', priority: 1 } });
  });
  it('a readOnly field in a request fails', () => {
    // @ts-expect-error id is readOnly
    void client.POST('/messages', { body: { id, destination, content: 'hi' } });
  });
  it('202 data is shaped as a StatusCallback whose status is `accepted` (section 3); errors are ErrorBody', async () => {
    const { data, error } = await client.POST('/messages', { body: { destination, content: 'hi' } });
    if (error) expectTypeOf(error).toEqualTypeOf<ErrorBody>();
    else {
      expectTypeOf(data).toExtend<SendMessageReply>();
      expectTypeOf(data).toExtend<StatusCallback>();
      expectTypeOf(data.status).toEqualTypeOf<'accepted' | undefined>();
    }
  });
});

describe('getMessage', () => {
  it('requires the id query parameter', () => {
    // @ts-expect-error params.query.id is required
    void client.GET('/messages', {});
    // @ts-expect-error `status` is not a query parameter
    void client.GET('/messages', { params: { query: { id, status: 'sent' } } });
    // @ts-expect-error the id is a string UUID
    void client.GET('/messages', { params: { query: { id: 42 } } });
  });
  it("200 data is MessageDetails with B's states", async () => {
    const { data, error } = await client.GET('/messages', { params: { query: { id } } });
    if (!error) {
      expectTypeOf(data).toEqualTypeOf<MessageDetails>();
      // A value no state can be (states are single words), so a state the document adds never makes this unused.
      // @ts-expect-error 'not a state' is not one of B's states
      const unknown: typeof data.status = 'not a state';
      void unknown;
    } else {
      expectTypeOf(error).toEqualTypeOf<ErrorBody>();
    }
  });
});

describe('getOpenApiDescription', () => {
  it('reads as JSON of no documented schema (unknown); its 401 and 404 are ErrorBody', async () => {
    const { data, error } = await client.GET('/openapi.yaml');
    if (error) expectTypeOf(error).toEqualTypeOf<ErrorBody>();
    else expectTypeOf(data).toEqualTypeOf<unknown>();
  });
  it('another parseAs still types as openapi-fetch types it', async () => {
    const { data } = await client.GET('/openapi.yaml', { parseAs: 'stream' });
    expectTypeOf(data).toEqualTypeOf<Response['body'] | undefined>();
  });
});
