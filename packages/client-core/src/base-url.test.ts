import { describe, expect, it } from 'vitest';
import { assertSafeBaseUrl, resolveBaseUrl } from './base-url.js';

describe('assertSafeBaseUrl', () => {
  it.each([
    'https://api.example.com',
    'https://api.example.com:8443/prefix',
    'http://localhost:8080',
    'http://127.0.0.1:3000',
    'http://127.1.2.3',
    'http://[::1]:9000',
  ])('accepts %s', (url) => {
    expect(assertSafeBaseUrl(url)).toBeInstanceOf(URL);
  });

  it.each([
    ['plain http to a remote host', 'http://api.example.com', /https/],
    ['plain http to a private address', 'http://10.0.0.1', /https/],
    ['a host that only starts like loopback', 'http://127.0.0.1.example.com', /https/],
    ['another scheme', 'ftp://api.example.com', /https/],
    ['a relative URL', '/rest/gateway', /https/],
    ['a query', 'https://api.example.com?x=1', /https/],
    ['a fragment', 'https://api.example.com#top', /https/],
  ])('rejects %s', (_title, url, message) => {
    expect(() => assertSafeBaseUrl(url)).toThrow(message);
  });

  it('rejects credentials in the URL without echoing them', () => {
    let thrown: unknown;
    try {
      assertSafeBaseUrl('https://acme:hunter2-secret@api.example.com');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(String(thrown)).not.toContain('hunter2-secret');
  });
});

describe('resolveBaseUrl', () => {
  it.each([
    ['appends the base path', 'https://api.example.com', 'https://api.example.com/rest/gateway'],
    ['drops a trailing slash', 'https://api.example.com/', 'https://api.example.com/rest/gateway'],
    ['keeps a path prefix', 'https://gw.example.com/proxy/', 'https://gw.example.com/proxy/rest/gateway'],
    ['takes the contract server URL as it is', 'https://api.example.com/rest/gateway', 'https://api.example.com/rest/gateway'],
  ])('%s', (_title, baseUrl, want) => {
    expect(resolveBaseUrl(baseUrl, '/rest/gateway')).toBe(want);
  });
});
