import { type BasicAuth, basicAuth, type CommonClientOptions, type OfInterface, coreClient, integerPathSerializer, type StrictClient, unsafeIntegers } from '@messaging-contracts/client-core';
import { APPLICATION_NAME, BASE_PATH } from './contract.js';
import type { CampaignManagerPaths } from './paths.js';

export interface CampaignManagerClientOptions extends CommonClientOptions {
  /** HTTP Basic credentials (section 5). */
  username: string;
  password: string;
  /** The `{application_name}` path segment of every endpoint (section 4.4), given once here. */
  applicationName: string;
}

/**
 * An openapi-fetch client of interface D with exact bodies and parameters. Paths start after
 * `/{application_name}`, which the client fills in: `client.GET('/lists')`,
 * `client.DELETE('/lists/{list_id}', { params: { path: { list_id: 7 } } })`.
 */
export type CampaignManagerClient = StrictClient<CampaignManagerPaths> & OfInterface<'campaign-manager-v1'>;

// Section 2.4: D's ids are integers without a bound and a report's message_id is int64, beyond
// what a number holds exactly.
const INTEGERS = /* @__PURE__ */ unsafeIntegers("D's ids are integers without a bound, message_id int64 (section 2.4)");

export function createCampaignManagerClient(options: CampaignManagerClientOptions): CampaignManagerClient {
  const { username, password, applicationName, ...common } = options;
  // A dot segment would be resolved away by the URL parser and address another path. Refused: '', '.', '..'.
  if (typeof applicationName !== 'string' || /^\.{0,2}$/.test(applicationName)) {
    throw new TypeError('applicationName must be a non-empty string other than "." and ".."');
  }
  const client = coreClient<CampaignManagerPaths, BasicAuth>(
    {
      ...common,
      basePath: BASE_PATH,
      // Encoded as openapi-fetch encodes a simple-style path parameter.
      pathPrefix: `/${encodeURIComponent(applicationName)}`,
      auth: { type: 'basic', username, password },
      integers: INTEGERS,
      pathSerializer: integerPathSerializer,
    },
    basicAuth,
  );
  // Code written against the contract's own templates (`/{application_name}/lists`) works too:
  // the segment is the configured one either way.
  const methods = client as unknown as Record<string, (url: string, init?: unknown) => unknown>;
  for (const method in methods) {
    const call = methods[method]!;
    if (method === method.toUpperCase()) {
      methods[method] = (url, init) => call(url.startsWith(TEMPLATE) ? url.slice(TEMPLATE.length) : url, init);
    }
  }
  return client;
}

const TEMPLATE = `/{${APPLICATION_NAME}}`;
