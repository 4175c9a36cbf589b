// C's delivery attempts in both forms the request samples show (section 2.3): the attempt's fields
// directly in the element, or wrapped in one key naming the attempt; the attempt's rules hold in
// both, and a bad wrapped attempt is reported at its own pointer.
import { describe, expect, it } from 'vitest';
import { operations as im } from './im-v1.js';
import { requestExample } from './test-support/bundles.js';
import type { Json } from '../scripts/targets.js';

const base = requestExample('im-v1', 'sendMessage') as Json;
const send = (delivery_attempts: unknown) => im.sendMessage!.body!({ ...base, delivery_attempts });
const where = (delivery_attempts: unknown) => send(delivery_attempts).map(({ pointer, rule }) => ({ pointer, rule }));

describe('valid in either form', () => {
  it.each([
    ['direct', [{ channel: 'wab', timeout: 60 }, { channel: 'sms' }]],
    ['wrapped', [{ first: { channel: 'wab', timeout: 60 } }, { last: { channel: 'sms' } }]],
    ['mixed in one array', [{ first: { channel: 'wab', timeout: 604800 } }, { channel: 'sms', event: 'fallback' }, { last: { channel: 'email' } }]],
    ['wrapped under any key', [{ primary: { channel: 'rcs', timeout: 0 } }]],
  ])('%s', (_form, attempts) => {
    expect(send(attempts)).toEqual([]);
  });
});

describe('invalid, reported where the fault is', () => {
  it.each([
    ['a wrapped timeout out of range', [{ first: { channel: 'wab', timeout: 604801 } }], [{ pointer: '/delivery_attempts/0/first/timeout', rule: 'maximum' }]],
    ['a wrapped attempt without channel', [{ channel: 'sms' }, { last: { timeout: 60 } }], [{ pointer: '/delivery_attempts/1/last/channel', rule: 'required' }]],
    ['a wrapped undocumented channel', [{ first: { channel: 'fax' } }], [{ pointer: '/delivery_attempts/0/first/channel', rule: 'enum' }]],
  ])('%s', (_case, attempts, want) => {
    expect(where(attempts)).toEqual(want);
  });

  it('a direct timeout out of range: reported first (the fields alone do not tell the forms apart, so the wrapped form\'s complaints follow)', () => {
    expect(where([{ channel: 'wab', timeout: -1 }])[0]).toEqual({ pointer: '/delivery_attempts/0/timeout', rule: 'minimum' });
  });

  it('two wrapper keys in one element: at most one property', () => {
    expect(where([{ first: { channel: 'wab' }, last: { channel: 'sms' } }])).toContainEqual({ pointer: '/delivery_attempts/0', rule: 'maxProperties' });
  });

  it('an empty element is neither form', () => {
    expect(send([{}]).length).toBeGreaterThan(0);
  });

  it('the array bounds hold for wrapped attempts too (1 to 10, section 8)', () => {
    expect(where(Array.from({ length: 11 }, () => ({ next: { channel: 'sms' } })))).toEqual([{ pointer: '/delivery_attempts', rule: 'maxItems' }]);
  });
});
