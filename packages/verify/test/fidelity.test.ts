// What the spec document allows passes: the verifier must not narrow the document. Each provider
// here answers as the document permits where it is silent or open (a generated body refused, A's
// and D's credentials refused with 403, B's description not published, an extra field in B's error
// body, B's uuid in upper case), and the run has no failure; the neighbouring deviation is still
// caught.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Report, verify, type VerifyOptions } from '../src/index.js';
import { type Deviation, isCall, json, type ProxiedRequest, startDeviatingProxy } from './support/deviating-proxy.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function verifyBehind(deviation: Deviation, options: Partial<VerifyOptions> = {}): Promise<{ report: Report; requests: ProxiedRequest[] }> {
  const proxy = await startDeviatingProxy(sandbox.url, deviation);
  try {
    return { report: await verify({ baseUrl: proxy.url, credentials: sandbox.credentials, sandboxControl: true, callbackTimeoutMs: 1000, ...options }), requests: proxy.requests };
  } finally {
    await proxy.close();
  }
}
const failures = (report: Report) => report.checks.filter((c) => !c.passed).map((c) => `${c.operation} ${c.check} ${c.subject}: ${c.message}`);
const bodyOf = (request: ProxiedRequest) => {
  try {
    return JSON.parse(request.body || '{}');
  } catch {
    return {};
  }
};
const B_ERROR = (status: number, message: string) => json(status, { message, statusCode: status, error: 'Bad Request' });

describe('generated bodies a real service may refuse (section 2: destination formats)', () => {
  it('B refuses destinations that are not mobile numbers, A refuses those that are not digits: documented refusals pass', async () => {
    const { report } = await verifyBehind(
      {
        intercept: (request) => {
          if (isCall(request, 'POST', /\/rest\/sms\/v2\/messages$/) && typeof bodyOf(request).destination === 'string' && !/^\+[1-9]\d{6,14}$/.test(bodyOf(request).destination)) {
            return B_ERROR(400, 'destination must be a mobile number with a leading plus sign and country code');
          }
          if (isCall(request, 'POST', /\/rest\/gateway\/messages$/) && typeof bodyOf(request).destination === 'string' && !/^\+?\d{6,15}$/.test(bodyOf(request).destination)) {
            return json(400, { message: 'destination must be a phone number', code: 400 });
          }
          return undefined;
        },
      },
      { apis: ['sms-v2', 'gateway-v1'] },
    );
    expect(failures(report)).toEqual([]);
    expect(report.checks.filter((c) => c.check === 'generated-accepted' && c.status === 400).length).toBeGreaterThan(0);
  });

  it('a generated body answered 500 still fails generated-accepted and no-server-error', async () => {
    const { report } = await verifyBehind(
      { intercept: (request) => (isCall(request, 'POST', /\/rest\/sms\/v2\/messages$/) && !bodyOf(request).destination?.startsWith?.('+44') ? B_ERROR(500, 'boom') : undefined) },
      { apis: ['sms-v2'] },
    );
    const generated = report.checks.filter((c) => c.check === 'generated-accepted' && !c.passed);
    expect(generated.length).toBeGreaterThan(0);
    expect(generated[0]!.message).toBe('status 500, expected 202 or a documented 4xx refusal');
  });
});

describe('wrong credentials on A and D (section 5: HTTP Basic, no status shown)', () => {
  const basic = (api: 'gateway-v1' | 'campaign-manager-v1') => {
    const { username, password } = sandbox.credentials[api]!;
    return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  };
  const refuse403 = (request: ProxiedRequest) => {
    if (request.path.startsWith('/rest/gateway/') && request.headers.authorization !== basic('gateway-v1')) return json(403, { message: 'Forbidden', code: 403 });
    if (request.path.startsWith('/rest/campaign_manager/') && request.headers.authorization !== basic('campaign-manager-v1')) {
      // D's two deletes fail with a plain string (section 7).
      return /delete_multiple_lists$|\/lists\/\d+$/.test(request.path) ? json(403, 'Forbidden') : json(403, { code: 403, message: 'Forbidden' });
    }
    return undefined;
  };

  it('a 403 in the interface\'s error shape passes on A and D', async () => {
    const { report } = await verifyBehind({ intercept: refuse403 }, { apis: ['gateway-v1', 'campaign-manager-v1'] });
    expect(failures(report)).toEqual([]);
    expect(report.checks.filter((c) => c.check === 'auth-wrong' && c.status === 403).length).toBeGreaterThan(3);
  });

  it('B and C document 401: a 403 there still fails auth-wrong', async () => {
    const { report } = await verifyBehind(
      { intercept: (request) => (request.path.startsWith('/rest/sms/v2/messages') && request.headers.authorization !== sandbox.credentials['sms-v2']!.apiKey ? B_ERROR(403, 'Forbidden') : undefined) },
      { apis: ['sms-v2'] },
    );
    const caught = report.checks.filter((c) => c.check === 'auth-wrong' && !c.passed);
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.message).toBe('status 403, expected 401');
  });
});

