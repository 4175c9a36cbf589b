// Proof that the verifier can fail: the sandbox behind a proxy that deviates from the contract in
// one way at a time. Each deviation must be caught by the check that names it, and the proxy
// without a deviation must pass, so that what is caught is the deviation and not the proxy.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../src/contract.js';
import { type Report, verify, type VerifyOptions } from '../src/index.js';
import { headerBounds, held } from './support/bundle-values.js';
import { type Deviation, isCall, json, startDeviatingProxy } from './support/deviating-proxy.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function verifyBehind(deviation: Deviation, options: Partial<VerifyOptions> = {}): Promise<Report> {
  const proxy = await startDeviatingProxy(sandbox.url, deviation);
  try {
    return await verify({ baseUrl: proxy.url, credentials: sandbox.credentials, sandboxControl: true, callbackTimeoutMs: 1000, ...options });
  } finally {
    await proxy.close();
  }
}

const failures = (report: Report) => report.checks.filter((c) => !c.passed);
const failed = (report: Report, check: string, operation: string) => failures(report).filter((c) => c.check === check && c.operation === operation);

describe('a provider as the contract says', () => {
  it('the sandbox itself passes every check', async () => {
    // With A's vendor media type (the sandbox takes any token): nothing is left unchecked, so no note.
    const report = await verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, sandboxControl: true, gatewayMediaType: 'application/vnd.acme.gateway.v1+json' });
    expect(failures(report)).toEqual([]);
    expect(report.notes).toEqual([]);
    expect(report.checks.length).toBeGreaterThan(400);
    // Every kind of check ran.
    const kinds = new Set(report.checks.map((c) => c.check));
    for (const kind of ['accepted', 'generated-accepted', 'boundary-accepted', 'boundary-refused', 'invalid-refused', 'auth-missing', 'auth-wrong', 'error-shape', 'response-body', 'response-headers', 'status-documented', 'no-server-error', 'workflow', 'callback-received', 'callback-body', 'callback-answer', 'one-per-destination']) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it("a seeded sandbox, whose clock starts in 2030, passes too: the 60-day bound is placed from the sandbox's clock (section 8)", async () => {
    const seeded = await startSandbox({ port: 0, seed: 'verify-clock' });
    try {
      const report = await verify({ baseUrl: seeded.url, credentials: seeded.credentials, sandboxControl: true, apis: ['gateway-v1', 'sms-v2'], callbackTimeoutMs: 1000 });
      expect(failures(report)).toEqual([]);
      const sixtyDays = report.checks.filter((c) => c.check === 'boundary-refused' && /x-max-days-ahead/.test(c.subject));
      expect(sixtyDays.length).toBeGreaterThanOrEqual(3);
    } finally {
      await seeded.close();
    }
  });

  it('the proxy without a deviation passes too', async () => {
    const report = await verifyBehind({});
    expect(failures(report)).toEqual([]);
  });
});

