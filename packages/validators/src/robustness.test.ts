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

function wellFormed(violations: readonly unknown[]) {
  for (const violation of violations as Array<Record<string, unknown>>) {
    expect(Object.keys(violation).every((key) => ['pointer', 'property', 'rule', 'limit', 'message'].includes(key))).toBe(true);
    expect(violation.pointer === '' || /^\//.test(violation.pointer as string)).toBe(true);
    expect(typeof violation.property).toBe('string');
    expect(typeof violation.rule).toBe('string');
    expect(violation.message).toMatch(/^must |^is |^and \d+ more|^does not|^fails /);
    expect(violation.message).not.toMatch(/[\r\n]/);
  }
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
