import { describe, expectTypeOf, it } from 'vitest';
import type { APIErrorOrSample, ImResponseError, ImThrowingClient, MessagePostResponse } from './index.js';

declare const client: ImThrowingClient;
const body = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } } as const;

describe('throw-on-error mode', () => {
  it('resolves to the 202 body, no data! needed', async () => {
    expectTypeOf(await client.POST('/message', { body })).toEqualTypeOf<MessagePostResponse>();
  });
  it("throws ImResponseError: every documented error body is an APIError or the samples' shape (section 7)", () => {
    expectTypeOf<ImResponseError['body']>().toEqualTypeOf<APIErrorOrSample>();
    expectTypeOf<ImResponseError['status']>().toEqualTypeOf<number>();
    expectTypeOf<ImResponseError['operation']>().toEqualTypeOf<string>();
    expectTypeOf<ImResponseError>().toMatchTypeOf<Error>();
  });
  it('bodies stay exact', () => {
    // @ts-expect-error `priority` is not a field of MessagePostRequest
    void client.POST('/message', { body: { ...body, priority: 1 } });
  });
});
