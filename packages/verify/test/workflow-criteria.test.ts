// The workflows' criteria hold only what the spec document states: each provider here answers a
// workflow step as the document allows where it is silent (B's link shortening, A's destination
// format, when a D list is active or has a report, what a second delete answers, which lists
// delete_multiple_lists deletes), and the run has no failure; what the document does state is
// still required.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Report, verify, type VerifyOptions } from '../src/index.js';
import { type Deviation, isCall, json, type ProxiedAnswer, type ProxiedRequest, startDeviatingProxy } from './support/deviating-proxy.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function verifyBehind(deviation: Deviation, apis: VerifyOptions['apis']): Promise<Report> {
  const proxy = await startDeviatingProxy(sandbox.url, deviation);
  try {
    return await verify({ baseUrl: proxy.url, credentials: sandbox.credentials, sandboxControl: true, callbackTimeoutMs: 1000, apis });
  } finally {
    await proxy.close();
  }
}
const failures = (report: Report) => report.checks.filter((c) => !c.passed).map((c) => `${c.operation} ${c.check} ${c.subject}: ${c.message}`);
const withBody = (answer: ProxiedAnswer, change: (body: any) => unknown): ProxiedAnswer => ({ ...answer, body: JSON.stringify(change(JSON.parse(answer.body))) });
const workflowSubjects = (report: Report) => report.checks.filter((c) => c.check === 'workflow').map((c) => c.subject);
/** A request of D with the run's own credentials (the authentication checks send others). */
const authorizedD = (request: ProxiedRequest) => {
  const { username, password } = sandbox.credentials['campaign-manager-v1']!;
  return request.headers.authorization === `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
};

describe('B: send, then look up (section 1: "with automated link shortening")', () => {
  it('details whose content has the link shortened pass', async () => {
    const shortened = (request: ProxiedRequest, answer: ProxiedAnswer) =>
      isCall(request, 'GET', /\/rest\/sms\/v2\/messages$/) && answer.status === 200
        ? withBody(answer, (body) => ({ ...body, content: String(body.content).replace(/https?:\/\/\S+/g, 'https://sho.rt/a1') }))
        : answer;
    const report = await verifyBehind({ rewrite: shortened }, ['sms-v2']);
    expect(failures(report)).toEqual([]);
    expect(workflowSubjects(report)).toContain('workflow sendThenLookUp, step lookUp: $response.body#/id == null || $response.body#/id == $steps.send.outputs.id');
  });

  it('details without an id (every field of MessageDetails is optional, section 2.2) pass', async () => {
    const withoutId = (request: ProxiedRequest, answer: ProxiedAnswer) =>
      isCall(request, 'GET', /\/rest\/sms\/v2\/messages$/) && answer.status === 200 ? withBody(answer, ({ id: _id, ...body }) => body) : answer;
    const report = await verifyBehind({ rewrite: withoutId }, ['sms-v2']);
    expect(failures(report)).toEqual([]);
  });

  // The verifier's choice (README, "The verifier's choices"): the look-up and the status callback's
  // match need the id of the 202 reply, though every field of that body is optional (section 2.2).
  it("a 202 reply without an id fails the look-up and the callback's match (the verifier's choice; the document makes the id optional)", async () => {
    const withoutId = (request: ProxiedRequest, answer: ProxiedAnswer) =>
      isCall(request, 'POST', /\/rest\/sms\/v2\/messages$/) && answer.status === 202 ? withBody(answer, ({ id: _id, ...body }) => body) : answer;
    const report = await verifyBehind({ rewrite: withoutId }, ['sms-v2']);
    expect(failures(report).map((failure) => failure.replace(/ at http:\S+/, '')).sort()).toEqual([
      'sms-v2.getMessage workflow workflow sendThenLookUp, step lookUp: not sent: its required query parameter id comes from $steps.send.outputs.id, which step send did not give (its 202 reply carried no /id); the workflow requires it, the verifier\'s choice where the contract does not (README, "The verifier\'s choices")',
      'sms-v2.statusCallback callback-received statusCallback: the 202 reply carried no id, so no status callback can be matched to the message: requiring the id is the verifier\'s choice (README, "The verifier\'s choices"), not the contract\'s (section 4.2)',
    ]);
  });

  it('details of another message (another id) still fail the workflow', async () => {
    const other = (request: ProxiedRequest, answer: ProxiedAnswer) =>
      isCall(request, 'GET', /\/rest\/sms\/v2\/messages$/) && answer.status === 200 ? withBody(answer, (body) => ({ ...body, id: '00000000-0000-4000-8000-000000000000' })) : answer;
    const report = await verifyBehind({ rewrite: other }, ['sms-v2']);
    expect(failures(report)).toEqual([
      'sms-v2.getMessage workflow workflow sendThenLookUp, step lookUp: $response.body#/id == null || $response.body#/id == $steps.send.outputs.id: does not hold (status 200)',
    ]);
  });
});

describe('A: send, then look up (section 2.1: the format of destination numbers is not shown)', () => {
  it('a message read back with its destination written another way passes', async () => {
    const normalised = (request: ProxiedRequest, answer: ProxiedAnswer) =>
      isCall(request, 'GET', /\/rest\/gateway\/messages\/\d+$/) && answer.status === 200
        ? withBody(answer, (body) => ({ ...body, destination: String(body.destination).replace(/^\+?(\d\d)/, '+$1 ') }))
        : answer;
    const report = await verifyBehind({ rewrite: normalised }, ['gateway-v1']);
    expect(failures(report)).toEqual([]);
  });
});

describe('D: lists and campaign reports (sections 4.4 and 7: when a list is active, what a second delete answers, "some or all", conditions for failures: not shown)', () => {
  const lenient: Deviation = {
    rewrite: (request, answer) => {
      // The new list not among the active lists yet.
      if (isCall(request, 'GET', /\/rest\/campaign_manager\/v1\/[^/]+\/lists$/) && answer.status === 200) return json(200, []);
      // A second delete answered 204 again (idempotent).
      if (isCall(request, 'DELETE', /\/lists\/\d+$/) && authorizedD(request) && answer.status >= 400) return { status: 204, headers: {}, body: '' };
      // delete_multiple_lists deleting none of those asked ("some or all").
      if (isCall(request, 'POST', /\/delete_multiple_lists$/) && answer.status === 200) return withBody(answer, (body) => ({ ...body, list_ids: [] }));
      // No report yet for a campaign just scheduled: the documented default (described as 500).
      if (isCall(request, 'GET', /\/\d+\/report$/) && answer.status === 200) return json(500, { code: 500, message: 'No report yet' });
      return answer;
    },
  };

  it('a provider that answers each of these otherwise passes', async () => {
    const report = await verifyBehind(lenient, ['campaign-manager-v1']);
    expect(failures(report)).toEqual([]);
    // The steps ran, and their answers were checked against the OpenAPI description.
    const ran = new Set(report.checks.filter((c) => /^workflow /.test(c.subject)).map((c) => c.subject.split(':')[0]));
    for (const step of ['createListThenDelete, step listLists', 'createListThenDelete, step deleteAgain', 'createListDeleteMultiple, step deleteMultiple', 'scheduleThenReport, step report']) {
      expect([...ran], step).toContain(`workflow ${step}`);
    }
    expect(report.checks.find((c) => c.subject === 'workflow scheduleThenReport, step report' && c.check === 'error-shape')).toMatchObject({ passed: true, status: 500 });
  });

  it('what the document states is still required: the first delete answered 500 fails its 204 criterion', async () => {
    let deletes = 0;
    const report = await verifyBehind(
      { intercept: (request) => (isCall(request, 'DELETE', /\/lists\/\d+$/) && authorizedD(request) && deletes++ === 0 ? json(500, 'List cannot be deleted') : undefined) },
      ['campaign-manager-v1'],
    );
    // Success was required, so D's 500 is a server error there (section 7's 500 is a failure answer, not a success).
    expect(failures(report).sort()).toEqual([
      'campaign-manager-v1.deleteList no-server-error workflow createListThenDelete, step delete: status 500',
      'campaign-manager-v1.deleteList workflow workflow createListThenDelete, step delete: $statusCode == 204: does not hold (status 500)',
    ]);
  });

  it('a report answered in a shape the description does not document still fails', async () => {
    const report = await verifyBehind(
      { rewrite: (request, answer) => (isCall(request, 'GET', /\/\d+\/report$/) ? json(200, { report: 'not an array' }) : answer) },
      ['campaign-manager-v1'],
    );
    expect(failures(report).some((f) => f.startsWith('campaign-manager-v1.getCampaignReport response-body workflow scheduleThenReport, step report'))).toBe(true);
  });
});
