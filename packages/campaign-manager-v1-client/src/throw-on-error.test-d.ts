import { describe, expectTypeOf, it } from 'vitest';
import type { CampaignManagerResponseError, CampaignManagerThrowingClient, DefaultError, DeleteFailed, ListCreateResponse, ListGetResponse } from './index.js';

declare const client: CampaignManagerThrowingClient;

describe('throw-on-error mode', () => {
  it('resolves to each operation\'s documented success body; a 204 to undefined', async () => {
    expectTypeOf(await client.GET('/lists')).toEqualTypeOf<ListGetResponse[]>();
    expectTypeOf(await client.POST('/lists', { body: {} as never })).toEqualTypeOf<ListCreateResponse>();
    expectTypeOf(await client.DELETE('/lists/{list_id}', { params: { path: { list_id: 7 } } })).toEqualTypeOf<undefined>();
  });
  it('throws CampaignManagerResponseError: DefaultError, or the plain-string failure', () => {
    expectTypeOf<CampaignManagerResponseError['body']>().toEqualTypeOf<DefaultError | DeleteFailed>();
    expectTypeOf<DeleteFailed>().toEqualTypeOf<string>();
  });
});
