// What the checks are derived from: the limits of section 8 read from the bundles, and the Arazzo
// runner's conditions.
import { describe, expect, it } from 'vitest';
import { holds } from '../src/arazzo.js';
import { limitsOf, pointerOf } from '../src/boundaries.js';
import { bundle, findOperation, operationsOf } from '../src/contract.js';
import { formsUsed } from '../src/forms.js';
import { buildRequest } from '../src/requests.js';
import { sameCallbackId, sameId } from '../src/uuids.js';
import { held } from './support/bundle-values.js';

const limits = (api: 'gateway-v1' | 'sms-v2' | 'im-v1', operationId: string) => {
  const op = findOperation(api, operationId);
  return limitsOf(bundle(api), op.bodySchema!, '2').map((l) => `${pointerOf(l.path)} ${l.keyword} ${l.value} §${l.section}`);
};

// Each limit's value is read where the bundle's component schema holds it (support/bundle-values.ts),
// not through limitsOf: what is tested is that limitsOf finds each limit at its place in the body,
// nested, wrapped or referenced, not the document's numbers (spec-check's catalogue pins those,
// and the last test here compares with it).
describe('limits read from the bundles', () => {
  it("C's request limits of section 8, at every place in the body", () => {
    const c = limits('im-v1', 'sendMessage');
    const at = (pointer: string, keyword: string, schema: string, property?: string) => `${pointer} ${keyword} ${held('im-v1', schema, property, keyword)} §8`;
    for (const limit of [
      at('/reference', 'maxLength', 'MessagePostRequest', 'reference'),
      at('/delivery_attempts', 'minItems', 'MessagePostRequest', 'delivery_attempts'),
      at('/delivery_attempts', 'maxItems', 'MessagePostRequest', 'delivery_attempts'),
      at('/delivery_attempts/0/timeout', 'minimum', 'DeliveryAttempt', 'timeout'),
      at('/delivery_attempts/0/timeout', 'maximum', 'DeliveryAttempt', 'timeout'),
      // The wrapped form of an attempt (section 2.3): the same bounds, one free key deeper.
      at('/delivery_attempts/0/{key}/timeout', 'minimum', 'DeliveryAttempt', 'timeout'),
      at('/delivery_attempts/0/{key}/timeout', 'maximum', 'DeliveryAttempt', 'timeout'),
      at('/message/template/parameters', 'minItems', 'TemplateMessage', 'parameters'),
      at('/message/template/parameters', 'maxItems', 'TemplateMessage', 'parameters'),
      at('/message/template/parameters/0/text', 'maxLength', 'TemplateParameter', 'text'),
      at('/message/template/language', 'minLength', 'TemplateMessage', 'language'),
      at('/message/template/language', 'maxLength', 'TemplateMessage', 'language'),
      at('/destination/mobile', 'maxLength', 'E164'),
      at('/message/text/body', 'maxLength', 'LongString'),
      at('/message/media/type', 'maxLength', 'MimeType'),
    ]) {
      expect(c).toContain(limit);
    }
  });

  it("labels a limit section 8 only where the description says so: C's Uuid (36 characters, section 2.3's 'hex groups 8-4-4-4-12') is not", () => {
    const c = limits('im-v1', 'sendMessage');
    const uuid = held('im-v1', 'Uuid', undefined, 'maxLength');
    expect(c).toContain(`/destination/contact_id maxLength ${uuid} §2`);
    expect(c).toContain(`/message/template/template_id minLength ${uuid} §2`);
    expect(c.filter((limit) => limit.includes('/contact_id ') || limit.includes('/template_id ')).some((limit) => limit.endsWith('§8'))).toBe(false);
  });

  it("C's property counts of section 2.3: Destination at least one, Message at least two, a wrapped attempt's one key", () => {
    const c = limits('im-v1', 'sendMessage');
    expect(c).toContain(`/destination minProperties ${held('im-v1', 'Destination', undefined, 'minProperties')} §2`);
    expect(c).toContain(`/message minProperties ${held('im-v1', 'Message', undefined, 'minProperties')} §2`);
    expect(c).toContain(`/delivery_attempts/0 minProperties ${held('im-v1', 'WrappedDeliveryAttempt', undefined, 'minProperties')} §2`);
  });

  it("A's mask and the days ahead of A and B", () => {
    const days = held('gateway-v1', 'Message', 'scheduled', 'x-max-days-ahead');
    expect(limits('gateway-v1', 'sendMessage')).toEqual([
      `/mask maxLength ${held('gateway-v1', 'Message', 'mask', 'maxLength')} §8`,
      `/scheduled x-max-days-ahead ${days} §8`,
      '/scheduled format 0 §8', // date-time
    ]);
    expect(limits('sms-v2', 'sendMessage')).toEqual([
      '/destination pattern 0 §2', // "a mobile number with a leading plus sign" (section 2.2)
      `/scheduled x-max-days-ahead ${held('sms-v2', 'SingleMessage', 'scheduled', 'x-max-days-ahead')} §8`,
      '/scheduled format 0 §8',
      '/integration_id format 0 §2', // uuid
    ]);
  });

  it("C's closed sets and patterns of section 2.3, each at every place in the body", () => {
    const c = limits('im-v1', 'sendMessage');
    const schemas = (bundle('im-v1') as any).components.schemas;
    const count = (schema: string) => schemas[schema].enum.length;
    for (const limit of [
      `/message/type enum ${schemas.Message.properties.type.enum.length} §2`,
      `/scheduler_pipe enum ${schemas.MessagePostRequest.properties.scheduler_pipe.enum.length} §2`,
      `/delivery_attempts/0/channel enum ${count('Channel')} §2`,
      `/delivery_attempts/0/{key}/channel enum ${count('Channel')} §2`,
      '/destination/mobile pattern 0 §8',
      '/destination/contact_id pattern 0 §2',
      '/message/text/body pattern 0 §8',
      '/message/media/type pattern 0 §8',
      '/message/template/language pattern 0 §8',
      '/message/template/parameters/0/name pattern 0 §8',
      '/delivery_attempts/0/event pattern 0 §8',
      '/delivery_attempts/0/{key}/event pattern 0 §8',
    ]) {
      expect(c).toContain(limit);
    }
  });
});

