// Test support (not built): the four bundles and their operations' examples.
import { apiIds, loadBundle, type ApiId } from '../../scripts/generate.js';
import { type Json, at, discover, isJsonMediaType, resolve } from '../../scripts/targets.js';
import * as campaignManagerV1 from '../campaign-manager-v1.js';
import * as gatewayV1 from '../gateway-v1.js';
import * as imV1 from '../im-v1.js';
import type { OperationValidators } from '../runtime.js';
import * as smsV2 from '../sms-v2.js';

export { apiIds, type ApiId };

const bundles = new Map<ApiId, Json>(apiIds.map((api) => [api, loadBundle(api)]));

/** The bundle of an interface of the list; an id outside it is a test's mistake, said plainly. */
export function bundleOf(api: ApiId): Json {
  const bundle = bundles.get(api);
  if (!bundle) throw new Error(`${api} is not an interface of @messaging-contracts/openapi/interfaces.json`);
  return bundle;
}

type InterfaceValidators = { operations: Readonly<Record<string, OperationValidators>>; callbacks: Readonly<Record<string, OperationValidators>> };

// One module per interface (src/<id>.ts); specs/test/interfaces.test.ts checks each id has one.
const validators: Record<string, InterfaceValidators> = {
  'gateway-v1': gatewayV1,
  'sms-v2': smsV2,
  'im-v1': imV1,
  'campaign-manager-v1': campaignManagerV1,
};

/** The validators module of an interface. */
export function validatorsOf(api: ApiId): InterfaceValidators {
  const found = validators[api];
  if (!found) throw new Error(`src/${api}.ts is missing from the test support's validators`);
  return found;
}

/** A media type's example, or each of its named examples in order (the first is the one tools use). */
function mediaExamples(media: Json): unknown[] {
  if ('example' in media) return [media.example];
  return Object.values((media.examples ?? {}) as Record<string, Json>).flatMap((named) => ('value' in named ? [named.value] : []));
}

/** The example of an operation's JSON request body, as the bundle gives it (the first named one). */
export function requestExample(api: ApiId, operationId: string): unknown {
  const bundle = bundleOf(api);
  for (const [path, pathItem] of Object.entries(bundle.paths as Json)) {
    for (const [method, operation] of Object.entries(pathItem as Json)) {
      if ((operation as Json)?.operationId !== operationId || !(operation as Json).requestBody) continue;
      const pointer = `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/requestBody`;
      const requestBody = resolve(bundle, { pointer, value: at(bundle, pointer) as Json });
      const content = requestBody.value.content as Record<string, Json>;
      const type = Object.keys(content).find(isJsonMediaType)!;
      return structuredClone(mediaExamples(content[type]!)[0]);
    }
  }
  throw new Error(`${api} ${operationId}: no request body example`);
}

/** `[operationId, status, example]` of every JSON response example of an interface's operations. */
export function responseExamples(api: ApiId): Array<[string, string, unknown]> {
  const bundle = bundleOf(api);
  const out: Array<[string, string, unknown]> = [];
  for (const [path, pathItem] of Object.entries(bundle.paths as Json)) {
    for (const [method, operation] of Object.entries(pathItem as Json) as Array<[string, Json]>) {
      if (typeof operation?.operationId !== 'string') continue;
      for (const status of Object.keys((operation.responses ?? {}) as Json)) {
        const pointer = `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}`;
        const response = resolve(bundle, { pointer, value: at(bundle, pointer) as Json });
        const json = (response.value.content as Record<string, Json> | undefined)?.['application/json'];
        // A JSON body with no schema (B's description, section 4.2) has no validator to try it on.
        for (const example of json?.schema ? mediaExamples(json) : []) out.push([operation.operationId, status, structuredClone(example)]);
      }
    }
  }
  return out;
}

export const targetsOf = (api: ApiId) => discover(bundleOf(api));

/** A clock so late that every date in the examples is in the past, which x-max-days-ahead never refuses. */
export const late = { now: () => Date.parse('2100-01-01T00:00:00Z') };

