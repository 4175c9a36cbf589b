// What the spec document allows passes: the verifier must not narrow the document. Each provider
// here answers as the document permits where it is silent or open (a generated body refused, A's
// and D's credentials refused with 403, D's failures answered 500, B's description not published,
// an extra field in B's error body, B's uuid in upper case, C's callback id in upper case, C's 404
// and 422 to generated references), and the run has no failure; the neighbouring deviation is still
// caught.
import { readFileSync } from 'node:fs';
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation } from '../src/contract.js';
import { type Report, verify, type VerifyOptions } from '../src/index.js';
import { held } from './support/bundle-values.js';
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
    expect(asked.headers.accept).toBe('application/json');
  });

  // Whether the description needs credentials is not shown, so it is asked for without them; the
  // bundle declares its 401 (sections 5 and 7), so a deployment that wants them may answer it.
  it('401 to the request without credentials passes, and the README says so', async () => {
    const { report } = await verifyBehind(
      { intercept: (request) => (isCall(request, 'GET', /\/rest\/sms\/v2\/openapi\.yaml$/) ? B_ERROR(401, 'Unauthorized') : undefined) },
      { apis: ['sms-v2'] },
    );
    expect(failures(report)).toEqual([]);
    expect(report.checks.find((c) => c.operation === 'sms-v2.getOpenApiDescription' && c.check === 'accepted')).toMatchObject({ passed: true, status: 401 });
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain("(B's description: 200, 401 or 404, sections 4.2, 5 and 7)");
  });

  // Section 4.2 lists no request header for the description ("none"), so no `Accept:
  // application/json` states its media type: only the opening's "bodies are JSON" does, as for D.
  const OPENAPI_JSON = { status: 200, headers: { 'content-type': 'application/vnd.oai.openapi+json' }, body: '{"openapi":"3.1.0"}' };

  it('a 200 in another JSON media type (application/vnd.oai.openapi+json) passes', async () => {
    const { report } = await verifyBehind(
      { intercept: (request) => (isCall(request, 'GET', /\/rest\/sms\/v2\/openapi\.yaml$/) ? OPENAPI_JSON : undefined) },
      { apis: ['sms-v2'] },
    );
    expect(failures(report)).toEqual([]);
    expect(report.checks.find((c) => c.operation === 'sms-v2.getOpenApiDescription' && c.check === 'content-type')).toMatchObject({ passed: true });
  });

  // The same request's other answers: its 404 (section 7) and 401 (sections 5, 7) are B's error
  // body, but nothing states their media type either, the request being "none".
  it.each([404, 401])('its %i in another JSON media type (application/problem+json) passes', async (status) => {
    const problem = json(status, { message: 'Not here', statusCode: status, error: status === 404 ? 'Not Found' : 'Unauthorized' }, { 'content-type': 'application/problem+json' });
    const { report } = await verifyBehind(
      { intercept: (request) => (isCall(request, 'GET', /\/rest\/sms\/v2\/openapi\.yaml$/) ? problem : undefined) },
      { apis: ['sms-v2'] },
    );
    expect(failures(report)).toEqual([]);
    expect(report.checks.find((c) => c.operation === 'sms-v2.getOpenApiDescription' && c.check === 'content-type')).toMatchObject({ passed: true, status });
  });

  it("the look-up's 200 in that media type still fails content-type: its request sends Accept: application/json", async () => {
    const { report } = await verifyBehind(
      {
        intercept: (request) =>
          isCall(request, 'GET', /\/rest\/sms\/v2\/messages$/) ? { ...OPENAPI_JSON, body: '{}' } : undefined,
      },
      { apis: ['sms-v2'] },
    );
    expect(failures(report).filter((f) => f.startsWith('sms-v2.getMessage content-type'))).not.toEqual([]);
  });
});