describe('what a failure answer is, and which ids are one', () => {
  it("D's default responses are described as 500 (section 7); A's, B's and C's carry no such status", () => {
    const described = (api: 'gateway-v1' | 'sms-v2' | 'im-v1' | 'campaign-manager-v1') =>
      operationsOf(api).flatMap((op) => op.responses.filter((r) => r.describedAs !== undefined).map((r) => `${op.operationId} ${r.key} ${r.describedAs}`));
    expect(described('campaign-manager-v1')).toEqual(operationsOf('campaign-manager-v1').map((op) => `${op.operationId} default 500`));
    for (const api of ['gateway-v1', 'sms-v2', 'im-v1'] as const) expect(described(api), api).toEqual([]);
  });

  it("C's callback id is compared without case (its StatusCallback id is no lower-case Uuid, section 2.3); two of C's Uuids keep their case", () => {
    const lower = '3f2b8c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c';
    expect(sameCallbackId('im-v1', 'statusCallback', lower.toUpperCase(), lower)).toBe(true);
    expect(sameCallbackId('sms-v2', 'statusCallback', lower.toUpperCase(), lower)).toBe(true);
    expect(sameId('im-v1', lower.toUpperCase(), lower)).toBe(false);
    expect(sameId('sms-v2', lower.toUpperCase(), lower)).toBe(true);
    expect(sameCallbackId('im-v1', 'statusCallback', lower.replace('3', '4'), lower)).toBe(false);
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
    ['$response.body#/1/missing == null', 'simple', true],
    ['$response.body#/1/content == null', 'simple', false],
    ['$response.body#/1/missing == null || $response.body#/1/missing == 7', 'simple', true],
    ["$response.body#/1/content == 'x' || $response.body#/1/content == 'hi'", 'simple', true],
    ["$response.body#/1/content == 'x' || $response.body#/1/content == null", 'simple', false],
    ["$statusCode == 201 && $response.body#/1/content == 'hi'", 'simple', true],
    ["$statusCode == 201 && $response.body#/1/content == 'x'", 'simple', false],
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
  // By place and keyword, without the value: whatever the limit becomes, it has no request side.
  const NO_REQUEST_SIDE = new Set([
    'APIError.errors maxItems', // a response body: checked by the response validators
    'StatusCallback.detail maxLength', // a callback body: checked by the callback validators
    'Source.channel_sources minItems', // "defined, not used by any endpoint" (section 2.3)
    'Source.channel_sources maxItems',
    'ChannelSource.source minLength',
    'ChannelSource.source maxLength',
    'header X-RateLimit-Limit minimum', // the receiver's answer: checked as callback-answer
    'header X-RateLimit-Limit maximum',
    // Defined for C, carried by no documented response (section 8: not shown): checked as
    // response-headers wherever one arrives, and RetryAfter honoured by the transport.
    'header RetryAfter minimum',
    'header RetryAfter maximum',
    'header Content-Security-Policy maxLength',
    'header Strict-Transport-Security maxLength',
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
    const missing = stated.filter((limit: string) => !verified.has(limit) && !NO_REQUEST_SIDE.has(limit.replace(/ [^ ]+$/, '')));
    expect(missing).toEqual([]);
    expect(stated.length).toBeGreaterThan(api === 'campaign-manager-v1' ? -1 : 0);
  });
});

function findOperationsWithBodies(api: 'gateway-v1' | 'sms-v2' | 'im-v1' | 'campaign-manager-v1') {
  return operationsOf(api).filter((op) => op.bodySchema);
}

describe('the Accept header, from the documented answers', () => {
  const accept = (api: 'sms-v2' | 'campaign-manager-v1', operationId: string) =>
    buildRequest({ baseUrl: 'http://127.0.0.1:1', parameters: { application_name: 'app' } }, findOperation(api, operationId), {}).headers.accept;

  it("asks for the success's documented media type: JSON, B's description included (no body schema, but every body is JSON: the document's opening)", () => {
    expect(accept('sms-v2', 'getOpenApiDescription')).toBe('application/json');
    expect(accept('sms-v2', 'getMessage')).toBe('application/json');
    // D's DELETE answers 204 without a body: its failure's JSON string body decides.
    expect(accept('campaign-manager-v1', 'deleteList')).toBe('application/json');
  });
});

// forms.ts treats every `oneOf` of a request body as forms the document leaves open (a deployment
// may take one): that holds only while each such `oneOf` says so in the bundle.
describe('forms of a request body (forms.ts)', () => {
  const requestOneOfs = (['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'] as const).flatMap((api) => {
    const document = bundle(api);
    const found: string[] = [];
    const seen = new Set<unknown>();
    const visit = (node: unknown) => {
      if (node === null || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      const schema = node as Record<string, unknown>;
      const target = typeof schema.$ref === 'string' ? schema.$ref.split('/').slice(1).reduce<any>((at, key) => at?.[key], document) : schema;
      if (target !== schema) return visit(target);
      if (Array.isArray(schema.oneOf)) found.push(`${api} ${String(schema.description)}`);
      for (const value of Object.values(schema)) visit(value);
    };
    for (const op of operationsOf(api)) visit(op.bodySchema);
    return found;
  });

  it("each oneOf of a request body says its shape is not shown in the spec document (today C's delivery attempt, section 2.3)", () => {
    expect(requestOneOfs).toHaveLength(1);
    for (const described of requestOneOfs) expect(described).toMatch(/^im-v1 .*shape of the elements is not shown in the spec document \(section 2\.3\)/);
  });

  it("reads the form of each of C's examples: the attempt's fields directly in the element, or wrapped in one key", () => {
    const op = findOperation('im-v1', 'sendMessage');
    expect(op.examples.map((example) => formsUsed(bundle('im-v1'), op.bodySchema, example))).toEqual([
      ['/delivery_attempts/* DeliveryAttempt'],
      ['/delivery_attempts/* WrappedDeliveryAttempt'],
    ]);
    expect(formsUsed(bundle('im-v1'), op.bodySchema, { delivery_attempts: [{ channel: 'sms' }, { last: { channel: 'email' } }] })).toEqual([
      '/delivery_attempts/* DeliveryAttempt',
      '/delivery_attempts/* WrappedDeliveryAttempt',
    ]);
  });
});
