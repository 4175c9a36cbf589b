import { describe, expectTypeOf, it } from 'vitest';
import type { CampaignManagerClient } from './client.js';
import type {
  CampaignReport,
  DefaultError,
  DeleteFailed,
  DeleteMultipleListsResponse,
  ListCreateResponse,
  ListGetResponse,
  ScheduleCampaignResponse,
  TemplateGetResponse,
} from './index.js';

declare const client: CampaignManagerClient;
const members = [{ destination: '447700900123' }];

describe('application_name is given once, in the options', () => {
  it('paths start after it', () => {
    void client.GET('/lists');
    void client.GET('/templates');
    void client.GET('/{campaign_id}/report', { params: { path: { campaign_id: 1 } } });
    // Ids beyond 2^53 - 1 (section 2.4: integers without a bound) as a bigint.
    void client.GET('/{campaign_id}/report', { params: { path: { campaign_id: 12345678901234567895n } } });
    void client.DELETE('/lists/{list_id}', { params: { path: { list_id: 12345678901234567895n } } });
    // @ts-expect-error the contract's full template is not a path of this client
    void client.GET('/{application_name}/lists', { params: { path: { application_name: 'acme' } } });
  });
  it('and is not a parameter', () => {
    // @ts-expect-error application_name is filled by the client
    void client.DELETE('/lists/{list_id}', { params: { path: { list_id: 1, application_name: 'acme' } } });
  });
});

describe('request bodies and parameters', () => {
  it('a missing required field fails', () => {
    // @ts-expect-error name is required (section 2.4)
    void client.POST('/lists', { body: { members } });
    // @ts-expect-error schedule is required
    void client.POST('/scheduled_campaigns', { body: { name: 'Spring', members } });
    // @ts-expect-error list_id is required
    void client.DELETE('/lists/{list_id}', {});
  });
  it('an unknown field fails, at any depth', () => {
    // @ts-expect-error `colour` is not a field of ListRequest
    void client.POST('/lists', { body: { name: 'Spring', members, colour: 'red' } });
    // A name no field of the document can have (its fields are identifiers), so that a field the
    // document adds to Member (another paramN) never makes this expectation unused.
    // @ts-expect-error `not a field` is not a field of Member
    void client.POST('/lists', { body: { name: 'Spring', members: [{ destination: '1', 'not a field': 'x' }] } });
  });
  it('a wrong path parameter type fails', () => {
    // @ts-expect-error list_id is an integer
    void client.DELETE('/lists/{list_id}', { params: { path: { list_id: '7' } } });
    // @ts-expect-error campaign_id is an integer
    void client.GET('/{campaign_id}/report', { params: { path: { campaign_id: 'x' } } });
  });
  it('a wrong field type fails', () => {
    // @ts-expect-error list_ids are integers
    void client.POST('/delete_multiple_lists', { body: { list_ids: ['1'] } });
  });
});

describe('results narrow as documented', () => {
  it('the two deletes fail with a plain string', async () => {
    const one = await client.DELETE('/lists/{list_id}', { params: { path: { list_id: 1 } } });
    if (one.error !== undefined) expectTypeOf(one.error).toEqualTypeOf<DeleteFailed>();
    const many = await client.POST('/delete_multiple_lists', { body: { list_ids: [1] } });
    if (many.error !== undefined) {
      expectTypeOf(many.error).toEqualTypeOf<string>();
    } else {
      expectTypeOf(many.data).toEqualTypeOf<DeleteMultipleListsResponse>();
    }
  });
  it('everything else fails with DefaultError', async () => {
    const lists = await client.GET('/lists');
    if (lists.error) expectTypeOf(lists.error).toEqualTypeOf<DefaultError>();
    else expectTypeOf(lists.data).toEqualTypeOf<ListGetResponse[]>();
    const created = await client.POST('/lists', { body: { name: 'Spring', members } });
    if (!created.error) {
      expectTypeOf(created.data).toEqualTypeOf<ListCreateResponse>();
      expectTypeOf(created.data.id).toEqualTypeOf<number>();
    }
    const scheduled = await client.POST('/scheduled_campaigns', { body: { name: 'S', members, schedule: '2026-12-01T09:30:00Z' } });
    if (!scheduled.error) expectTypeOf(scheduled.data).toEqualTypeOf<ScheduleCampaignResponse>();
    const templates = await client.GET('/templates');
    if (!templates.error) expectTypeOf(templates.data).toEqualTypeOf<TemplateGetResponse[]>();
    const report = await client.GET('/{campaign_id}/report', { params: { path: { campaign_id: 1 } } });
    if (report.error) expectTypeOf(report.error).toEqualTypeOf<DefaultError>();
    else expectTypeOf(report.data).toEqualTypeOf<CampaignReport[]>();
  });
  it('a readOnly response field cannot be sent', () => {
    // @ts-expect-error ListCreateResponse is a response; ListRequest has no id
    void client.POST('/lists', { body: { id: 1, name: 'Spring', members } });
  });
});
