import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifySmsV2Callback, replyOnlyFields, statusOnlyFields } from './classify.js';
import { callbackSchema, valid } from './test-support/arbitraries.js';
import { referenceBody } from './test-support/contract.js';
import { uuid } from './test-support/contract-values.js';

describe('classifySmsV2Callback', () => {
  it.each([
    ['a status callback', { given: { id: uuid, status: 'sent', detail: 'ok' }, want: 'status' }],
    ['a status without id', { given: { status: 'failed' }, want: 'status' }],
    ['a detail alone', { given: { detail: 'x' }, want: 'status' }],
    ['a reply callback', { given: { id: uuid, source: '+447700900123', content: 'hi' }, want: 'reply' }],
    ['an operator alone', { given: { operator: 'Vodafone UK' }, want: 'reply' }],
    ['a destination alone', { given: { destination: '+447700900456' }, want: 'reply' }],
    ['an empty object', { given: {}, want: 'ambiguous' }],
    ['an id alone', { given: { id: uuid }, want: 'ambiguous' }],
    ['unknown fields alone', { given: { id: uuid, foo: 1 }, want: 'ambiguous' }],
    ['status and content', { given: { status: 'sent', content: 'hi' }, want: 'ambiguous' }],
    ['a status field set to null', { given: { status: null }, want: 'invalid' }],
    ['a status body with a bad id', { given: { id: 'x', status: 'sent' }, want: 'invalid' }],
    ['a reply body with a numeric source', { given: { source: 1 }, want: 'invalid' }],
    ['an array', { given: [], want: 'invalid' }],
    ['a string', { given: 'status', want: 'invalid' }],
    ['null', { given: null, want: 'invalid' }],
  ])('classifies %s', (_title, { given, want }) => {
    expect(classifySmsV2Callback(given).kind).toBe(want);
  });

  it('says which way an ambiguous body is ambiguous', () => {
    expect(classifySmsV2Callback({ id: uuid })).toEqual({ kind: 'ambiguous', reason: 'neither' });
    expect(classifySmsV2Callback({ detail: 'x', content: 'y' })).toEqual({ kind: 'ambiguous', reason: 'both' });
  });

  it('ignores inherited properties', () => {
    const body = Object.create({ status: 'sent' }) as object;
    expect(classifySmsV2Callback(body).kind).toBe('ambiguous');
  });

  it('returns the body itself as the typed value', () => {
    const body = { id: uuid, status: 'sent' };
    const result = classifySmsV2Callback(body);
    expect(result.kind === 'status' && result.value).toBe(body);
  });
});

describe('classifySmsV2Callback on bodies generated from the schemas', () => {
  const status = callbackSchema('sms-v2', 'StatusCallback');
  const reply = callbackSchema('sms-v2', 'ReplyCallback');
  const statusBodies = valid(status.bundle, status.schema) as fc.Arbitrary<Record<string, unknown>>;
  const replyBodies = valid(reply.bundle, reply.schema) as fc.Arbitrary<Record<string, unknown>>;
  const hasAny = (body: object, fields: readonly string[]) => fields.some((field) => field in body);
  const acceptsStatus = referenceBody('sms-v2', 'StatusCallback');
  const acceptsReply = referenceBody('sms-v2', 'ReplyCallback');

  it('calls a status body with a status field a status', () => {
    fc.assert(
      fc.property(statusBodies.filter((body) => hasAny(body, statusOnlyFields)), (body) => {
        expect(classifySmsV2Callback(body)).toEqual({ kind: 'status', value: body });
      }),
    );
  });

  it('calls a reply body with a reply field a reply', () => {
    fc.assert(
      fc.property(replyBodies.filter((body) => hasAny(body, replyOnlyFields)), (body) => {
        expect(classifySmsV2Callback(body)).toEqual({ kind: 'reply', value: body });
      }),
    );
  });

  it('refuses to guess on a body with both kinds of field or neither', () => {
    // Both schemas are open objects, so a schema check alone accepts nearly any object as either
    // kind; only the fields each kind defines tell them apart.
    const mixed = fc
      .tuple(statusBodies, replyBodies)
      .map(([a, b]) => ({ ...a, ...b }))
      .filter((body) => hasAny(body, statusOnlyFields) && hasAny(body, replyOnlyFields));
    const neither = fc
      .tuple(fc.oneof(statusBodies, replyBodies), fc.dictionary(fc.constantFrom('kind', 'type', 'timestamp', 'extra'), fc.jsonValue()))
      .map(([body, unknown]) => {
        const rest: Record<string, unknown> = { ...unknown };
        if ('id' in body) rest.id = body.id;
        return rest;
      });
    fc.assert(
      fc.property(fc.oneof(mixed, neither), (body) => {
        expect(acceptsStatus(body) && acceptsReply(body)).toBe(true);
        expect(classifySmsV2Callback(body).kind).toBe('ambiguous');
      }),
    );
  });
});
