// Section 4.1's heading, read as data: A's "requests accept `application/json` or the vendor type
// `application/vnd.<vendor>.gateway.v1+json`; responses are `application/json`". Each request body
// of A offers both (the vendor type keyed with the placeholder token, x-vendor-token naming the
// document's form), and every response body is `application/json` alone, so dropping the vendor
// type from one operation, or offering it on an answer, fails here.
import { describe, expect, it } from 'vitest';
import { readSpecDocument } from '@messaging-contracts/spec-document';
import { deref, type Json, loadBundle } from './bundles.ts';

const heading = readSpecDocument()
  .split('\n')
  .find((line) => line.startsWith('### 4.1 '));
const stated = heading?.match(/requests accept `([^`]+)` or the vendor type `([^`]+)`; responses are `([^`]+)`/);
const gateway = loadBundle('gateway-v1');
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations = Object.entries<Json>(gateway.paths).flatMap(([path, item]) =>
  methods.filter((method) => item[method]).map((method) => [`${method.toUpperCase()} ${path}`, item[method]] as const),
);

describe('interface A (section 4.1): the media types of requests and responses', () => {
  it('the heading of section 4.1 states them', () => {
    expect(stated, heading).not.toBeNull();
  });
  const [, json, vendor, response] = stated ?? [];

  it.each(operations.filter(([, operation]) => operation.requestBody))('%s: the request body is accepted as JSON and as the vendor type', (_name, operation) => {
    const content = deref(gateway, operation.requestBody).content;
    const vendorKeys = Object.keys(content).filter((key) => key !== json);
    expect(Object.keys(content)).toContain(json);
    expect(vendorKeys).toHaveLength(1);
    expect(content[vendorKeys[0]!]['x-vendor-token']?.documentedAs).toBe(vendor);
    // The placeholder stands where the document writes `<vendor>`; the rest is the document's.
    expect(vendorKeys[0]).toBe(vendor!.replace('<vendor>', content[vendorKeys[0]!]['x-vendor-token'].placeholder));
  });

  it.each(operations)('%s: every response body is the one media type section 4.1 names for responses', (_name, operation) => {
    for (const [status, answer] of Object.entries<Json>(operation.responses)) {
      const content = deref(gateway, answer).content;
      if (content) expect(Object.keys(content), status).toEqual([response]);
    }
  });
});
