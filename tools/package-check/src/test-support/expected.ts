/** The four interfaces (DESIGN.md "Names"). */
export const IDS = ['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'] as const;

/**
 * The publishable packages: the contract, client-core, webhooks, sandbox, validators and each interface's types and client. Kept by
 * hand on purpose: discovery must agree with it.
 */
export const EXPECTED_PUBLISHABLE = [
  '@messaging-contracts/openapi',
  '@messaging-contracts/client-core',
  '@messaging-contracts/webhooks',
  '@messaging-contracts/sandbox',
  '@messaging-contracts/validators',
  ...IDS.map((id) => `@messaging-contracts/${id}-types`),
  ...IDS.map((id) => `@messaging-contracts/${id}-client`),
].sort();
