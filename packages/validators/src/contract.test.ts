// What the package promises beyond plain schema limits: the parameter sets (wire strings coerced
// in place), x-max-days-ahead at its edges against a fixed clock, what the document leaves open
// staying open, C's property counts, responses per status, callbacks, and the strict uuid format.
import { describe, expect, it } from 'vitest';
import { strictUuid } from '../scripts/generate.js';
import { callbacks as imCallbacks, operations as im } from './im-v1.js';
import { operations as campaigns } from './campaign-manager-v1.js';
import { operations as gateway } from './gateway-v1.js';
import { callbacks as smsCallbacks, operations as sms } from './sms-v2.js';
import { apiIds, bundleOf, late, requestExample, responseExamples, targetsOf, validatorsOf } from './test-support/bundles.js';
import { schemaValue } from './test-support/schema-value.js';
import type { Json } from '../scripts/targets.js';

const day = 24 * 60 * 60 * 1000;
const clock = Date.parse('2026-03-01T12:00:00Z');
const fixed = { now: () => clock };
const iso = (ms: number) => new Date(ms).toISOString();

describe('the API shape', () => {
  it.each(apiIds)('%s: one entry per operation of the bundle, with method, template and validators', (api) => {
    const { operations } = validatorsOf(api);
    const targets = targetsOf(api).operations;
    expect(Object.keys(operations).sort()).toEqual(targets.map((t) => t.operationId).sort());
    for (const target of targets) {
      const operation = operations[target.operationId]!;
      expect(operation).toMatchObject({ operationId: target.operationId, method: target.method, path: target.path, bodyRequired: target.bodyRequired });
      expect(typeof operation.params).toBe('function');
      expect(operation.body === undefined).toBe(target.body === undefined);
      expect(Object.keys(operation.responses).sort()).toEqual(Object.keys(target.responses).sort());
    }
  });

  it('names the callbacks by their operationId', () => {
    expect(Object.keys(smsCallbacks).sort()).toEqual(['receiveReplyCallback', 'receiveStatusCallback']);
    expect(Object.keys(imCallbacks)).toEqual(['receiveStatusCallback']);
    expect(validatorsOf('gateway-v1').callbacks).toEqual({});
    expect(validatorsOf('campaign-manager-v1').callbacks).toEqual({});
  });

  it('returns one shared frozen empty array for a valid value', () => {
    const first = sms.sendMessage!.body!(requestExample('sms-v2', 'sendMessage'), late);
    expect(first).toEqual([]);
    expect(Object.isFrozen(first)).toBe(true);
    expect(gateway.getMessage!.params!({ path: { messageid: 1 } })).toBe(first);
  });
});

