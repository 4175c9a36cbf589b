// The labels of a JSON body that the sandbox and the webhook receivers both take (json-transport.ts).
import { describe, expect, it } from 'vitest';
import { hasUtf8Charset, isChunkedOnly, isIdentityEncoding } from './index.js';

describe('hasUtf8Charset', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf8"', 'application/json; foo=bar'])('takes %j', (type) => {
    expect(hasUtf8Charset(type)).toBe(true);
  });
  it.each(['application/json; charset=iso-8859-1', 'application/json; charset=utf-16', 'application/json; charset=', 'application/json; foo=1; charset=latin1'])('refuses %j', (type) => {
    expect(hasUtf8Charset(type)).toBe(false);
  });
});

describe('isIdentityEncoding', () => {
  it.each([undefined, null, '', 'identity', 'Identity', ' identity ', 'identity, identity'])('takes %j', (value) => {
    expect(isIdentityEncoding(value)).toBe(true);
  });
  it.each(['gzip', 'br', 'deflate', 'identity, gzip', 'x-custom'])('refuses %j', (value) => {
    expect(isIdentityEncoding(value)).toBe(false);
  });
});

describe('isChunkedOnly', () => {
  it.each([undefined, null, '', 'chunked', 'Chunked', ' chunked '])('takes %j', (value) => {
    expect(isChunkedOnly(value)).toBe(true);
  });
  it.each(['gzip, chunked', 'deflate,chunked', 'x-custom, chunked', 'identity, chunked', 'gzip'])('refuses %j', (value) => {
    expect(isChunkedOnly(value)).toBe(false);
  });
});