describe("error bodies with fields of their own (section 7: each interface keeps its own shape)", () => {
  const withField = (field: Record<string, unknown>) => (request: ProxiedRequest, answer: { status: number; headers: Record<string, string>; body: string }) =>
    request.path.startsWith('/rest/sms/v2') && answer.status >= 400 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), ...field }) } : answer;

  it('an extra field no interface defines (requestId) passes', async () => {
    const { report } = await verifyBehind({ rewrite: withField({ requestId: 'r-1' }) }, { apis: ['sms-v2'] });
    expect(failures(report)).toEqual([]);
  });

  // Section 7 lists each interface's shape and forbids no other field (nor do the bundles): a field
  // of another interface's shape beside B's own is allowed, so it is a note, not a failure.
  it("a field of another interface's error shape (A's code in B's body) passes, and a note names it", async () => {
    const { report } = await verifyBehind({ rewrite: withField({ code: 400 }) }, { apis: ['sms-v2'] });
    expect(failures(report)).toEqual([]);
    expect(report.notes).toContain(
      "sms-v2.sendMessage: a 400 error body carries code, of another interface's error shape (gateway-v1, im-v1, campaign-manager-v1), beside B's own fields; section 7 does not forbid other fields, so this is a note, not a failure",
    );
  });

  it("another interface's shape instead of B's own (A's message and code, no statusCode or error) still fails error-shape", async () => {
    const { report } = await verifyBehind(
      { rewrite: (request, answer) => (request.path.startsWith('/rest/sms/v2') && answer.status >= 400 ? json(answer.status, { message: 'Refused', code: answer.status }) : answer) },
      { apis: ['sms-v2'] },
    );
    const caught = report.checks.filter((c) => c.check === 'error-shape' && !c.passed);
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.message).toMatch(/statusCode|error/);
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

  // C's StatusCallback id is "string uuid, max length 36" (section 2.3), not the lower-case Uuid
  // that types the 202 reply's id: the callback may name the message in upper case.
  it("C's callback with the id in upper case is the callback of the message (section 2.3: the callback's id is no Uuid), no failure", async () => {
    const upperCallbackId = (body: string) => JSON.stringify({ ...JSON.parse(body), id: String(JSON.parse(body).id).toUpperCase() });
    const { report } = await verifyBehind({ callback: upperCallbackId }, { apis: ['im-v1'] });
    expect(failures(report)).toEqual([]);
    const received = report.checks.find((c) => c.check === 'callback-received' && c.operation === 'im-v1.statusCallback' && /for message/.test(c.subject))!;
    expect(received.passed).toBe(true);
  });

  it("C's 202 with the id in upper case still fails response-body: the reply's id is C's lower-case Uuid (section 2.3)", async () => {
    const { report } = await verifyBehind({ rewrite: (request, answer) => upperId(request, answer, /\/rest\/im\/v1\/message$/), forward: lowerCaseIds }, { apis: ['im-v1'] });
    const caught = report.checks.filter((c) => !c.passed);
    expect(caught.length).toBeGreaterThan(0);
    expect(caught.every((c) => c.check === 'response-body' && c.operation === 'im-v1.sendMessage' && /^\/id /.test(c.message ?? ''))).toBe(true);
    // Its callback (in lower case) is still the message's.
    expect(report.checks.find((c) => c.check === 'callback-received' && /for message/.test(c.subject))!.passed).toBe(true);
  });
});

// Section 8: X-RateLimit-Limit, 0 to 100, applies to "C callback 200 reply" (section 4.3: the
// receiver's answer). The service's own answers are not said to carry it: one that does, with a rate
// of its own, is held to nothing, as the README's response-headers row lists only the headers section
// 8 defines without placing (RetryAfter, Content-Security-Policy, Strict-Transport-Security).
describe("C's service answers with an X-RateLimit-Limit of their own (section 8: 0 to 100 is the callback 200 reply's)", () => {
  it("passes: the receiver's range is not held against the service's answers", async () => {
    const { report } = await verifyBehind(
      { rewrite: (request, answer) => (request.path.startsWith('/rest/im/v1/') ? { ...answer, headers: { ...answer.headers, 'x-ratelimit-limit': '1000' } } : answer) },
      { apis: ['im-v1'] },
    );
    expect(failures(report)).toEqual([]);
    expect(report.checks.some((c) => c.operation === 'im-v1.sendMessage' && c.status === 202)).toBe(true);
  });
});

