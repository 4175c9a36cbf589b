// Every limit a request body schema carries (sections 2 and 8), read from the bundle: the
// operation's example passes, and the example with that one limit broken is refused with a
// violation naming the field (pointer and property), the rule and the documented limit.
import { describe, expect, it } from 'vitest';
import { apiIds, bundleOf, late, requestExample, targetsOf, validatorsOf } from './test-support/bundles.js';
import { breakLimit, expectedLimit, limitsOf } from './test-support/limits.js';

const cases = apiIds.flatMap((api) =>
  targetsOf(api)
    .operations.filter((target) => target.body)
    .flatMap((target) => limitsOf(bundleOf(api), target.body!).map((limit) => ({ api, operationId: target.operationId, limit })))
    // A lower bound of 0 on a count or length (C's template parameters: minItems 0) cannot be broken.
    .filter(({ limit }) => !(['minItems', 'minLength', 'minProperties'].includes(limit.keyword) && limit.value === 0)),
);

describe.each(apiIds)('%s request bodies', (api) => {
  const withBody = targetsOf(api).operations.filter((target) => target.body);

  it.each(withBody.map((t) => [t.operationId]))('%s: the example passes', (operationId) => {
    expect(validatorsOf(api).operations[operationId]!.body!(requestExample(api, operationId), late)).toEqual([]);
  });

  it('have limits to check', () => {
    expect(cases.filter((c) => c.api === api).length).toBeGreaterThan(0);
  });
});

describe('every limit of every request body', () => {
  it.each(cases.map((c) => [`${c.api} ${c.operationId} /${c.limit.path.join('/')} ${c.limit.keyword} ${JSON.stringify(c.limit.value)}`, c] as const))(
    '%s',
    (_title, { api, operationId, limit }) => {
      const { value, pointer } = breakLimit(requestExample(api, operationId), limit);
      const violations = validatorsOf(api).operations[operationId]!.body!(value, late);
      const want = expectedLimit(limit);
      const match = violations.find((v) => v.pointer === pointer && v.rule === limit.keyword);
      expect(match, JSON.stringify(violations)).toBeDefined();
      expect(match!.property).toBe(pointer.split('/').pop()!.replace(/~1/g, '/').replace(/~0/g, '~'));
      if (want === undefined) expect(match).not.toHaveProperty('limit');
      else expect(match!.limit).toBe(want);
      // The message names the rule's value, read from the bundle (a pattern as it is written).
      if (typeof want === 'number' || ['pattern', 'format'].includes(limit.keyword)) expect(match!.message).toContain(String(want));
      if (limit.keyword === 'enum') for (const value of limit.value as unknown[]) expect(match!.message).toContain(JSON.stringify(value));
    },
  );
});
