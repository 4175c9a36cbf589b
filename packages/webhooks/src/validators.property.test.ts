// Property-based: bodies generated from the bundles' callback schemas, valid and invalid, judged by
// the generated validators and by ajv compiling the same bundle at run time. They must agree on
// every body, violation by violation, and every refusal must fit the interface's error shape.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiId } from '@messaging-contracts/validators/generator';
import { broken, callbackSchema, valid } from './test-support/arbitraries.js';
import { imV1ErrorShape, smsV2ErrorShape } from './error-bodies.js';
import { conformance, referenceBody } from './test-support/contract.js';
import { imV1TextPattern } from './test-support/contract-values.js';
import { type Validator, validateImV1StatusCallback, validateSmsV2ReplyCallback, validateSmsV2StatusCallback } from './validators.js';

const cases: Array<[string, ApiId, string, Validator<unknown>]> = [
  ['B status', 'sms-v2', 'StatusCallback', validateSmsV2StatusCallback],
  ['B reply', 'sms-v2', 'ReplyCallback', validateSmsV2ReplyCallback],
  ['C status', 'im-v1', 'StatusCallback', validateImV1StatusCallback],
];

const numRuns = 1000;

describe.each(cases)('%s validator', (_title, api, pathItem, validate) => {
  const { bundle, schema: root } = callbackSchema(api, pathItem);
  const reference = referenceBody(api, pathItem);

  /**
   * Same verdict as the reference, and the same violations in the same order. Compared with plain
   * code first, and only a disagreement goes through `expect` (which shows the difference): an
   * `expect` per body was a third of this file's CPU over its 9,900 bodies.
   */
  function agrees(body: unknown) {
    const ours = validate(body);
    const theirs = reference(body);
    const expected = () => (reference.errors ?? []).map((error) => ({ pointer: error.instancePath, rule: error.keyword }));
    const same = ours.ok
      ? theirs && ours.value === body
      : !theirs && JSON.stringify(ours.violations.map(({ pointer, rule }) => ({ pointer, rule }))) === JSON.stringify(expected());
    if (same) return ours;
    expect(ours.ok).toBe(theirs);
    if (ours.ok) {
      expect(ours.value).toBe(body);
      return ours;
    }
    expect(ours.violations.map(({ pointer, rule }) => ({ pointer, rule }))).toEqual(expected());
    return ours;
  }

  it('accepts every body generated from the schema, as ajv does', () => {
    fc.assert(
      fc.property(valid(bundle, root), (body) => {
        if (!agrees(body).ok) throw new Error('refused a valid body');
      }),
      { numRuns },
    );
  });

  it('refuses every body broken in one place, as ajv does', () => {
    fc.assert(
      fc.property(broken(bundle, root), (body) => {
        if (agrees(body).ok) throw new Error('accepted a broken body');
      }),
      { numRuns },
    );
  });

  it('agrees with ajv on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (body) => void agrees(body)), { numRuns });
  });

  it('turns every refusal into a conforming error body', () => {
    fc.assert(
      fc.property(broken(bundle, root), (body) => {
        const result = validate(body);
        if (result.ok) throw new Error('expected a refusal');
        if (api === 'im-v1') {
          const error = JSON.parse(imV1ErrorShape('invalid_body', result.violations));
          expect(conformance('im-v1', 'APIError', error)).toEqual([]);
          for (const item of error.errors) {
            expect(item.description).toMatch(imV1TextPattern);
            if ('field' in item) expect(item.field).toMatch(imV1TextPattern);
          }
        } else {
          expect(conformance('sms-v2', 'ErrorBody', JSON.parse(smsV2ErrorShape('invalid_body', result.violations)))).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