describe("B's description (section 4.2: 200, no body schema, or 404)", () => {
  it('404 passes, and it is asked for as the sms-v2 client asks', async () => {
    const { report, requests } = await verifyBehind(
      { intercept: (request) => (isCall(request, 'GET', /\/rest\/sms\/v2\/openapi\.yaml$/) ? B_ERROR(404, 'Not Found') : undefined) },
      { apis: ['sms-v2'] },
    );
    expect(failures(report)).toEqual([]);
    expect(report.checks.find((c) => c.operation === 'sms-v2.getOpenApiDescription' && c.check === 'accepted')).toMatchObject({ passed: true, status: 404 });
    const asked = requests.find((r) => isCall(r, 'GET', /openapi\.yaml$/))!;
    expect(asked.headers.accept).toBe('application/yaml, */*');
  });
});

describe("error bodies with fields of their own (section 7: each interface keeps its own shape)", () => {
  const withField = (field: Record<string, unknown>) => (request: ProxiedRequest, answer: { status: number; headers: Record<string, string>; body: string }) =>
    request.path.startsWith('/rest/sms/v2') && answer.status >= 400 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), ...field }) } : answer;

  it('an extra field no interface defines (requestId) passes', async () => {
    const { report } = await verifyBehind({ rewrite: withField({ requestId: 'r-1' }) }, { apis: ['sms-v2'] });
    expect(failures(report)).toEqual([]);
  });

  it("a field of another interface's error shape (A's code in B's body) still fails error-shape", async () => {
    const { report } = await verifyBehind({ rewrite: withField({ code: 400 }) }, { apis: ['sms-v2'] });
    const caught = report.checks.filter((c) => c.check === 'error-shape' && !c.passed);
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.message).toBe("field code belongs to another interface's error shape (gateway-v1, im-v1, campaign-manager-v1), not sms-v2's");
  });
});

describe('uuid letter case', () => {
  const upperId = (request: ProxiedRequest, answer: { status: number; headers: Record<string, string>; body: string }, path: RegExp) =>
    isCall(request, 'POST', path) && answer.status === 202 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), id: JSON.parse(answer.body).id.toUpperCase() }) } : answer;

  // The sandbox knows its ids in lower case: the proxy hands them back so (look-ups, status changes).
  const lowerCaseIds = (request: ProxiedRequest): ProxiedRequest => ({
    ...request,
    path: request.path.replace(/([?&]id=)([^&]+)/, (_, key: string, id: string) => key + id.toLowerCase()),
    body: request.body.replace(/"(id|messageId)":"([0-9A-F-]{36})"/g, (_, key: string, id: string) => `"${key}":"${id.toLowerCase()}"`),
  });

  it("B's id in upper case in the 202, lower case in callbacks and look-ups: one uuid (section 2.2), no failure", async () => {
    const { report } = await verifyBehind(
      { rewrite: (request, answer) => upperId(request, answer, /\/rest\/sms\/v2\/messages$/), forward: lowerCaseIds },
      { apis: ['sms-v2'] },
    );
    expect(failures(report)).toEqual([]);
  });

  it("C's id in upper case: C's Uuid is lower-case (section 2.3), and the callback check names the case", async () => {
    const { report } = await verifyBehind({ rewrite: (request, answer) => upperId(request, answer, /\/rest\/im\/v1\/message$/), forward: lowerCaseIds }, { apis: ['im-v1'] });
    const received = report.checks.find((c) => c.check === 'callback-received' && c.operation === 'im-v1.statusCallback')!;
    expect(received.passed).toBe(false);
    expect(received.message).toMatch(/^a statusCallback arrived for [0-9a-f-]{36}, the id in another letter case: C's Uuid is lower-case \(section 2\.3\)$/);
  });
});
