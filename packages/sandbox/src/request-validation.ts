// The one place requests meet the contract's schemas: the validators compiled from the bundles
// (@messaging-contracts/validators), including what JSON Schema cannot say (x-max-days-ahead, the
// 60-day scheduling limit), checked against the sandbox's clock.
import type { OperationValidators, Violation } from '@messaging-contracts/validators';
import { operations as campaignManager } from '@messaging-contracts/validators/campaign-manager-v1';
import { operations as gateway } from '@messaging-contracts/validators/gateway-v1';
import { operations as im } from '@messaging-contracts/validators/im-v1';
import { operations as sms } from '@messaging-contracts/validators/sms-v2';
import type { ApiId } from './contract.js';
import type { Finding } from './problems.js';
import type { Route } from './routes.js';

const operations: Record<ApiId, Readonly<Record<string, OperationValidators>>> = {
  'gateway-v1': gateway,
  'sms-v2': sms,
  'im-v1': im,
  'campaign-manager-v1': campaignManager,
};

const finding = (prefix: string) => (violation: Violation): Finding => ({
  pointer: prefix + violation.pointer,
  property: violation.property,
  rule: violation.rule,
  ...(violation.limit !== undefined && { limit: violation.limit }),
  message: violation.message,
});

/** Every operation of the route table must have its validators: checked once at start. */
export function validatorsFor(route: Route): OperationValidators {
  const validators = operations[route.api][route.operationId];
  if (!validators) throw new Error(`no validators for ${route.key}`);
  return validators;
}

/**
 * Findings for one request: its path and query parameters and its JSON body (when it has one).
 * The params validator coerces copies of what it is given (@messaging-contracts/validators), so
 * `params` is passed as it is.
 */
export function validateRequest(
  validators: OperationValidators,
  params: Record<string, string>,
  query: URLSearchParams,
  body: unknown,
  now: () => number,
): Finding[] {
  const options = { now };
  const findings: Finding[] = [];
  if (validators.params) {
    const violations = validators.params({ path: params, query: Object.fromEntries(query) }, options);
    if (violations.length > 0) findings.push(...violations.map(finding('')));
  }
  if (validators.body && body !== undefined) {
    const violations = validators.body(body, options);
    if (violations.length > 0) findings.push(...violations.map(finding('/body')));
  }
  return findings;
}
