import { describe, expectTypeOf, it } from 'vitest';
import type {
  CampaignReport,
  DefaultError,
  DeleteFailed,
  DeleteMultipleListsResponse,
  ListCreateResponse,
  ListRequest,
  ScheduleCampaignRequest,
  ScheduleCampaignResponse,
} from './index.js';

describe('responses with readOnly fields', () => {
  it('ListCreateResponse: id required, error_messages optional, both plain', () => {
    expectTypeOf<ListCreateResponse>().toEqualTypeOf<{ error_messages?: string; id: number }>();
    expectTypeOf<ScheduleCampaignResponse>().toEqualTypeOf<{ error_messages?: string; id: number }>();
  });
});

describe('requests', () => {
  it('ListRequest requires members and name', () => {
    // @ts-expect-error name is required (section 2.4)
    const missing: ListRequest = { members: [{ destination: '447700900123' }] };
    void missing;
  });
  it('ScheduleCampaignRequest requires members, name and schedule', () => {
    // @ts-expect-error schedule is required (section 2.4)
    const missing: ScheduleCampaignRequest = { members: [], name: 'spring' };
    void missing;
  });
});

describe('bodies without a schema name', () => {
  it('delete_multiple_lists 200 is { list_ids, message }', () => {
    expectTypeOf<DeleteMultipleListsResponse>().toEqualTypeOf<{ list_ids?: number[]; message?: string }>();
  });
  it('a failed delete is a plain string', () => {
    expectTypeOf<DeleteFailed>().toEqualTypeOf<string>();
  });
});

it('DefaultError and CampaignReport are all-optional', () => {
  expectTypeOf<DefaultError>().toEqualTypeOf<{ code?: number; message?: string }>();
  expectTypeOf<CampaignReport['message_id']>().toEqualTypeOf<number | undefined>();
});