describe('parameter sets', () => {
  it("A getMessage: messageid from the URL is read as a number, and the caller's object is left untouched", () => {
    const params = { path: { messageid: '4187321' } };
    const before = structuredClone(params);
    expect(gateway.getMessage.params(params)).toEqual([]);
    expect(params).toEqual(before);
    expect(params.path.messageid).toBe('4187321');
  });

  it('A getMessage: a messageid that is not a number is refused by name', () => {
    expect(gateway.getMessage!.params!({ path: { messageid: 'abc' } })).toEqual([
      { pointer: '/path/messageid', property: 'messageid', rule: 'type', message: 'must be a finite number' },
    ]);
    // int64 (section 2.1): a fraction is no message id.
    expect(gateway.getMessage!.params!({ path: { messageid: '1.5' } })).toEqual([
      { pointer: '/path/messageid', property: 'messageid', rule: 'format', limit: 'int64', message: 'must be a valid int64' },
    ]);
  });

  it('A getMessage: a missing path parameter is named', () => {
    expect(gateway.getMessage!.params!({})).toEqual([{ pointer: '/path/messageid', property: 'messageid', rule: 'required', message: 'is required' }]);
  });

  it('B getMessage: the id query parameter is required and is a UUID', () => {
    expect(sms.getMessage!.params!({ query: {} })).toEqual([{ pointer: '/query/id', property: 'id', rule: 'required', message: 'is required' }]);
    expect(sms.getMessage!.params!({ query: { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' } })).toEqual([]);
    expect(sms.getMessage!.params!({ query: { id: 'not-a-uuid' } })).toContainEqual(expect.objectContaining({ pointer: '/query/id', rule: 'format', limit: 'uuid' }));
  });

  it("D deleteList: list_id from the URL is read as an integer, the caller's object untouched; application_name is required", () => {
    const params = { path: { application_name: 'acme', list_id: '1021' }, query: { tags: ['a', 'b'] } };
    const before = structuredClone(params);
    expect(campaigns.deleteList.params(params)).toEqual([]);
    expect(params).toEqual(before);
    expect(campaigns.deleteList!.params!({ path: { list_id: 'seven' } })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/path/application_name', rule: 'required' }),
        expect.objectContaining({ pointer: '/path/list_id', rule: 'type' }),
      ]),
    );
  });

  it('an operation without parameters accepts an empty set, and anything but an object is refused', () => {
    expect(sms.sendMessage!.params!({})).toEqual([]);
    expect(sms.sendMessage!.params!('x')).toEqual([{ pointer: '', property: '', rule: 'type', limit: 'object', message: 'must be an object' }]);
  });
});

describe('x-max-days-ahead (section 8: scheduling at most N days ahead, N read from the bundle)', () => {
  const days: number = schemaValue('gateway-v1', 'Message', 'scheduled', 'x-max-days-ahead');
  const scheduled = [
    ['gateway-v1', 'sendMessage', gateway.sendMessage!],
    ['gateway-v1', 'sendBroadcast', gateway.sendBroadcast!],
    ['sms-v2', 'sendMessage', sms.sendMessage!],
  ] as const;

  it('is read from the bundle: one number of days, on exactly the three scheduled fields', () => {
    const found: string[] = [];
    for (const api of apiIds) {
      const text = JSON.stringify(bundleOf(api));
      for (const match of text.matchAll(/"x-max-days-ahead":(\d+)/g)) found.push(`${api} ${match[1]}`);
    }
    expect(found).toEqual([`gateway-v1 ${days}`, `gateway-v1 ${days}`, `sms-v2 ${days}`]);
  });

  it.each(scheduled)('%s %s: exactly the limit ahead passes, 1 ms more fails, the past passes', (api, operationId, operation) => {
    const body = (at: number) => ({ ...(requestExample(api, operationId) as Json), scheduled: iso(at) });
    expect(operation.body!(body(clock + days * day), fixed)).toEqual([]);
    expect(operation.body!(body(clock + days * day + 1), fixed)).toEqual([
      { pointer: '/scheduled', property: 'scheduled', rule: 'x-max-days-ahead', limit: days, message: `must be at most ${days} days ahead` },
    ]);
    expect(operation.body!(body(clock - 365 * day), fixed)).toEqual([]);
    expect(operation.body!(body(clock), fixed)).toEqual([]);
  });

  it('reads the clock at each call (default Date.now)', () => {
    const body = { ...(requestExample('sms-v2', 'sendMessage') as Json), scheduled: iso(Date.now() + (days + 1) * day) };
    expect(sms.sendMessage!.body!(body)).toHaveLength(1);
    expect(sms.sendMessage!.body!(body, { now: () => Date.now() + 2 * day })).toEqual([]);
  });

  it('leaves a value that is no date-time to the format rule', () => {
    const body = { ...(requestExample('sms-v2', 'sendMessage') as Json), scheduled: 'next tuesday' };
    expect(sms.sendMessage!.body!(body, fixed)).toEqual([
      { pointer: '/scheduled', property: 'scheduled', rule: 'format', limit: 'date-time', message: 'must be a valid date-time' },
    ]);
  });

  it('reads every form the date-time format accepts: lower case, a space, a leap second', () => {
    const body = (scheduled: string) => ({ ...(requestExample('sms-v2', 'sendMessage') as Json), scheduled });
    // The clocks are set the bundle's days-ahead limit before 2016-12-31T23:59:59Z (its last second).
    const days: number = schemaValue('sms-v2', 'SingleMessage', 'scheduled', 'x-max-days-ahead');
    const limitBefore = (iso: string) => ({ now: () => Date.parse(iso) - days * day });
    for (const scheduled of ['2016-12-31t23:59:59z', '2016-12-31 23:59:59Z', '2016-12-31T23:59:60Z']) {
      expect(sms.sendMessage!.body!(body(scheduled), limitBefore('2016-12-30T23:59:59Z')).map((v) => v.rule)).toEqual(['x-max-days-ahead']);
    }
    // The limit from 23:59:59 ends at 23:59:59 on 31 December; the leap second is one second later.
    expect(sms.sendMessage!.body!(body('2016-12-31T23:59:60Z'), limitBefore('2016-12-31T23:59:59Z'))).toHaveLength(1);
    expect(sms.sendMessage!.body!(body('2016-12-31T23:59:60Z'), limitBefore('2017-01-01T00:00:00Z'))).toEqual([]);
  });

  it('honours the offset of the date-time', () => {
    const edge = new Date(clock + 60 * day);
    const local = `${iso(edge.getTime() + 2 * 60 * 60 * 1000).slice(0, 19)}+02:00`; // the same instant
    const body = { ...(requestExample('sms-v2', 'sendMessage') as Json), scheduled: local };
    expect(sms.sendMessage!.body!(body, fixed)).toEqual([]);
  });
});

describe('x-documented-bounds (A broadcast destination, meaning not shown) is not enforced', () => {
  it('the bounds are in the bundle', () => {
    expect(JSON.stringify(bundleOf('gateway-v1'))).toContain('"x-documented-bounds":{"lower":1,"upper":1000}');
  });

  it.each([0, 1, 1000, 1001, 2500])('a broadcast to %i handsets passes', (count) => {
    const body = { ...(requestExample('gateway-v1', 'sendBroadcast') as Json), destination: Array.from({ length: count }, () => '447700900123') };
    expect(gateway.sendBroadcast!.body!(body, late)).toEqual([]);
  });
});

describe("C's property counts (section 2.3)", () => {
  const base = requestExample('im-v1', 'sendMessage') as Json;

  it('Destination: at least one property', () => {
    expect(im.sendMessage!.body!({ ...base, destination: {} })).toEqual([
      { pointer: '/destination', property: 'destination', rule: 'minProperties', limit: 1, message: 'must have at least 1 property' },
    ]);
    expect(im.sendMessage!.body!({ ...base, destination: { email: 'a@example.com' } })).toEqual([]);
  });

  it('Message: at least two properties, type required', () => {
    expect(im.sendMessage!.body!({ ...base, message: { type: 'text' } })).toEqual([
      { pointer: '/message', property: 'message', rule: 'minProperties', limit: 2, message: 'must have at least 2 properties' },
    ]);
    expect(im.sendMessage!.body!({ ...base, message: { text: { body: 'Hi' } } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: '/message/type', rule: 'required' })]),
    );
  });
});

