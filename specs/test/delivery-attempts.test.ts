// C's delivery attempts (section 2.3): the bundle accepts both forms the request samples show,
// the attempt's fields directly in the element or wrapped in one key naming the attempt, also
// mixed in one array; the attempt's rules hold in both; two wrapper keys are not one attempt.
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { type Json, loadBundle } from './bundles.ts';

const bundle = loadBundle('im-v1');
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
ajvFormats.default(ajv);
ajv.addSchema(bundle, 'im-v1.json');
const validate = ajv.compile({ $ref: 'im-v1.json#/components/schemas/MessagePostRequest' });

const media: Json = bundle.paths['/message'].post.requestBody.content['application/json'];
const base = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } };
const valid = (delivery_attempts: unknown) => validate({ ...base, delivery_attempts });

describe('the request examples show both forms', () => {
  it('one named example per form, the direct one first', () => {
    const forms = Object.values<Json>(media.examples).map((example) => example.value.delivery_attempts.map((a: Json) => ('channel' in a ? 'direct' : 'wrapped')));
    expect(forms).toEqual([['direct', 'direct'], ['wrapped', 'wrapped']]);
  });
});

describe('accepted', () => {
  it.each([
    ['direct', [{ channel: 'wab', timeout: 60 }, { channel: 'sms' }]],
    ['wrapped, as the samples show', [{ first: { channel: 'wab', timeout: 60 } }, { last: { channel: 'sms' } }]],
    ['mixed in one array', [{ first: { channel: 'wab' } }, { channel: 'sms', event: 'retry' }]],
    ['wrapped under any key', [{ second: { channel: 'email', timeout: 604800 } }]],
  ])('%s', (_form, attempts) => {
    expect(valid(attempts), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('refused', () => {
  it.each([
    ['two wrapper keys in one element', [{ first: { channel: 'wab' }, last: { channel: 'sms' } }]],
    ['a wrapped attempt without channel', [{ first: { timeout: 60 } }]],
    ['a wrapped timeout beyond 604800', [{ first: { channel: 'wab', timeout: 604801 } }]],
    ['a wrapped undocumented channel', [{ last: { channel: 'fax' } }]],
    ['a direct undocumented channel', [{ channel: 'fax' }]],
    ['an empty element', [{}]],
    ['eleven wrapped attempts', Array.from({ length: 11 }, () => ({ next: { channel: 'sms' } }))],
  ])('%s', (_case, attempts) => {
    expect(valid(attempts)).toBe(false);
  });
});
