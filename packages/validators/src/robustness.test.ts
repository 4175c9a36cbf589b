// Any input, for every validator of every interface: never a throw, always a list of violations
// in the one format, each message one line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Validator } from './runtime.js';
import { apiIds, validatorsOf } from './test-support/bundles.js';

const all: Array<[string, Validator]> = apiIds.flatMap((api) =>
  [...Object.values(validatorsOf(api).operations), ...Object.values(validatorsOf(api).callbacks)].flatMap((operation) => [
    ...(operation.body ? [[`${api} ${operation.operationId} body`, operation.body] as [string, Validator]] : []),
    ...(operation.params ? [[`${api} ${operation.operationId} params`, operation.params] as [string, Validator]] : []),
    ...Object.entries(operation.responses).map(([status, validate]) => [`${api} ${operation.operationId} ${status}`, validate] as [string, Validator]),
  ]),
);

/**
 * What is wrong with each violation that breaks the one format (none: an empty list). Plain checks,
 * and an error (which fast-check reports with the value that caused it) only when one fails: six
 * `expect` calls per violation were half this file's CPU, for the thousands of violations drawn.
 */
function malformed(violations: readonly unknown[]): string[] {
  const problems: string[] = [];
  for (const violation of violations as Array<Record<string, unknown>>) {
    const what = (problem: string) => problems.push(`${problem}: ${JSON.stringify(violation)}`);
    if (!Object.keys(violation).every((key) => ['pointer', 'property', 'rule', 'limit', 'message'].includes(key))) what('a key outside the format');
    if (!(violation.pointer === '' || /^\//.test(violation.pointer as string))) what('pointer neither empty nor starting with /');
    if (typeof violation.property !== 'string') what('property not a string');
    if (typeof violation.rule !== 'string') what('rule not a string');
    if (typeof violation.message !== 'string' || !/^must |^is |^and \d+ more|^does not|^fails /.test(violation.message)) what('message not in the one format');
    else if (/[\r\n]/.test(violation.message)) what('message over more than one line');
  }
  return problems;
}

function wellFormed(violations: readonly unknown[]) {
  const problems = malformed(violations);
  if (problems.length > 0) throw new Error(`violations outside the one format:\n${problems.join('\n')}`);
}

describe('every validator on any JSON value', () => {
  it('has validators to check', () => {
    expect(all.length).toBeGreaterThan(30);
  });

  it.each(all)('%s never throws and reports in the one format', (_name, validate) => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        wellFormed(validate(value, { now: () => 0 }));
      }),
      { numRuns: 200 },
    );
  });
});

describe('parameter sets from any URL strings', () => {
  const params = all.filter(([name]) => name.endsWith(' params'));

  it.each(params)('%s takes any string values without throwing', (_name, validate) => {
    const group = fc.dictionary(fc.constantFrom('messageid', 'id', 'list_id', 'campaign_id', 'application_name', 'other'), fc.string());
    fc.assert(
      fc.property(fc.record({ path: group, query: group }, { requiredKeys: [] }), (value) => {
        wellFormed(validate(value));
      }),
      { numRuns: 200 },
    );
  });

  it('takes any integer written in a URL, leaving the string as it was, and refuses what is not one', () => {
    const { deleteList } = validatorsOf('campaign-manager-v1').operations;
    fc.assert(
      fc.property(fc.integer(), (n) => {
        const set = { path: { application_name: 'acme', list_id: String(n) } };
        expect(deleteList!.params!(set)).toEqual([]);
        expect(set.path.list_id).toBe(String(n));
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*-?\d+(\.0*)?\s*$/.test(s) && s.trim() !== '' && !Number.isInteger(Number(s))),
        (s) => {
          expect(deleteList!.params!({ path: { application_name: 'acme', list_id: s } }).map((v) => v.pointer)).toEqual(['/path/list_id']);
        },
      ),
    );
  });
});