/** A value of another JSON type than the example's. */
const otherType = (example: unknown) => (Array.isArray(example) ? {} : typeof example === 'object' ? [] : typeof example === 'string' ? 7 : 'x');

describe.each(apiIds)('%s responses per status', (api) => {
  const examples = responseExamples(api);

  it('every documented response example has its validator', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map(([operationId, status, example]) => [`${operationId} ${status}`, operationId, status, example] as const))(
    '%s: the example passes, another JSON type does not',
    (_title, operationId, status, example) => {
      const validate = validatorsOf(api).operations[operationId]!.responses[status]!;
      expect(validate(example, late)).toEqual([]);
      expect(validate(otherType(example), late).length).toBeGreaterThan(0);
    },
  );
});

describe('response validators keep the error shapes apart', () => {
  it("B's error body is not C's", () => {
    const cError = { code: 400, message: 'Request data invalid or badly formatted', errors: [] };
    expect(im.sendMessage!.responses['400']!(cError)).toEqual([]);
    expect(sms.sendMessage!.responses.default!(cError).map((v) => v.pointer)).toEqual(expect.arrayContaining(['/statusCode', '/error']));
  });

  it("D's delete failure is a plain string", () => {
    expect(campaigns.deleteList!.responses.default!('List cannot be deleted')).toEqual([]);
    expect(campaigns.deleteList!.responses.default!({ code: 500, message: 'x' })).toContainEqual(expect.objectContaining({ rule: 'type' }));
  });
});

