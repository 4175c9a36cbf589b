// Short names for the generated types of interface D (campaign manager v1). The generated file is
// the contract; this file only names its parts. ListCreateResponse and ScheduleCampaignResponse
// have readOnly fields and appear only in responses, so their names are the shape as received.
import type { Readable, components, operations, paths, webhooks } from './generated/schema.js';

export type { components, operations, paths, webhooks };
// For a fetch wrapper of one's own (README, "Without openapi-fetch"): the types that remove the
// readOnly markers `paths` carries, and the bodies by path, method and status with them removed.
export type { $Read, $Write, MethodOf, Readable, RequestBody, ResponseBody, StatusOf, Writable } from './generated/schema.js';

type Schemas = components['schemas'];

/** One recipient of a list or campaign (section 2.4). */
export type Member = Schemas['Member'];
/** Body of `POST /{application_name}/lists`. */
export type ListRequest = Schemas['ListRequest'];
/** One item of the 200 reply of `GET /{application_name}/lists`. */
export type ListGetResponse = Schemas['ListGetResponse'];
/** The 201 reply of `POST /{application_name}/lists`. */
export type ListCreateResponse = Readable<Schemas['ListCreateResponse']>;
/** Body of `POST /{application_name}/scheduled_campaigns`. */
export type ScheduleCampaignRequest = Schemas['ScheduleCampaignRequest'];
/** The 201 reply of `POST /{application_name}/scheduled_campaigns`. */
export type ScheduleCampaignResponse = Readable<Schemas['ScheduleCampaignResponse']>;
/** One item of the 200 reply of `GET /{application_name}/templates`. */
export type TemplateGetResponse = Schemas['TemplateGetResponse'];
/** One item of the 200 reply of `GET /{application_name}/{campaign_id}/report`. */
export type CampaignReport = Schemas['CampaignReport'];
/** Body of `POST /{application_name}/delete_multiple_lists`. */
export type DeleteMultipleListsRequest = Schemas['DeleteMultipleListsRequest'];
/** The 200 reply of `POST /{application_name}/delete_multiple_lists`: the ids actually deleted. */
export type DeleteMultipleListsResponse =
  operations['deleteMultipleLists']['responses'][200]['content']['application/json'];
/** The error body of every endpoint except the two deletes (section 7). */
export type DefaultError = Schemas['DefaultError'];
/** The error body of the two delete endpoints: a plain string (section 7). */
export type DeleteFailed = components['responses']['DeleteFailed']['content']['application/json'];
