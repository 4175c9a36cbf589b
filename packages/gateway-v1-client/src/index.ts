export { ClientNetworkError } from '@messaging-contracts/client-core';
export type { NetworkErrorKind } from '@messaging-contracts/client-core';
export type * from '@messaging-contracts/gateway-v1-types';
export { createGatewayClient, type GatewayClient, type GatewayClientOptions, type GatewayMediaType } from './client.js';
export type { GatewayPaths } from './paths.js';
export { type GatewayErrorBody, GatewayResponseError, type GatewayThrowingClient, throwOnError } from './throw-on-error.js';
