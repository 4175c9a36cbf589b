// Shared by the tests: a sandbox on 127.0.0.1 port 0, the project's four clients pointed at it, a
// real node:http server for receivers, and the contract check of any answer (the validators
// package's response validators, compiled from the bundles).
import { createCampaignManagerClient } from '@messaging-contracts/campaign-manager-v1-client';
import { createGatewayClient } from '@messaging-contracts/gateway-v1-client';
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createSmsClient } from '@messaging-contracts/sms-v2-client';
import type { OperationValidators } from '@messaging-contracts/validators';
import { operations as campaignManager } from '@messaging-contracts/validators/campaign-manager-v1';
import { operations as gateway } from '@messaging-contracts/validators/gateway-v1';
import { operations as im } from '@messaging-contracts/validators/im-v1';
import { operations as sms } from '@messaging-contracts/validators/sms-v2';
import { type ApiId, type Sandbox, type SandboxOptions, startSandbox } from '../src/index.js';

export const APPLICATION = 'demo-app';

export async function sandboxWithClients(options: SandboxOptions = {}) {
  const sandbox = await startSandbox({ port: 0, ...options });
  const c = sandbox.credentials;
  const baseUrl = sandbox.url;
  return {
    sandbox,
    gateway: createGatewayClient({ baseUrl, ...c['gateway-v1'] }),
    sms: createSmsClient({ baseUrl, apiKey: c['sms-v2'].apiKey }),
    im: createImClient({ baseUrl, apiKey: c['im-v1'].apiKey, retry: false }),
    campaigns: createCampaignManagerClient({ baseUrl, ...c['campaign-manager-v1'], applicationName: APPLICATION }),
  };
}

/** An Authorization header of HTTP Basic credentials (A's and D's). */
export const basic = ({ username, password }: { username: string; password: string }) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A POST of JSON text as written, for what a client would never write (a repeated key, 1e400). */
export const postText = (sandbox: Sandbox, path: string, authorization: string, text: string) =>
  fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: text });

const validators: Record<ApiId, Readonly<Record<string, OperationValidators>>> = {
  'gateway-v1': gateway,
  'sms-v2': sms,
  'im-v1': im,
  'campaign-manager-v1': campaignManager,
};

/**
 * The violations of an answer against its operation's documented response (by status, else
 * `default`); a status the operation does not document at all is itself a violation.
 */
export function responseViolations(operation: string, status: number, body: unknown): readonly unknown[] {
  const [api, operationId] = operation.split('.') as [ApiId, string];
  const op = validators[api][operationId];
  if (!op) return [`no operation ${operation}`];
  const validate = op.responses[String(status)] ?? op.responses.default;
  if (!validate) return [`${operation} documents no JSON body for status ${status}`];
  return validate(body);
}

// A real node:http server on 127.0.0.1 for receivers: the webhooks package's own test helper.
export { listen } from '@messaging-contracts/test-kit/http-server';

export type { Sandbox };
