export { ClientNetworkError } from '@messaging-contracts/client-core';
export type { NetworkErrorKind } from '@messaging-contracts/client-core';
export type * from '@messaging-contracts/campaign-manager-v1-types';
export {
  type CampaignManagerClient,
  type CampaignManagerClientOptions,
  createCampaignManagerClient,
} from './client.js';
export type { CampaignManagerPaths } from './paths.js';
export { type CampaignManagerErrorBody, CampaignManagerResponseError, type CampaignManagerThrowingClient, throwOnError } from './throw-on-error.js';
