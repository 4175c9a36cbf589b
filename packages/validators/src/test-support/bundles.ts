// Test support (not built): the four bundles and their operations' examples.
import { apiIds, loadBundle, type ApiId } from '../../scripts/generate.js';
import { type Json, at, discover, isJsonMediaType, resolve } from '../../scripts/targets.js';
import * as campaignManagerV1 from '../campaign-manager-v1.js';
import * as gatewayV1 from '../gateway-v1.js';
import * as imV1 from '../im-v1.js';
import type { OperationValidators } from '../runtime.js';
import * as smsV2 from '../sms-v2.js';

export { apiIds, type ApiId };

export const bundles: Record<ApiId, Json> = Object.fromEntries(apiIds.map((api) => [api, loadBundle(api)])) as Record<ApiId, Json>;

export const validators: Record<ApiId, { operations: Readonly<Record<string, OperationValidators>>; callbacks: Readonly<Record<string, OperationValidators>> }> = {
  'gateway-v1': gatewayV1,
  'sms-v2': smsV2,
  'im-v1': imV1,
  'campaign-manager-v1': campaignManagerV1,
};

/** The example of an operation's JSON request body, as the bundle gives it. */
export function requestExample(api: ApiId, operationId: string): unknown {
  const bundle = bundles[api];
  for (const [path, pathItem] of Object.entries(bundle.paths as Json)) {
    for (const [method, operation] of Object.entries(pathItem as Json)) {
      if ((operation as Json)?.operationId !== operationId || !(operation as Json).requestBody) continue;
      const pointer = `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/requestBody`;
      const requestBody = resolve(bundle, { pointer, value: at(bundle, pointer) as Json });
      const content = requestBody.value.content as Record<string, Json>;
      const type = Object.keys(content).find(isJsonMediaType)!;
      return structuredClone(content[type]!.example);
    }
  }
  throw new Error(`${api} ${operationId}: no request body example`);
}

export const targetsOf = (api: ApiId) => discover(bundles[api]);

/** A clock so late that every date in the examples is in the past, which x-max-days-ahead never refuses. */
export const late = { now: () => Date.parse('2100-01-01T00:00:00Z') };
