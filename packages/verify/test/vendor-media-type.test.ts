// A's vendor media type (section 4.1: requests accept `application/json` or
// `application/vnd.<vendor>.gateway.v1+json`). The document hides the vendor token, so the verifier
// sends the vendor type only when given it (`--gateway-media-type`, `gatewayMediaType`): a deployment
// that refuses its own vendor type is caught then, and a run without it says what it did not check.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli-main.js';
import { type Report, verify, type VerifyOptions } from '../src/index.js';
import { startDeviatingProxy } from './support/deviating-proxy.js';

const VENDOR = 'application/vnd.acme.gateway.v1+json';
const A_BODIES = ['gateway-v1.sendMessage', 'gateway-v1.sendBroadcast'];

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const run = (baseUrl: string, options: Partial<VerifyOptions> = {}) =>
  verify({ baseUrl, credentials: sandbox.credentials, sandboxControl: true, apis: ['gateway-v1'], generated: 0, ...options });
const failures = (report: Report) => report.checks.filter((c) => !c.passed);
const inVendorType = (report: Report) => report.checks.filter((c) => c.subject.endsWith(`, as ${VENDOR}`));

/** A deployment that takes application/json only: its vendor type reaches the sandbox as a type no operation documents. */
async function refusingVendorType(options: Partial<VerifyOptions>): Promise<Report> {
  const proxy = await startDeviatingProxy(sandbox.url, {
    forward: (request) => (request.headers['content-type'] === VENDOR ? { ...request, headers: { ...request.headers, 'content-type': 'text/plain' } } : request),
  });
  try {
    return await run(proxy.url, options);
  } finally {
    await proxy.close();
  }
}

describe('a deployment that refuses its own vendor type', () => {
  it('is caught with the option: the documented examples of both A operations sent in it fail `accepted`', async () => {
    const report = await refusingVendorType({ gatewayMediaType: VENDOR });
    const caught = failures(report).filter((c) => c.check === 'accepted');
    expect(caught.map((c) => c.operation)).toEqual(A_BODIES);
    for (const failure of caught) {
      expect(failure).toMatchObject({ section: '4.1', subject: `documented example 1, as ${VENDOR}`, status: 415 });
      expect(failure.curl).toContain(`-H 'content-type: ${VENDOR}'`);
    }
    // What application/json carries still passes: only the vendor type is refused.
    expect(failures(report).filter((c) => !c.subject.endsWith(`, as ${VENDOR}`))).toEqual([]);
    expect(report.notes.filter((n) => n.includes('vendor media type'))).toEqual([]);
  });

  it('passes without the option, and the run says once that the vendor type was not checked, naming the option', async () => {
    const report = await refusingVendorType({});
    expect(failures(report)).toEqual([]);
    expect(inVendorType(report)).toEqual([]);
    expect(report.notes).toEqual([
      "gateway-v1: the vendor media type application/vnd.<vendor>.gateway.v1+json (section 4.1) was not checked: the document hides its vendor token, so gateway-v1.sendMessage and gateway-v1.sendBroadcast were sent application/json only; give the deployment's type with gatewayMediaType to send their documented examples in it too",
    ]);
  });
});

describe('the sandbox, which takes any vendor token', () => {
  it('passes with the option, each A example sent in the vendor type too', async () => {
    const report = await run(sandbox.url, { gatewayMediaType: VENDOR });
    expect(failures(report)).toEqual([]);
    expect(report.notes).toEqual([]);
    const accepted = inVendorType(report).filter((c) => c.check === 'accepted');
    expect(accepted.map((c) => c.operation)).toEqual(A_BODIES);
  });

  it('a run that verifies no A body says nothing of the vendor type', async () => {
    const report = await verify({ baseUrl: sandbox.url, credentials: sandbox.credentials, sandboxControl: true, apis: ['sms-v2'], generated: 0, callbackTimeoutMs: 1000 });
    expect(report.notes.filter((n) => n.includes('vendor media type'))).toEqual([]);
  });
});

