export { ClientNetworkError } from '@messaging-contracts/client-core';
export type { NetworkErrorKind, RetryOptions } from '@messaging-contracts/client-core';
export type * from '@messaging-contracts/im-v1-types';
export { createImClient, type ImClient, type ImClientOptions } from './client.js';
export { type ImErrorBody, ImResponseError, type ImThrowingClient, throwOnError } from './throw-on-error.js';