describe('callbacks', () => {
  it('B status and reply, C status: bodies and responses', () => {
    const statusTarget = targetsOf('sms-v2').callbacks.find((t) => t.operationId === 'receiveStatusCallback')!;
    // The callback's key: its runtime expression under an operation's callbacks, or its name under top-level webhooks.
    expect(smsCallbacks.receiveStatusCallback).toMatchObject({ method: 'post', path: statusTarget.path, bodyRequired: true });
    expect(smsCallbacks.receiveStatusCallback!.body!({ id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d', status: 'delivered?' })).toEqual([
      { pointer: '/status', property: 'status', rule: 'enum', message: expect.stringMatching(/^must be one of "[a-z_]+"(, "[a-z_]+")*$/) },
    ]);
    expect(smsCallbacks.receiveReplyCallback!.body!({ content: 7 })).toEqual([{ pointer: '/content', property: 'content', rule: 'type', message: 'must be a string' }]);
    const detail: number = schemaValue('im-v1', 'StatusCallback', 'detail', 'maxLength');
    expect(imCallbacks.receiveStatusCallback!.body!({ detail: 'x'.repeat(detail + 1) })).toEqual([
      { pointer: '/detail', property: 'detail', rule: 'maxLength', limit: detail, message: `must be at most ${detail} characters long` },
    ]);
    expect(Object.keys(imCallbacks.receiveStatusCallback!.responses).sort()).toEqual(['401', '429', '500']);
    expect(imCallbacks.receiveStatusCallback!.responses['429']!({ code: 429, message: 'Rate limit exceeded', errors: [] })).toEqual([]);
  });
});

describe('messages name the rule and its value, read from the bundle (pinned per rule kind)', () => {
  const base = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } };
  const reference: number = schemaValue('im-v1', 'MessagePostRequest', 'reference', 'maxLength');
  const pipes: string[] = schemaValue('im-v1', 'MessagePostRequest', 'scheduler_pipe', 'enum');
  const e164: string = schemaValue('im-v1', 'E164', undefined, 'pattern');

  it("C: LongString refuses punctuation, and says so (section 2.3)", () => {
    expect(im.sendMessage.body({ ...base, message: { type: 'text', text: { body: 'Hello, world!' } } })).toEqual([
      {
        pointer: '/message/text/body',
        property: 'body',
        rule: 'pattern',
        limit: '^[-_ a-zA-Z0-9]+$',
        message: 'must match ^[-_ a-zA-Z0-9]+$ (letters, digits, space, - and _ only: no punctuation)',
      },
    ]);
  });

  it.each([
    ['pattern', { ...base, destination: { mobile: '447700900123' } }, '/destination/mobile', `must match ${e164}`],
    ['maxLength', { ...base, reference: 'r'.repeat(reference + 1) }, '/reference', `must be at most ${reference} characters long`],
    ['enum', { ...base, scheduler_pipe: 'cron' }, '/scheduler_pipe', `must be one of ${pipes.map((pipe) => JSON.stringify(pipe)).join(', ')}`],
    ['minProperties', { ...base, destination: {} }, '/destination', 'must have at least 1 property'],
    ['required', { destination: base.destination }, '/message', 'is required'],
    ['type', { ...base, message: 'hi' }, '/message', 'must be an object'],
    ['format', { ...base, destination: { contact_id: 'not-a-uuid-not-a-uuid-not-a-uuid-xx' } }, '/destination/contact_id', 'must be a valid uuid'],
  ])('C %s: %s', (rule, body, pointer, message) => {
    expect(im.sendMessage.body(body)).toContainEqual(expect.objectContaining({ pointer, rule, message }));
  });
});

describe('strict uuid (issue 12 item 7: "string (uuid)", section 2.2)', () => {
  const id = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';

  it.each([
    [`urn:uuid:${id}`, false],
    [`{${id}}`, false],
    [id.replace(/-/g, ''), false],
    [`${id} `, false],
    [id, true],
    [id.toUpperCase(), true],
  ])('%s: %s', (value, ok) => {
    expect(strictUuid.test(value)).toBe(ok);
    const violations = smsCallbacks.receiveStatusCallback!.body!({ id: value });
    expect(violations).toEqual(ok ? [] : [{ pointer: '/id', property: 'id', rule: 'format', limit: 'uuid', message: 'must be a valid uuid' }]);
  });

  it('holds in every place that says uuid', () => {
    expect(sms.getMessage!.params!({ query: { id: `urn:uuid:${id}` } })).toHaveLength(1);
    expect(sms.sendMessage!.responses['202']!({ id: `urn:uuid:${id}` })).toHaveLength(1);
  });
});
