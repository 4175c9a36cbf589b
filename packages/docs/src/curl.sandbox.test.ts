// Every curl sample of the site, run by Debian's curl against the sandbox (@messaging-contracts/sandbox,
// real HTTP on 127.0.0.1), answers the operation's documented success status. Only the host is
// changed (the sample's https://api.example.com becomes the sandbox's address) and the credentials
// come from the environment variables the sample names. A sample that reads or deletes one resource
// by id gets the id of a resource its interface's own create/send sample made first: the sandbox
// starts empty, so the contract's example id names nothing there.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, findBundles, readBundle } from './bundles.mjs';
import { envName, parameterValue, samplesOf, serverUrl } from './samples.mjs';

const run = promisify(execFile);
const CURL = '/usr/bin/curl';

/** operationId that reads a resource → the operationId whose answer carries that resource's id, and the parameter. */
const MADE_BY: Record<string, Record<string, { by: string; parameter: string }>> = {
  'gateway-v1': { getMessage: { by: 'sendMessage', parameter: 'messageid' } },
  'sms-v2': { getMessage: { by: 'sendMessage', parameter: 'id' } },
  'campaign-manager-v1': {
    deleteList: { by: 'createList', parameter: 'list_id' },
    getCampaignReport: { by: 'scheduleCampaign', parameter: 'campaign_id' },
  },
};

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const env: NodeJS.ProcessEnv = { ...process.env };

beforeAll(async () => {
  if (!existsSync(CURL)) throw new Error(`${CURL} is missing: install Debian's curl (apt-get install -y curl)`);
  sandbox = await startSandbox({ port: 0 });
  for (const [id, credentials] of Object.entries(sandbox.credentials as unknown as Record<string, Record<string, string>>)) {
    for (const [name, value] of Object.entries(credentials)) env[envName(id, name)] = value;
  }
});
afterAll(() => sandbox?.close());

/** Runs a curl sample against the sandbox: its status and body. */
async function runCurl(source: string, origin: string): Promise<{ status: number; body: string }> {
  // Async: the sandbox answers from this very process, so a synchronous child would deadlock it.
  const { stdout } = await run('sh', ['-c', `${source.replaceAll(origin, sandbox.url.replace(/\/$/, ''))} -s -m 10 -w '\\n%{http_code}'`], { env, timeout: 20_000 });
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

/** The id an answer carries: `id`, or the first item (or its `id`) of an array. */
function idOf(body: string): string {
  const value = JSON.parse(body);
  const first = Array.isArray(value) ? value[0] : value;
  return String(typeof first === 'object' && first !== null ? first.id : first);
}

describe.each(findBundles().map((bundle) => [bundle.id, readBundle(bundle.jsonPath)] as const))('%s curl samples against the sandbox', (id, doc) => {
  const samples = samplesOf(doc, id);
  const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).filter(([, op]) => op?.operationId && samples.has(op.operationId)).map(([method, op]) => ({ path, method, op, item })),
  );
  const origin = new URL(serverUrl(doc)).origin;
  const made = MADE_BY[id] ?? {};
  // Creators first, so the readers find what they read.
  const ordered = [...operations].sort((a, b) => Number(a.op.operationId in made) - Number(b.op.operationId in made));

  it.each(ordered.map((entry) => [entry.op.operationId, entry] as const))('%s answers its documented success status', async (operationId, { op, item }) => {
    let source = samples.get(operationId)!.find((sample) => sample.label === 'curl')!.source;
    const dependency = made[operationId];
    if (dependency) {
      const creator = operations.find((entry) => entry.op.operationId === dependency.by)!;
      const created = await runCurl(samples.get(dependency.by)!.find((sample) => sample.label === 'curl')!.source, origin);
      const parameter = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p)).find((p) => p.name === dependency.parameter);
      const example = encodeURIComponent(String(parameterValue(doc, parameter)));
      expect(source, `${operationId} uses the example ${dependency.parameter}`).toContain(example);
      expect(creator).toBeDefined();
      source = source.replace(example, encodeURIComponent(idOf(created.body)));
    }
    const success = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));
    const { status, body } = await runCurl(source, origin);
    expect(status, `${operationId}: ${body.slice(0, 300)}`).toBe(Number(success));
  });
});