describe('each deviation is caught by the check that names it', () => {
  it('a wrong status: C answers 200 instead of 202', async () => {
    const report = await verifyBehind(
      { rewrite: (req, answer) => (isCall(req, 'POST', /\/rest\/im\/v1\/message$/) && answer.status === 202 ? { ...answer, status: 200 } : answer) },
      { apis: ['im-v1'] },
    );
    const caught = failed(report, 'accepted', 'im-v1.sendMessage');
    expect(caught.length).toBeGreaterThan(0);
    // C's examples may each be refused in its form of delivery attempts (section 2.3), so a documented 4xx would pass; a 200 does not.
    expect(caught[0]).toMatchObject({ section: '4.3', message: 'status 200, expected 202 or a documented 4xx refusal' });
    expect(caught.map((c) => c.message)).toContain('status 200, expected 202');
    expect(failed(report, 'status-documented', 'im-v1.sendMessage').length).toBeGreaterThan(0);
  });

  it('a required field missing: D createList answers 201 without id', async () => {
    const report = await verifyBehind(
      {
        rewrite: (req, answer) => {
          if (!isCall(req, 'POST', /\/lists$/) || answer.status !== 201) return answer;
          const { id: _, ...rest } = JSON.parse(answer.body);
          return { ...answer, body: JSON.stringify(rest) };
        },
      },
      { apis: ['campaign-manager-v1'] },
    );
    const caught = failed(report, 'response-body', 'campaign-manager-v1.createList');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.section).toBe('2.4');
    expect(caught[0]!.message).toContain('id');
  });

  it("a property count not enforced: C accepts a destination with no property (section 2.3: at least one)", async () => {
    const report = await verifyBehind(
      {
        intercept: (req) => {
          if (!isCall(req, 'POST', /\/rest\/im\/v1\/message$/)) return undefined;
          const destination = JSON.parse(req.body || '{}').destination;
          return destination !== null && typeof destination === 'object' && Object.keys(destination).length === 0 ? json(202, { id: '3f2b8c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c' }) : undefined;
        },
      },
      { apis: ['im-v1'] },
    );
    const caught = failed(report, 'boundary-refused', 'im-v1.sendMessage');
    expect(caught.map((c) => c.subject)).toEqual([`/destination past minProperties ${held('im-v1', 'Destination', undefined, 'minProperties')} (- 1)`]);
    expect(caught[0]!.section).toBe('2.3');
  });

  it('a closed set not enforced: C accepts a scheduler_pipe none of its documented values (section 2.3)', async () => {
    const documented = (bundle('im-v1') as any).components.schemas.MessagePostRequest.properties.scheduler_pipe.enum as string[];
    const report = await verifyBehind(
      {
        intercept: (req) => {
          if (!isCall(req, 'POST', /\/rest\/im\/v1\/message$/)) return undefined;
          const pipe = JSON.parse(req.body || '{}').scheduler_pipe;
          return typeof pipe === 'string' && !documented.includes(pipe) ? json(202, { id: '3f2b8c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c' }) : undefined;
        },
      },
      { apis: ['im-v1'] },
    );
    expect(failed(report, 'boundary-refused', 'im-v1.sendMessage').map((c) => [c.subject, c.section])).toEqual([[`/scheduler_pipe past enum (none of its ${documented.length} values)`, '2.3']]);
  });

  it('a format not enforced: D creates a list whose email is no e-mail address (section 2.4: "e-mail format")', async () => {
    const report = await verifyBehind(
      {
        intercept: (req) =>
          isCall(req, 'POST', /\/rest\/campaign_manager\/v1\/[^/]+\/lists$/) && !String(JSON.parse(req.body || '{}').email ?? '@').includes('@')
            ? json(201, { id: 77 }, { location: 'https://example.com/lists/77' })
            : undefined,
      },
      { apis: ['campaign-manager-v1'] },
    );
    expect(failed(report, 'boundary-refused', 'campaign-manager-v1.createList').map((c) => [c.subject, c.section])).toEqual([['/email past format email', '2.4']]);
  });

  it("a pattern not enforced: B accepts a destination without the leading plus (section 2.2)", async () => {
    const report = await verifyBehind(
      { intercept: (req) => (isCall(req, 'POST', /\/rest\/sms\/v2\/messages$/) && /^\d/.test(JSON.parse(req.body || '{}').destination ?? '') ? json(202, { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d', status: 'accepted' }) : undefined) },
      { apis: ['sms-v2'] },
    );
    expect(failed(report, 'boundary-refused', 'sms-v2.sendMessage').map((c) => [c.subject, c.section])).toEqual([['/destination past pattern ^\\+', '2.2']]);
  });

  it("a limit not enforced: A accepts a mask longer than its maxLength (the bundle's)", async () => {
    const mask = held('gateway-v1', 'Message', 'mask', 'maxLength');
    const report = await verifyBehind(
      {
        intercept: (req) => (isCall(req, 'POST', /\/rest\/gateway\/messages$/) && (JSON.parse(req.body || '{}').mask ?? '').length > mask ? json(201, [4242]) : undefined),
      },
      { apis: ['gateway-v1'] },
    );
    const caught = failed(report, 'boundary-refused', 'gateway-v1.sendMessage');
    expect(caught.map((c) => c.subject)).toEqual([`/mask past maxLength ${mask} (+ 1)`]);
    expect(caught[0]!.section).toBe('8');
    expect(caught[0]!.curl).toContain("curl -X POST 'http://127.0.0.1:");
  });

  it("a limit not enforced in one form: C accepts a wrapped delivery attempt with a timeout past its maximum (the bundle's)", async () => {
    const maximum = held('im-v1', 'DeliveryAttempt', 'timeout', 'maximum');
    const wrappedTimeoutPast = (body: string) => {
      const first = (JSON.parse(body || '{}').delivery_attempts ?? [])[0];
      const wrapped = first && typeof first.channel !== 'string' ? Object.values(first)[0] : undefined;
      return typeof (wrapped as { timeout?: unknown } | undefined)?.timeout === 'number' && (wrapped as { timeout: number }).timeout > maximum;
    };
    const report = await verifyBehind(
      {
        intercept: (req) =>
          isCall(req, 'POST', /\/rest\/im\/v1\/message$/) && wrappedTimeoutPast(req.body) ? json(202, { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' }) : undefined,
      },
      { apis: ['im-v1'] },
    );
    const caught = failed(report, 'boundary-refused', 'im-v1.sendMessage');
    expect(caught.map((c) => c.subject)).toEqual([`/delivery_attempts/0/{key}/timeout past maximum ${maximum} (+ 1)`]);
    expect(caught[0]!.section).toBe('8');
    expect(failures(report).every((c) => c.check === 'boundary-refused')).toBe(true);
  });

  it("another interface's error shape: A refuses with B's error body", async () => {
    const report = await verifyBehind(
      {
        rewrite: (req, answer) => {
          if (!req.path.startsWith('/rest/gateway') || answer.status < 400) return answer;
          const { message } = JSON.parse(answer.body);
          return json(answer.status, { message, statusCode: answer.status, error: 'Bad Request' });
        },
      },
      { apis: ['gateway-v1'] },
    );
    const caught = failures(report).filter((c) => c.check === 'error-shape');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught.every((c) => c.operation.startsWith('gateway-v1.') && c.section === '7')).toBe(true);
    expect(caught[0]!.message).toMatch(/code|statusCode/);
  });

  // Section 7 (C): "samples show the body fields message, statusCode, error instead", types not
  // shown. B's error body has exactly these fields, so C answering with it is no deviation; nor is a
  // field no interface's error shape has (the schemas allow extra fields). Every field of another
  // interface's error shape (A's and D's code and message, B's three) is also one of C's two shapes,
  // so for C the foreign-field rule has nothing to catch: its schema does the checking.
  it.each([
    ['the samples\' shape (with punctuation) is C\'s error body', {}],
    ['an extra field of no interface\'s error shape passes too', { requestId: 'x' }],
  ] as const)('C refuses with the samples\' fields: %s', async (_title, extra) => {
    const report = await verifyBehind(
      {
        rewrite: (req, answer) =>
          req.path.startsWith('/rest/im/v1') && answer.status >= 400 ? json(answer.status, { message: 'Refused.', statusCode: answer.status, error: 'Bad Request', ...extra }) : answer,
      },
      { apis: ['im-v1'] },
    );
    expect(failures(report).filter((c) => c.check === 'error-shape')).toEqual([]);
  });

  it('a 401 in the wrong shape: C answers 401 with a plain-text body', async () => {
    const report = await verifyBehind(
      { rewrite: (req, answer) => (req.path.startsWith('/rest/im/v1') && answer.status === 401 ? { status: 401, headers: { 'content-type': 'text/plain' }, body: 'Unauthorized' } : answer) },
      { apis: ['im-v1'] },
    );
    const caught = failures(report).filter((c) => c.check === 'error-shape' && c.operation === 'im-v1.sendMessage');
    expect(caught.map((c) => c.subject).sort()).toEqual(['missing credentials', 'wrong credentials']);
    expect(failures(report).filter((c) => c.check === 'auth-missing' || c.check === 'auth-wrong')).toEqual([]);
  });

  it('an invalid callback body: C status callbacks carry a status outside section 3', async () => {
    const report = await verifyBehind(
      { callback: (body) => (body.includes('"status"') ? JSON.stringify({ ...JSON.parse(body), status: 'delivered-ish' }) : body) },
      { apis: ['im-v1'] },
    );
    const caught = failed(report, 'callback-body', 'im-v1.statusCallback');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.message).toContain('/status');
    // The message's callback came only refused: not received, and the failure says what was refused and why.
    const [received, ...more] = failed(report, 'callback-received', 'im-v1.statusCallback');
    expect(more).toEqual([]);
    expect(received!.message).toMatch(/^no valid statusCallback arrived at http:\/\/127\.0\.0\.1:\d+\/im\/status within 1000 ms; the receiver refused \d+ with 400 invalid_body \(\/status must be one of "accepted", .*\) there \(each a callback-body failure\)$/);
    expect(failures(report).every((c) => c.check === 'callback-body' || c === received)).toBe(true);
  });

  it('a callback never sent: the provider drops the callback registration', async () => {
    const report = await verifyBehind(
      { intercept: (req) => (req.method === 'PUT' && req.path === '/__sandbox/callbacks' ? json(200, { ok: true }) : undefined) },
      { apis: ['sms-v2'] },
    );
    const caught = failures(report).filter((c) => c.check === 'callback-received');
    expect(caught.map((c) => c.operation).sort()).toEqual(['sms-v2.replyCallback', 'sms-v2.statusCallback']);
    expect(caught.every((c) => c.section === '6')).toBe(true);
    expect(failures(report).every((c) => c.check === 'callback-received')).toBe(true);
  });

  it('a documented header missing: D answers 201 without Location', async () => {
    const report = await verifyBehind(
      {
        rewrite: (req, answer) => {
          if (answer.status !== 201 || !req.path.startsWith('/rest/campaign_manager')) return answer;
          const { location: _, ...headers } = answer.headers;
          return { ...answer, headers };
        },
      },
      { apis: ['campaign-manager-v1'] },
    );
    const caught = failures(report).filter((c) => c.check === 'response-headers');
    expect(new Set(caught.map((c) => c.operation))).toEqual(new Set(['campaign-manager-v1.createList', 'campaign-manager-v1.scheduleCampaign']));
    expect(caught[0]).toMatchObject({ section: '4.4', message: 'Location is missing' });
  });

  it("a header outside its definition: C's 400 carries a RetryAfter one second under its minimum (section 8)", async () => {
    const { minimum } = headerBounds('im-v1', 'RetryAfter');
    const report = await verifyBehind(
      { rewrite: (req, answer) => (req.path.startsWith('/rest/im/v1') && answer.status === 400 ? { ...answer, headers: { ...answer.headers, retryafter: String(minimum - 1) } } : answer) },
      { apis: ['im-v1'] },
    );
    const caught = failures(report).filter((c) => c.check === 'response-headers');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]).toMatchObject({ operation: 'im-v1.sendMessage', section: '4.3', message: `RetryAfter must be at least ${minimum}` });
    expect(failures(report).every((c) => c.check === 'response-headers')).toBe(true);
  });

  it('credentials ignored: C accepts a message without them', async () => {
    const report = await verifyBehind(
      {
        intercept: (req) =>
          isCall(req, 'POST', /\/rest\/im\/v1\/message$/) && req.headers.authorization === undefined ? json(202, { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' }) : undefined,
      },
      { apis: ['im-v1'] },
    );
    expect(failures(report).map((c) => `${c.check} ${c.section} ${c.message}`)).toEqual(['auth-missing 5 status 202, expected 401']);
  });

  // README, "Safety": a destructive request names only ids the run created, also when it is sent
  // without credentials to check section 5; a target that ignores them loses the run's own list only.
  it.each([
    ['the whole of D', { apis: ['campaign-manager-v1'] as const }],
    ['--operation campaign-manager-v1.deleteList', { operations: ['campaign-manager-v1.deleteList'] }],
  ])("credentials ignored by D's deletes (%s): caught, and every delete names only lists the run created", async (_, selection) => {
    const { username, password } = sandbox.credentials['campaign-manager-v1'];
    const valid = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const created = new Set<string>();
    const deleted: string[] = [];
    const report = await verifyBehind(
      {
        forward: (req) => {
          if (!/delete_multiple_lists|\/lists\/\d+$/.test(req.path)) return req;
          deleted.push(...(req.method === 'DELETE' ? [req.path.split('/').pop()!] : (JSON.parse(req.body).list_ids as number[]).map(String)));
          return { ...req, headers: { ...req.headers, authorization: valid } };
        },
        rewrite: (req, answer) => {
          if (isCall(req, 'POST', /\/lists$/) && answer.status === 201) created.add(String(JSON.parse(answer.body).id));
          return answer;
        },
      },
      selection,
    );
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.filter((id) => !created.has(id))).toEqual([]);
    expect(failed(report, 'auth-missing', 'campaign-manager-v1.deleteList')).toHaveLength(1);
    // The delete without credentials took the run's own list: the step's delete of it then fails.
    expect(failed(report, 'workflow', 'campaign-manager-v1.deleteList').length).toBeGreaterThan(0);
  });

  it("one object short: A's broadcast answers one object for two destinations (section 2.1: one object per destination)", async () => {
    const report = await verifyBehind(
      {
        rewrite: (req, answer) => {
          if (!isCall(req, 'POST', /\/rest\/gateway\/messages\/broadcast$/) || answer.status !== 201) return answer;
          return { ...answer, body: JSON.stringify(JSON.parse(answer.body).slice(0, 1)) };
        },
      },
      { apis: ['gateway-v1'] },
    );
    const caught = failed(report, 'one-per-destination', 'gateway-v1.sendBroadcast');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]).toMatchObject({ section: '2.1', status: 201 });
    expect(caught[0]!.message).toMatch(/^1 object for [2-9]\d* destinations: section 2\.1 gives one object per destination$/);
    expect(failures(report).every((c) => c.check === 'one-per-destination')).toBe(true);
  });

  // The verifier's choice (README, "The verifier's choices"): the 202's id names the message whose
  // status callback is awaited, for B and C alike (B's: test/workflow-criteria.test.ts); the
  // contract itself does not require it.
  it.each([
    ['im-v1', /\/rest\/im\/v1\/message$/, 'im-v1.statusCallback', '4.3'],
  ] as const)("a 202 without an id (%s): callback-received fails, saying the id is the verifier's requirement", async (api, path, operation, section) => {
    const report = await verifyBehind(
      { rewrite: (req, answer) => (isCall(req, 'POST', path) && answer.status === 202 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), id: undefined }) } : answer) },
      { apis: [api] },
    );
    const caught = failed(report, 'callback-received', operation);
    expect(caught).toHaveLength(1);
    expect(caught[0]).toMatchObject({ status: 202 });
    expect(caught[0]!.message).toBe(
      `the 202 reply carried no id, so no status callback can be matched to the message: requiring the id is the verifier's choice (README, "The verifier's choices"), not the contract's (section ${section})`,
    );
  });

  it("B's 202 without an id: the look-up is not sent without its required id, and the workflow says why", async () => {
    const proxy = await startDeviatingProxy(sandbox.url, {
      rewrite: (req, answer) =>
        isCall(req, 'POST', /\/rest\/sms\/v2\/messages$/) && answer.status === 202 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), id: undefined }) } : answer,
    });
    try {
      const report = await verify({ baseUrl: proxy.url, credentials: sandbox.credentials, sandboxControl: true, callbackTimeoutMs: 1000, apis: ['sms-v2'] });
      expect(proxy.requests.filter((r) => isCall(r, 'GET', /\/rest\/sms\/v2\/messages$/) && !/[?&]id=/.test(r.path))).toEqual([]);
      const caught = failed(report, 'workflow', 'sms-v2.getMessage');
      expect(caught).toHaveLength(1);
      expect(caught[0]!.message).toBe(
        'not sent: its required query parameter id comes from $steps.send.outputs.id, which step send did not give (its 202 reply carried no /id); the workflow requires it, the verifier\'s choice where the contract does not (README, "The verifier\'s choices")',
      );
    } finally {
      await proxy.close();
    }
  });

  it('a server error on generated input: C answers 500 to a body with delivery attempts on email', async () => {
    const report = await verifyBehind(
      {
        intercept: (req) =>
          isCall(req, 'POST', /\/rest\/im\/v1\/message$/) && req.body.includes('"channel":"email"') ? json(500, { code: 500, message: 'Internal error', errors: [] }) : undefined,
      },
      { apis: ['im-v1'] },
    );
    const caught = failures(report).filter((c) => c.check === 'no-server-error');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught.every((c) => c.operation === 'im-v1.sendMessage' && c.section === '7' && c.message === 'status 500')).toBe(true);
  });

  it('a look-up that answers another message: the A workflow fails its criterion', async () => {
    const report = await verifyBehind(
      {
        rewrite: (req, answer) =>
          isCall(req, 'GET', /\/rest\/gateway\/messages\/\d+$/) && answer.status === 200 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), content: 'someone else' }) } : answer,
      },
      { apis: ['gateway-v1'] },
    );
    expect(failures(report).map((c) => `${c.check} ${c.subject}`)).toEqual([
      'workflow workflow sendThenLookUp, step lookUp: $response.body#/content == $steps.send.outputs.content',
    ]);
    // Its curl is the step's request, as for every failure of a request.
    expect(failures(report)[0]).toMatchObject({ status: 200, curl: expect.stringMatching(/^curl -X GET '[^']+\/rest\/gateway\/messages\/\d+' /) });
  });

  it.each(['application/problem+json', 'application/vnd.acme.gateway.v1+json'])("a media type other than the documented one: A answers %s (section 4.1: responses are application/json)", async (type) => {
    const report = await verifyBehind(
      { rewrite: (req, answer) => (isCall(req, 'POST', /\/rest\/gateway\/messages$/) && answer.status === 201 ? { ...answer, headers: { ...answer.headers, 'content-type': type } } : answer) },
      { apis: ['gateway-v1'] },
    );
    const caught = failed(report, 'content-type', 'gateway-v1.sendMessage');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]).toMatchObject({ section: '4.1', message: `content-type ${type}, expected application/json` });
    expect(failures(report).every((c) => c.check === 'content-type')).toBe(true);
  });

  it('wrong credentials are said as such (section 5), not as contract failures, and that interface checks nothing further', async () => {
    const lines: string[] = [];
    const report = await verify({
      print: (line) => lines.push(line),
      baseUrl: sandbox.url,
      credentials: { ...sandbox.credentials, 'im-v1': { apiKey: 'a-stale-im-key' } },
      sandboxControl: true,
      callbackTimeoutMs: 1000,
      apis: ['im-v1', 'sms-v2'],
    });
    expect(failures(report)).toEqual([
      {
        check: 'credentials-accepted',
        section: '5',
        operation: 'im-v1',
        subject: 'the credentials given',
        passed: false,
        message: expect.stringMatching(/^every valid request was refused \(\d+ × 401\): the deployment does not take the credentials given for im-v1; check --im-api-key \(IM_V1_API_KEY\)\. Its other checks were not run$/),
        // The first request refused, as every failure gives one (the key read from the environment).
        status: 401,
        curl: expect.stringMatching(/^curl -X POST '[^']+\/rest\/im\/v1\/message' .*-H "authorization: \$IM_V1_API_KEY" --data-raw '\{"destination"/),
      },
    ]);
    // B, with its right key, was verified in full, its callbacks too; C's checks stopped at the credentials.
    expect(report.checks.filter((c) => c.operation.startsWith('im-v1')).map((c) => c.check)).toEqual(['credentials-accepted']);
    expect(report.checks.some((c) => c.operation.startsWith('sms-v2') && c.check === 'callback-received' && c.passed)).toBe(true);
    expect(JSON.stringify(report)).not.toContain('a-stale-im-key');
    // The phase's progress line counts its one check in the singular.
    expect(lines).toContain('C im-v1 positive (documented examples, generated bodies): 1 check, 1 failed');
  });

  it("B and C send Accept: application/json (sections 4.2, 4.3): answering problem+json fails there", async () => {
    const report = await verifyBehind(
      { rewrite: (req, answer) => (req.path.startsWith('/rest/im/v1/message') && answer.status === 202 ? { ...answer, headers: { ...answer.headers, 'content-type': 'application/problem+json' } } : answer) },
      { apis: ['im-v1'] },
    );
    expect(failed(report, 'content-type', 'im-v1.sendMessage')[0]).toMatchObject({ message: 'content-type application/problem+json, expected application/json' });
  });

  it("D's section 4.4 states no media type, only JSON (the introduction): any JSON type passes there, a non-JSON one fails", async () => {
    const answering = (type: string) =>
      verifyBehind(
        { rewrite: (req, answer) => (req.path.startsWith('/rest/campaign_manager/v1/') && answer.body ? { ...answer, headers: { ...answer.headers, 'content-type': type } } : answer) },
        { apis: ['campaign-manager-v1'] },
      );
    expect(failures(await answering('application/problem+json')).filter((c) => c.check === 'content-type')).toEqual([]);
    const plain = failures(await answering('text/plain')).filter((c) => c.check === 'content-type');
    expect(plain.length).toBeGreaterThan(0);
    expect(plain[0]!.message).toBe('content-type text/plain, expected application/json');
  });

  it("a media type's parameters are not its type: B's application/json; charset=utf-8 passes", async () => {
    const report = await verifyBehind(
      { rewrite: (req, answer) => (req.path.startsWith('/rest/sms/v2/messages') ? { ...answer, headers: { ...answer.headers, 'content-type': 'Application/JSON; charset=utf-8' } } : answer) },
      { apis: ['sms-v2'] },
    );
    expect(failures(report)).toEqual([]);
  });

  it('a server that answers 200 {} to everything fails loudly', async () => {
    const report = await verifyBehind({ intercept: () => json(200, {}) });
    const kinds = new Set(failures(report).map((c) => c.check));
    for (const kind of ['accepted', 'response-body', 'boundary-refused', 'auth-missing', 'auth-wrong', 'workflow', 'callback-received']) expect(kinds, kind).toContain(kind);
    expect(report.failed).toBeGreaterThan(100);
    // Every failure of a request the verifier sent gives it as curl (README, "Checks"); the callbacks' have none.
    expect(failures(report).filter((c) => !c.check.startsWith('callback-') && !c.curl?.startsWith('curl '))).toEqual([]);
    // Its "sandbox clock" is {}: the run goes on from today's date, and says so.
    expect(report.notes).toContain('--sandbox-control: GET /__sandbox/clock answered 200 without a clock; the 60-day bound (section 8) is placed from today');
  });
});
