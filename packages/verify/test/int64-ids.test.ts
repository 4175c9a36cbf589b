// A's ids are int64 (section 2.1): above 2^53 a JavaScript number cannot hold them, so the
// workflows keep an id exactly as it came on the wire (the server returned …1019, the verifier
// used to request …1020).
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../src/index.js';
import { isCall, startDeviatingProxy } from './support/deviating-proxy.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

/** The sandbox's id n becomes 9007199254740993 + n on the wire (odd: no double holds it exactly). */
const OFFSET = 9007199254740993n;

describe('int64 ids above 2^53', () => {
  it('A send then look up: the id looked up is the id the server gave, digit for digit', async () => {
    const proxy = await startDeviatingProxy(sandbox.url, {
      forward: (request) => ({ ...request, path: request.path.replace(/(\/rest\/gateway\/messages\/)(\d{16,})$/, (_, head: string, big: string) => `${head}${BigInt(big) - OFFSET}`) }),
      rewrite: (request, answer) => {
        if (answer.status >= 300 || !request.path.startsWith('/rest/gateway/messages')) return answer;
        if (isCall(request, 'POST', /\/rest\/gateway\/messages$/)) return { ...answer, body: answer.body.replace(/\d+/g, (id) => String(BigInt(id) + OFFSET)) };
        if (isCall(request, 'GET', /\/rest\/gateway\/messages\/\d+$/)) return { ...answer, body: answer.body.replace(/"id":(\d+)/, (_, id: string) => `"id":${BigInt(id) + OFFSET}`) };
        return answer;
      },
    });
    try {
      const report = await verify({ baseUrl: proxy.url, credentials: sandbox.credentials, sandboxControl: true, apis: ['gateway-v1'] });
      expect(report.checks.filter((c) => !c.passed)).toEqual([]);
      // The workflow's look-up (the authentication checks ask for the documented example's id).
      const lookUps = proxy.requests.filter((r) => isCall(r, 'GET', /\/rest\/gateway\/messages\/\d{16,}$/));
      expect(lookUps.length).toBeGreaterThan(0);
      expect(report.checks.filter((c) => c.check === 'workflow' && c.operation === 'gateway-v1.getMessage' && c.passed).length).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });
});