describe('a bad value', () => {
  async function usage(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['--base-url', 'http://127.0.0.1:9', ...args], { GATEWAY_V1_USERNAME: 'u', GATEWAY_V1_PASSWORD: 'p' }, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join(''), err: err.join('') };
  }
  const RULE =
    "must be application/vnd.<your vendor's token>.gateway.v1+json, section 4.1's application/vnd.<vendor>.gateway.v1+json with the deployment's vendor token " +
    "(RFC 6838: a letter or digit first, then letters, digits and !#$&^_.+-, the subtype at most 127 characters; no parameters; 'vendor' is the contract's placeholder, not a token)";

  it.each([
    ["the contract's placeholder", 'application/vnd.vendor.gateway.v1+json'],
    ["the placeholder in capitals", 'application/vnd.VENDOR.gateway.v1+json'],
    ["the document's spelling", 'application/vnd.<vendor>.gateway.v1+json'],
    ['application/json', 'application/json'],
    ['another interface', 'application/vnd.acme.sms.v2+json'],
    ['parameters', `${VENDOR}; charset=utf-8`],
    ['a token starting with "-"', 'application/vnd.-acme.gateway.v1+json'],
    ['an empty token', 'application/vnd..gateway.v1+json'],
    ['a subtype over 127 characters', `application/vnd.${'a'.repeat(108)}.gateway.v1+json`],
    ['an empty value', ''],
  ])('%s: one line naming the flag and the rule, exit 2, nothing sent', async (_title, value) => {
    const { code, out, err } = await usage(['--gateway-media-type', value]);
    expect(code).toBe(2);
    expect(out).toBe('');
    // The value shown is cut at 60 characters.
    expect(err).toBe(`messaging-verify: --gateway-media-type ${RULE} (got ${JSON.stringify(value).slice(0, 60)})\n`);
  });

  it('a token of the longest subtype passes the rule, and capitals are the same type (RFC 6838)', async () => {
    for (const value of [`application/vnd.${'a'.repeat(107)}.gateway.v1+json`, 'Application/Vnd.Acme.Gateway.V1+JSON']) {
      const report = await run(sandbox.url, { gatewayMediaType: value, operations: ['gateway-v1.sendMessage'] });
      expect(failures(report), value).toEqual([]);
    }
  });

  it('in the API, the option is named as the option', async () => {
    await expect(run(sandbox.url, { gatewayMediaType: 'application/vnd.vendor.gateway.v1+json' })).rejects.toThrow(
      `gatewayMediaType ${RULE} (got "application/vnd.vendor.gateway.v1+json")`,
    );
  });

  it('a run that verifies no A body refuses it, naming what selects one', async () => {
    const { code, err } = await usage(['--api', 'sms-v2', '--gateway-media-type', VENDOR]);
    expect(code).toBe(2);
    expect(err).toBe(
      "messaging-verify: --gateway-media-type sends A's request bodies in the vendor type, and this run verifies no operation of gateway-v1 that takes one (--api, --operation)\n",
    );
  });
});

describe('the dry run', () => {
  async function dryRun(options: Partial<VerifyOptions>) {
    const lines: string[] = [];
    const requests: string[] = [];
    await verify({ baseUrl: 'http://127.0.0.1:9', apis: ['gateway-v1'], dryRun: true, print: (l) => lines.push(l), printRequest: (l) => requests.push(l), ...options });
    return { lines, requests };
  }

  it('prints the requests in the vendor type and counts them in the plan', async () => {
    const without = await dryRun({});
    const withType = await dryRun({ gatewayMediaType: VENDOR });
    const vendorRequests = withType.requests.filter((r) => r.includes(`-H 'content-type: ${VENDOR}'`));
    expect(vendorRequests.map((r) => /-X POST '[^']*(\/messages(?:\/broadcast)?)'/.exec(r)?.[1])).toEqual(['/messages', '/messages/broadcast']);
    expect(withType.requests.length).toBe(without.requests.length + vendorRequests.length);
    expect(withType.lines).toContain(`plan: ${withType.requests.length} requests (gateway-v1 ${withType.requests.length})`);
    expect(without.lines.filter((l) => l.includes('vendor media type') && l.includes('was not checked'))).toHaveLength(1);
  });
});
