// What the checks are derived from: the limits of section 8 read from the bundles, and the Arazzo
// runner's conditions.
import { describe, expect, it } from 'vitest';
import { holds } from '../src/arazzo.js';
import { limitsOf, pointerOf } from '../src/boundaries.js';
import { bundle, findOperation } from '../src/contract.js';

const limits = (api: 'gateway-v1' | 'sms-v2' | 'im-v1', operationId: string) => {
  const op = findOperation(api, operationId);
  return limitsOf(bundle(api), op.bodySchema!, '2').map((l) => `${pointerOf(l.path)} ${l.keyword} ${l.value} §${l.section}`);
};

describe('limits read from the bundles', () => {
  it("C's request limits of section 8", () => {
    const c = limits('im-v1', 'sendMessage');
    for (const limit of [
      '/reference maxLength 255 §8',
      '/delivery_attempts minItems 1 §8',
      '/delivery_attempts maxItems 10 §8',
      '/delivery_attempts/0/timeout minimum 0 §8',
      '/delivery_attempts/0/timeout maximum 604800 §8',
      '/message/template/parameters minItems 0 §8',
      '/message/template/parameters maxItems 20 §8',
      '/message/template/parameters/0/text maxLength 256 §8',
      '/message/template/language minLength 2 §8',
      '/message/template/language maxLength 5 §8',
      '/destination/mobile maxLength 16 §8',
      '/message/text/body maxLength 10000 §8',
      '/message/media/type maxLength 255 §8',
    ]) {
      expect(c).toContain(limit);
    }
  });

  it("A's mask and the 60 days of A and B", () => {
    expect(limits('gateway-v1', 'sendMessage')).toEqual(['/mask maxLength 20 §8', '/scheduled x-max-days-ahead 60 §8']);
    expect(limits('sms-v2', 'sendMessage')).toEqual(['/scheduled x-max-days-ahead 60 §8']);
  });
});

describe('Arazzo criteria', () => {
  const headers = new Headers({ location: '/lists/7' });
  const scope = {
    inputs: { sendBody: { content: 'hi' } },
    steps: { create: { id: 7 } },
    exchange: { status: 201, json: [{ id: 5 }, { id: 7, content: 'hi' }], headers } as never,
  };
  it.each([
    ['$statusCode == 201', 'simple', true],
    ['$statusCode >= 400', 'simple', false],
    ['$response.body#/1/content == $inputs.sendBody#/content', 'simple', true],
    ['$response.body#/0/id == $steps.create.outputs.id', 'simple', false],
    ['$response.header.location == /lists/7', 'simple', true],
    ['$[?@.id == $steps.create.outputs.id]', 'jsonpath', true],
    ['$[?@.id == 9]', 'jsonpath', false],
  ])('%s (%s) → %s', (condition, type, expected) => {
    expect(holds({ condition, type, context: '$response.body' }, scope)).toBe(expected);
  });
  it('a criterion it cannot read is reported, not passed', () => {
    expect(holds({ condition: '$statusCode', type: 'simple' }, scope)).toBeUndefined();
    expect(holds({ condition: '//x', type: 'xpath' }, scope)).toBeUndefined();
  });
});
