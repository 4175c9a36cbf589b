export { ClientNetworkError } from '@messaging-contracts/client-core';
export type { NetworkErrorKind } from '@messaging-contracts/client-core';
export type * from '@messaging-contracts/sms-v2-types';
export { createSmsClient, type SmsClient, type SmsClientOptions } from './client.js';
export type { SmsPaths } from './paths.js';
export { type SmsErrorBody, SmsResponseError, type SmsThrowingClient, throwOnError } from './throw-on-error.js';
