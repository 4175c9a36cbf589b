// The sandbox shows each callback address in full, path included: a secret path segment (the
// webhooks package's secretPathSegment hook) cannot be told from any other segment, so it is not
// hidden. The README and the refusal of credentials in an address say so; this holds them to it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmsV2StatusReceiver, secretPathSegment } from '@messaging-contracts/webhooks';
import { type Sandbox, startSandbox } from '../src/index.js';
import { listen } from './support.js';

const testSecret = 'test-only-0123456789abcdef0123456789abcdef';
let sandbox: Sandbox;
let receiver: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  receiver = await listen(createSmsV2StatusReceiver({ onStatus: () => {}, authenticate: secretPathSegment(testSecret) }).node);
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

it('refuses credentials in an address, saying that the URL is shown in full, path included, so a secret segment should be a test value', () => {
  expect(() => sandbox.setCallbackUrls({ smsStatus: 'http://user:secret@127.0.0.1:9/' })).toThrow(
    /^smsStatus must not carry credentials \(user:password@\): fetch refuses them\. .* the sandbox shows each callback URL in full, path included \(its delivery log, GET \/__sandbox\/deliveries, .*\), so use a test value of the segment here, never a real one$/,
  );
});

it('shows an address with a secret path segment in full in the delivery log, the /status answer and the overview', async () => {
  const address = `${receiver.url}/callbacks/${testSecret}/status`;
  const put = await fetch(`${sandbox.url}/__sandbox/callbacks`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ smsStatus: address }) });
  expect(put.status).toBe(200);
  const sent = await fetch(`${sandbox.urls['sms-v2']}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: sandbox.credentials['sms-v2'].apiKey },
    body: JSON.stringify({ destination: '+447700900123', content: 'x' }),
  });
  const { id } = (await sent.json()) as { id: string };
  const changed = await fetch(`${sandbox.url}/__sandbox/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, status: 'sent' }) });
  const { delivery } = (await changed.json()) as { delivery: { url: string; outcome: string } };
  expect(delivery).toMatchObject({ url: address, outcome: 'delivered' });
  const log = (await (await fetch(`${sandbox.url}/__sandbox/deliveries`)).json()) as { url: string }[];
  expect(log.map((entry) => entry.url)).toEqual([address]);
  const overview = (await (await fetch(`${sandbox.url}/__sandbox/`)).json()) as { callbacks: { smsStatus: string } };
  expect(overview.callbacks.smsStatus).toBe(address);
});
