import { fileURLToPath } from 'node:url';
import { describeWire } from '@messaging-contracts/test-kit/wire-suite';
import { createCampaignManagerClient } from './client.js';
import type { DeleteMultipleListsRequest, ListRequest, ScheduleCampaignRequest } from './index.js';

const username = 'acme';
const password = 'pw-91be6d04';
// Characters that must be percent-encoded in a path segment.
const applicationName = 'acme sms/eu';
const application_name = 'acme%20sms%2Feu';

const deleteMany: DeleteMultipleListsRequest = { list_ids: [101, 102] };
const list: ListRequest = {
  name: 'Spring customers',
  members: [{ destination: '447700900123', param1: 'Jane' }, { destination: '447700900456' }],
  email: 'ops@example.com',
  remove_opt_outs: true,
  strict_validation: false,
};
const campaign: ScheduleCampaignRequest = {
  name: 'Spring sale',
  members: [{ destination: '447700900123' }],
  schedule: '2026-12-01T09:30:00Z',
  content: 'The sale starts tomorrow',
  mask: 'Acme',
};

describeWire({
  id: 'campaign-manager-v1',
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
  createClient: (baseUrl) => createCampaignManagerClient({ baseUrl, username, password, applicationName }),
  cases: [
    {
      operationId: 'deleteMultipleLists',
      pathParams: { application_name },
      body: deleteMany,
      send: (c) => c.POST('/delete_multiple_lists', { body: deleteMany }),
    },
    { operationId: 'listLists', pathParams: { application_name }, send: (c) => c.GET('/lists') },
    { operationId: 'createList', pathParams: { application_name }, body: list, send: (c) => c.POST('/lists', { body: list }) },
    {
      operationId: 'deleteList',
      pathParams: { application_name, list_id: '101' },
      send: (c) => c.DELETE('/lists/{list_id}', { params: { path: { list_id: 101 } } }),
    },
    {
      operationId: 'scheduleCampaign',
      pathParams: { application_name },
      body: campaign,
      send: (c) => c.POST('/scheduled_campaigns', { body: campaign }),
    },
    { operationId: 'listTemplates', pathParams: { application_name }, send: (c) => c.GET('/templates') },
    {
      operationId: 'getCampaignReport',
      pathParams: { application_name, campaign_id: '5521' },
      send: (c) => c.GET('/{campaign_id}/report', { params: { path: { campaign_id: 5521 } } }),
    },
  ],
});