// Section 7 (D): "default response is described as 500. Conditions for failures: not shown."
describe("D's failures answered 500 (section 7: D's default response is described as 500)", () => {
  const d500 = (request: ProxiedRequest, answer: { status: number; headers: Record<string, string>; body: string }) => {
    if (!request.path.startsWith('/rest/campaign_manager/') || answer.status < 400) return answer;
    const body = JSON.parse(answer.body || '""');
    // DefaultError, or the plain string of the two deletes.
    return json(500, typeof body === 'string' ? 'List cannot be deleted' : { code: 500, message: 'Request failed' });
  };

  it('every refusal of D answered 500 with its documented body is a refusal: no failure', async () => {
    const { report } = await verifyBehind({ rewrite: d500 }, { apis: ['campaign-manager-v1'] });
    expect(failures(report)).toEqual([]);
    const refusals = report.checks.filter((c) => ['invalid-refused', 'auth-missing', 'auth-wrong'].includes(c.check) && c.status === 500);
    expect(refusals.length).toBeGreaterThan(10);
  });

  it('a 500 where success was expected still fails accepted and no-server-error', async () => {
    const { report } = await verifyBehind(
      { intercept: (request) => (isCall(request, 'GET', /\/templates$/) && request.headers.authorization ? json(500, { code: 500, message: 'Request failed' }) : undefined) },
      { apis: ['campaign-manager-v1'] },
    );
    const authorized = (c: { operation: string; subject: string }) => c.operation === 'campaign-manager-v1.listTemplates' && c.subject === 'no body';
    expect(report.checks.filter((c) => !c.passed).map((c) => `${c.check} ${c.message}`).sort()).toEqual(['accepted status 500, expected 200', 'no-server-error status 500']);
    expect(report.checks.filter((c) => !c.passed).every(authorized)).toBe(true);
  });

  it('a 500 on A, whose failure status is not shown, still fails no-server-error where a refusal is expected', async () => {
    const { report } = await verifyBehind(
      { rewrite: (request, answer) => (request.path.startsWith('/rest/gateway/') && answer.status >= 400 ? json(500, { message: 'Request failed', code: 500 }) : answer) },
      { apis: ['gateway-v1'] },
    );
    const caught = report.checks.filter((c) => c.check === 'invalid-refused' && !c.passed);
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.message).toBe('status 500, expected a documented 4xx refusal');
    expect(report.checks.some((c) => c.check === 'no-server-error' && !c.passed)).toBe(true);
  });
});

// A body at a limit is an example as the bundle gives it where one has the field; else an example
// given the field; else a generated body, with random values (a template_id, a media url, A's
// destinations). Section 7 (C): 404 "resource not found", 422 "data correct but cannot be processed".
describe('a limit in a body that is not an example as given (section 7: C\'s 404 and 422)', () => {
  const generatedReference = (request: ProxiedRequest) => {
    if (!isCall(request, 'POST', /\/rest\/im\/v1\/message$/)) return undefined;
    const message = bodyOf(request).message ?? {};
    return message.template ? 'template' : message.media ? 'media' : undefined;
  };
  const C_ERROR = (status: number, message: string) => json(status, { code: status, message });

  it('a template not found (404) and a media url that cannot be processed (422) pass', async () => {
    const { report } = await verifyBehind(
      {
        intercept: (request) => {
          const kind = generatedReference(request);
          if (!kind || !request.headers.authorization) return undefined;
          // Past a limit the validator still refuses first: only bodies valid by the schema get 404/422.
          return kind === 'template' ? C_ERROR(404, 'Template not found') : C_ERROR(422, 'Media cannot be fetched');
        },
      },
      { apis: ['im-v1'] },
    );
    expect(failures(report)).toEqual([]);
    const at = report.checks.filter((c) => c.check === 'boundary-accepted' && (c.status === 404 || c.status === 422));
    const parameters = held('im-v1', 'TemplateMessage', 'parameters', 'maxItems');
    const mimeType = held('im-v1', 'MimeType', undefined, 'maxLength');
    expect(at.map((c) => c.subject)).toEqual(expect.arrayContaining([`/message/template/parameters at maxItems ${parameters}`, `/message/media/type at maxLength ${mimeType}`]));
  });

  it("A's broadcast limits are checked on the broadcast example given the field, not on a generated body: A refusing destinations that are not handsets (section 2.1) passes", async () => {
    const { report, requests } = await verifyBehind(
      {
        intercept: (request) => {
          if (!isCall(request, 'POST', /\/rest\/gateway\/messages\/broadcast$/)) return undefined;
          const destinations = bodyOf(request).destination;
          return Array.isArray(destinations) && destinations.every((d) => /^\+?\d{6,15}$/.test(String(d))) ? undefined : json(400, { message: 'destination must be a handset', code: 400 });
        },
      },
      { apis: ['gateway-v1'] },
    );
    expect(failures(report)).toEqual([]);
    const limit = held('gateway-v1', 'MessageBroadcast', 'mask', 'maxLength');
    const mask = report.checks.find((c) => c.operation === 'gateway-v1.sendBroadcast' && c.subject === `/mask at maxLength ${limit}`)!;
    expect(mask).toMatchObject({ check: 'boundary-accepted', passed: true, status: 201 });
    const sent = requests.map(bodyOf).find((body) => typeof body.mask === 'string' && body.mask.length === limit && Array.isArray(body.destination))!;
    expect(sent.content).toBe((findOperation('gateway-v1', 'sendBroadcast').examples[0] as { content: string }).content);
  });

  it('a 400 at such a limit still fails boundary-accepted: the limit itself was refused', async () => {
    const { report } = await verifyBehind(
      { intercept: (request) => (generatedReference(request) === 'template' && request.headers.authorization ? C_ERROR(400, 'Invalid template') : undefined) },
      { apis: ['im-v1'] },
    );
    const caught = report.checks.filter((c) => c.check === 'boundary-accepted' && !c.passed);
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.message).toBe('status 400, expected 202 or 404 or 422');
  });
});

