// The exported lookups (src/lookup.ts), the ones withValidation uses: an operation by method and
// path template (D's short templates included), a response validator by status (exact, then
// range, then default); and the typed tables, which need no `!` where a validator always exists
// (this file type-checks without one).
import { describe, expect, it } from 'vitest';
import * as campaignManagerV1 from './campaign-manager-v1.js';
import * as gatewayV1 from './gateway-v1.js';
import * as imV1 from './im-v1.js';
import { findOperation, findResponseValidator, findRoute } from './index.js';
import * as smsV2 from './sms-v2.js';

describe('findOperation: by method and path template', () => {
  it.each([
    [gatewayV1, 'POST', '/messages', 'sendMessage'],
    [gatewayV1, 'get', '/messages/{messageid}', 'getMessage'],
    [smsV2, 'GET', '/messages', 'getMessage'],
    [imV1, 'POST', '/message', 'sendMessage'],
    // D: the bundle's template, and the short one its client takes (section 4.4).
    [campaignManagerV1, 'DELETE', '/{application_name}/lists/{list_id}', 'deleteList'],
    [campaignManagerV1, 'DELETE', '/lists/{list_id}', 'deleteList'],
  ] as const)('%#: %s %s is %s', (validators, method, template, operationId) => {
    expect(findOperation(validators, method, template)?.operationId).toBe(operationId);
  });

  it('finds nothing for a template or method outside the contract', () => {
    expect(findOperation(smsV2, 'GET', '/unknown')).toBeUndefined();
    expect(findOperation(smsV2, 'PATCH', '/messages')).toBeUndefined();
    expect(findOperation(smsV2, 'GET', '/messages?id=1')).toBeUndefined();
  });

  it("names the parameter D's client fills in itself, under either template", () => {
    expect(findRoute(campaignManagerV1, 'delete', '/lists/{list_id}')?.clientParameter).toBe('application_name');
    expect(findRoute(campaignManagerV1, 'delete', '/{application_name}/lists/{list_id}')?.clientParameter).toBe('application_name');
    expect(findRoute(gatewayV1, 'post', '/messages')?.clientParameter).toBeUndefined();
  });
});

describe('findResponseValidator: the exact status, then its range, then default', () => {
  const { getMessage } = smsV2.operations;

  it('takes the exact status when documented', () => {
    expect(findResponseValidator(getMessage, 200)).toBe(getMessage.responses['200']);
    expect(findResponseValidator(getMessage, '401')).toBe(getMessage.responses['401']);
  });

  it('falls back to default for an undocumented status', () => {
    expect(findResponseValidator(getMessage, 404)).toBe(getMessage.responses.default);
  });

  it('takes a range key (2XX) before default', () => {
    const ok = () => [];
    const fallback = () => [];
    const exact = () => [];
    const operation = { responses: { '2XX': ok, default: fallback, '204': exact } };
    expect(findResponseValidator(operation, 201)).toBe(ok);
    expect(findResponseValidator(operation, 204)).toBe(exact);
    expect(findResponseValidator(operation, 500)).toBe(fallback);
    expect(findResponseValidator({ responses: {} }, 200)).toBeUndefined();
  });

  it("picks a documented status without a JSON body before default: D's 204 gets no validator (section 4.4: 204, no body)", () => {
    const { deleteList } = campaignManagerV1.operations;
    expect(deleteList.statuses).toEqual(['204', 'default']);
    expect(findResponseValidator(deleteList, 204)).toBeUndefined();
    expect(findResponseValidator(deleteList, 500)).toBe(deleteList.responses.default);
    // A documented range without a body is picked the same way, before default.
    const fallback = () => [];
    expect(findResponseValidator({ responses: { default: fallback }, statuses: ['2XX', 'default'] }, 204)).toBeUndefined();
    expect(findResponseValidator({ responses: { default: fallback }, statuses: ['2XX', 'default'] }, 404)).toBe(fallback);
  });

  it("lists every status key each operation documents, as the bundle's responses do", () => {
    for (const validators of [gatewayV1, smsV2, imV1, campaignManagerV1]) {
      for (const operation of Object.values(validators.operations)) {
        for (const key of Object.keys(operation.responses)) expect(operation.statuses, `${operation.operationId} ${key}`).toContain(key);
      }
    }
    // B's description: 200 with no body schema (section 4.2), so listed, and given no validator.
    const description = smsV2.operations.getOpenApiDescription;
    expect(description.statuses).toEqual(expect.arrayContaining(['200', '404']));
    expect(findResponseValidator(description, 200)).toBeUndefined();
  });
});

describe('params: the caller’s object is never changed', () => {
  it('leaves strings as strings, and objects and arrays as they were', () => {
    const params = { path: { application_name: 'acme', list_id: '7' }, query: { extra: ['1', '2'] } };
    const before = structuredClone(params);
    expect(campaignManagerV1.operations.deleteList.params(params)).toEqual([]);
    expect(params).toEqual(before);
  });
});

describe('typed tables', () => {
  it('need no `!` for a body, params or a documented status', () => {
    // These lines would not type-check if body, params or responses['202'] could be undefined.
    const send = smsV2.operations.sendMessage;
    expect(send.body({ destination: '+447700900123', content: 'Hello' }, { now: () => 0 })).toEqual([]);
    expect(send.params({})).toEqual([]);
    expect(typeof send.responses['202']).toBe('function');
    expect(typeof imV1.callbacks.receiveStatusCallback.body).toBe('function');
  });
});
