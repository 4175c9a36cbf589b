// What the checks are derived from: the limits of section 8 read from the bundles, and the Arazzo
// runner's conditions.
import { describe, expect, it } from 'vitest';
import { holds } from '../src/arazzo.js';
import { limitsOf, pointerOf } from '../src/boundaries.js';
import { bundle, findOperation, operationsOf } from '../src/contract.js';

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
      // The wrapped form of an attempt (section 2.3): the same bounds, one free key deeper.
      '/delivery_attempts/0/{key}/timeout minimum 0 §8',
      '/delivery_attempts/0/{key}/timeout maximum 604800 §8',
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
    exchange: { status: 201, json: [{ id: 5 }, { id: 7, content: 'hi' }], headers, request: { body: '{"content":"hi"}' } } as never,
  };
  it.each([
    ['$statusCode == 201', 'simple', true],
    ['$statusCode >= 400', 'simple', false],
    ['$response.body#/1/content == $request.body#/content', 'simple', true],
    ["$response.body#/1/content == 'hi'", 'simple', true],
    ['$response.body#/0/id == $steps.create.outputs.id', 'simple', false],
    ['$response.header.location == /lists/7', 'simple', true],
    ['$[?@.id == $steps.create.outputs.id]', 'jsonpath', true],
    ['$[?@.id == {$steps.create.outputs.id}]', 'jsonpath', true],
    ['$[?@.id == 9]', 'jsonpath', false],
  ])('%s (%s) → %s', (condition, type, expected) => {
    expect(holds({ condition, type, context: '$response.body' }, scope)).toBe(expected);
  });
  it('a criterion it cannot read is reported, not passed', () => {
    expect(holds({ condition: '$statusCode', type: 'simple' }, scope)).toBeUndefined();
    expect(holds({ condition: '//x', type: 'xpath' }, scope)).toBeUndefined();
  });
});

// The catalogue of spec-check (tools/spec-check/catalog/<id>.yaml) states the document's section 8
// as data, written from the document and not from the specs: an independent oracle for the limits
// the verifier reads from the bundles. Every length, count, range and 60-day limit it lists is
// checked at and past its bound, or has no request side (README, "Where the checks come from").
describe("the limits verified are the catalogue's section 8", () => {
  const NO_REQUEST_SIDE = new Set([
    'APIError.errors maxItems 100', // a response body: checked by the response validators
    'StatusCallback.detail maxLength 255', // a callback body: checked by the callback validators
    'Source.channel_sources minItems 1', // "defined, not used by any endpoint" (section 2.3)
    'Source.channel_sources maxItems 10',
    'ChannelSource.source minLength 1',
    'ChannelSource.source maxLength 30',
    'header X-RateLimit-Limit minimum 0', // the receiver's answer: checked as callback-answer
    'header X-RateLimit-Limit maximum 100',
    // Defined for C, carried by no documented response (section 8: not shown): checked as
    // response-headers wherever one arrives, and RetryAfter honoured by the transport.
    'header RetryAfter minimum 10',
    'header RetryAfter maximum 1000',
    'header Content-Security-Policy maxLength 255',
    'header Strict-Transport-Security maxLength 255',
  ]);
  const KEYWORDS = ['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum', 'minimum', 'x-max-days-ahead'];

  it.each(['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'] as const)('%s', async (api) => {
    const { parse } = await import('yaml');
    const { readFileSync } = await import('node:fs');
    const catalogue = parse(readFileSync(new URL(`../../../tools/spec-check/catalog/${api}.yaml`, import.meta.url), 'utf8'));
    const entries = (Object.values(catalogue).find((v) => Array.isArray(v) && v.some((e: any) => e?.section === '8')) ?? []) as any[];
    const stated = entries
      .filter((e) => e.section === '8')
      .flatMap((e) => (Array.isArray(e.checks) ? e.checks : []))
      .flatMap((c: any) =>
        Object.entries(c.expect ?? {})
          .filter(([k]) => KEYWORDS.includes(k))
          .map(([k, v]) => (c.header ? `header ${c.header} ${k} ${v}` : `${c.schema}${c.property ? `.${c.property}` : ''} ${k} ${v}`)),
      );
    const verified = new Set(
      findOperationsWithBodies(api).flatMap((op) =>
        limitsOf(bundle(api), op.bodySchema!, '2', op.bodySchemaName).flatMap((l) => [
          ...(l.component ? [`${l.component} ${l.keyword} ${l.value}`] : []),
          ...(l.parent ? [`${l.parent}.${l.property} ${l.keyword} ${l.value}`] : []),
        ]),
      ),
    );
    const missing = stated.filter((limit: string) => !verified.has(limit) && !NO_REQUEST_SIDE.has(limit));
    expect(missing).toEqual([]);
    expect(stated.length).toBeGreaterThan(api === 'campaign-manager-v1' ? -1 : 0);
  });
});

function findOperationsWithBodies(api: 'gateway-v1' | 'sms-v2' | 'im-v1' | 'campaign-manager-v1') {
  return operationsOf(api).filter((op) => op.bodySchema);
}
