// Item 8 of issue 12: a redirect is never followed (section 1: "HTTPS is used"; B: "HTTPS is
// mandatory"). Following one would resend the body, and the credentials, wherever the Location
// points: to plain http, or to another origin. These tests run over real https and http servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreClient } from './client.js';
import { ClientNetworkError } from './errors.js';
import { shown, thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { fetchTrusting, selfSignedCertificate } from '@messaging-contracts/test-kit/tls';

const PASSWORD = 'pw-3c9e0a71';
const auth = { type: 'basic', username: 'acme', password: PASSWORD } as const;
type Paths = {
  '/things': {
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': Record<string, unknown> } };
      responses: { 201: { headers: Record<string, unknown>; content: { 'application/json': Record<string, unknown> } } };
    };
  };
};

let secure: RecordingServer;
let plain: RecordingServer;
let other: RecordingServer;
const certificate = selfSignedCertificate();
beforeAll(async () => {
  secure = await startRecordingServer({ tls: certificate });
  plain = await startRecordingServer();
  other = await startRecordingServer();
});
afterAll(async () => {
  await Promise.all([secure.close(), plain.close(), other.close()]);
});

const post = (baseUrl: string, fetch?: (request: Request, init?: RequestInit) => Promise<Response>) =>
  createCoreClient<Paths>({ baseUrl, basePath: '/rest/test', auth, ...(fetch && { fetch }) }).POST('/things', {
    body: { text: 'secret body' },
  });

describe.each([301, 302, 303, 307, 308])('a %i redirect', (status) => {
  it('from https to http is refused: the body never goes out in cleartext', async () => {
    secure.reply({ status, headers: { Location: `${plain.url}/rest/test/things` } });
    const before = plain.requests.length;
    const error = await thrown(() => post(secure.url, fetchTrusting(certificate)));
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'redirect', method: 'POST', url: `${secure.url}/rest/test/things` });
    expect(String(error)).toContain(String(status));
    expect(shown(error)).not.toContain(PASSWORD);
    expect(plain.requests.length).toBe(before);
    // The https exchange itself was real: the first server got the body over TLS.
    expect(secure.requests.at(-1)?.body).toBe('{"text":"secret body"}');
  });

  it('to another origin is refused: neither body nor credentials leave', async () => {
    plain.reply({ status, headers: { Location: `${other.url}/rest/test/things` } });
    const before = other.requests.length;
    const error = await thrown(() => post(plain.url));
    expect(error).toMatchObject({ kind: 'redirect' });
    expect(other.requests.length).toBe(before);
  });

  it('within the same origin is refused too (no interface documents a redirect)', async () => {
    plain.reply({ status, headers: { Location: '/rest/test/elsewhere' } });
    const before = plain.requests.length;
    const error = await thrown(() => post(plain.url));
    expect(error).toMatchObject({ kind: 'redirect' });
    expect(plain.requests.length).toBe(before + 1);
  });
});

it('a custom fetch that follows a redirect anyway is refused when the answer comes from elsewhere', async () => {
  plain.reply({ status: 201, body: {} });
  const following = async (request: Request) => {
    const response = await fetch(`${plain.url}/rest/test/things`, { method: 'POST', body: await request.text() });
    return Object.defineProperty(response, 'redirected', { value: true });
  };
  const error = await thrown(() => post(other.url, following));
  expect(error).toMatchObject({ kind: 'redirect' });
});

it('a 304 without Location is an HTTP result, not a redirect', async () => {
  plain.reply({ status: 304 });
  const { response } = await post(plain.url);
  expect(response.status).toBe(304);
});

it("a call's own redirect: 'follow' does not turn following on", async () => {
  plain.reply({ status: 307, headers: { Location: `${other.url}/rest/test/things` } });
  const before = other.requests.length;
  const c = createCoreClient<Paths>({ baseUrl: plain.url, basePath: '/rest/test', auth });
  const error = await thrown(() => c.POST('/things', { body: {}, redirect: 'follow' }));
  expect(error).toMatchObject({ kind: 'redirect' });
  expect(other.requests.length).toBe(before);
});

it('a per-call fetch is held to the same rule', async () => {
  plain.reply({ status: 302, headers: { Location: `${other.url}/rest/test/things` } });
  const c = createCoreClient<Paths>({ baseUrl: plain.url, basePath: '/rest/test', auth });
  const error = await thrown(() => c.POST('/things', { body: {}, fetch: (request: Request) => fetch(request) }));
  expect(error).toMatchObject({ kind: 'redirect' });
});

// A browser's fetch answers a manual redirect with an `opaqueredirect` Response: status 0, no
// Location (redirect.browser.test.ts shows it in Chromium). Node's fetch cannot make one; a fetch
// resolving any status-0 Response stands in for it here.
it('a status-0 answer (a browser hides a redirect so) is a redirect, not an empty success', async () => {
  const error = await thrown(() => post(plain.url, async () => Response.error()));
  expect(error).toBeInstanceOf(ClientNetworkError);
  expect(error).toMatchObject({ kind: 'redirect', message: `POST ${plain.url}/rest/test/things got 0, a redirect the browser hid: redirects are not followed` });
});