describe("C's delivery attempts in one form only (section 2.3: the shape of the elements is not shown)", () => {
  const C_ERROR = (status: number, message: string) => json(status, { code: status, message });
  /** Whether the C request carries a delivery attempt in the given form. */
  const carries = (request: ProxiedRequest, form: 'direct' | 'wrapped') => {
    if (!isCall(request, 'POST', /\/rest\/im\/v1\/message$/)) return false;
    const attempts = bodyOf(request).delivery_attempts;
    return Array.isArray(attempts) && attempts.some((element) => (element !== null && typeof element === 'object' && 'channel' in element) === (form === 'direct'));
  };

  it.each([
    ['wrapped', 'WrappedDeliveryAttempt'],
    ['direct', 'DeliveryAttempt'],
  ] as const)('a deployment that refuses the %s form with 400 passes, and a note names the form (%s)', async (form, schema) => {
    const { report } = await verifyBehind(
      { intercept: (request) => (carries(request, form) && request.headers.authorization === sandbox.credentials['im-v1']!.apiKey ? C_ERROR(400, `delivery attempts ${form} are not supported`) : undefined) },
      { apis: ['im-v1'] },
    );
    expect(failures(report)).toEqual([]);
    expect(report.notes.filter((note) => note.includes('/delivery_attempts/* elements are in the form'))).toEqual([
      expect.stringContaining(`the target refused the example whose /delivery_attempts/* elements are in the form ${schema} and accepted another form`),
    ]);
    expect(report.checks.some((c) => c.operation === 'im-v1.statusCallback' && c.check === 'callback-received' && c.passed)).toBe(true);
  });

  it('a form refused once and accepted later in the same run fails accepted, naming both requests (an injected wrong answer is not hidden)', async () => {
    let refusals = 0;
    const { report } = await verifyBehind(
      {
        intercept: (request) =>
          carries(request, 'direct') && request.headers.authorization === sandbox.credentials['im-v1']!.apiKey && refusals++ === 0 ? C_ERROR(400, 'refused once') : undefined,
      },
      { apis: ['im-v1'] },
    );
    expect(refusals).toBeGreaterThan(1); // bodies in that form were sent again, and accepted
    const caught = report.checks.filter((c) => c.check === 'accepted' && !c.passed);
    expect(caught).toHaveLength(1);
    expect(caught[0]).toMatchObject({ operation: 'im-v1.sendMessage', status: 400 });
    expect(caught[0]!.subject).toMatch(/^documented example \d+, in the form DeliveryAttempt of its \/delivery_attempts\/\* elements$/);
    expect(caught[0]!.message).toMatch(/^documented example \d+ was refused with 400, yet .+, in the same form, was accepted later in this run \(202\): the deployment takes that form/);
    expect(caught[0]!.curl).toMatch(/^curl -X POST /);
    expect(report.notes.filter((note) => note.includes('elements are in the form'))).toEqual([]);
  });

  it('a deployment that refuses both forms still fails accepted', async () => {
    const { report } = await verifyBehind(
      {
        intercept: (request) =>
          (carries(request, 'direct') || carries(request, 'wrapped')) && request.headers.authorization === sandbox.credentials['im-v1']!.apiKey ? C_ERROR(400, 'no delivery attempts') : undefined,
      },
      { apis: ['im-v1'] },
    );
    expect(failures(report)).toContainEqual(expect.stringMatching(/^im-v1\.sendMessage accepted the documented examples, in every form: no documented example was accepted in any of its forms/));
    // Its curl is the first example refused (the bundle's first, in the direct form).
    const caught = report.checks.find((c) => c.subject === 'the documented examples, in every form')!;
    expect(caught).toMatchObject({ status: 400, curl: expect.stringContaining('"delivery_attempts":[{"channel"') });
  });
});
