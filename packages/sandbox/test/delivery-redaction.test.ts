// The delivery log keeps each receiver's answer (control API: DeliveryAttempt.body) and the body the
// sandbox sent. A receiver that echoes a credential the sandbox knows (its own, a session's, the
// control token) had it shown in clear by GET /__sandbox/deliveries, sandbox.deliveries() and the
// delivery that /status and /reply answer with, where the request log replaces it (README,
// "Guarding the control API"). Both are now redacted by the request log's rule as they are recorded.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';
import { listen } from './support.js';

const CONTROL_TOKEN = 'control-token-for-the-delivery-log-7';
const GIVEN = { 'gateway-v1': { username: 'gw', password: 'gateway-pass-word/42' }, 'sms-v2': { apiKey: 'sms-key/given+1' }, 'im-v1': { apiKey: 'im-key-given-0123' } };

let sandbox: Sandbox;
let receiver: Awaited<ReturnType<typeof listen>>;
/** What the receiver answers: every credential, as given and encoded, but the ones `echo` names. */
let echo: (secrets: string[]) => string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, controlToken: CONTROL_TOKEN, credentials: GIVEN, callbackDelivery: { retries: 0 } });
  receiver = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(echo(secretsOf(sandbox)));
  });
});
afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});

function secretsOf(s: Sandbox, credentials = s.credentials): string[] {
  const gateway = credentials['gateway-v1'];
  return [gateway.password, Buffer.from(`${gateway.username}:${gateway.password}`).toString('base64'), credentials['sms-v2'].apiKey, credentials['im-v1'].apiKey, CONTROL_TOKEN];
}

function expectNone(shown: unknown, secrets: readonly string[]) {
  const text = JSON.stringify(shown);
  for (const secret of secrets) {
    expect(text, `shows ${secret.slice(0, 6)}…`).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(text, `shows ${secret.slice(0, 6)}… encoded`).not.toContain(encodeURIComponent(secret));
  }
}

const control = (path: string, init: RequestInit = {}) =>
  fetch(`${sandbox.url}/__sandbox${path}`, { ...init, headers: { 'x-sandbox-control-token': CONTROL_TOKEN, 'content-type': 'application/json', ...init.headers } });

async function sendSms(): Promise<string> {
  const sent = await fetch(`${sandbox.urls['sms-v2']}/messages`, {
    method: 'POST',
    headers: { authorization: sandbox.credentials['sms-v2'].apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ destination: '+447700900123', source: '+447700900999', content: 'Hello' }),
  });
  expect(sent.status).toBe(202);
  return ((await sent.json()) as { id: string }).id;
}

it("replaces every credential the sandbox knows in a receiver's answer, wherever the delivery is shown", async () => {
  echo = (secrets) => JSON.stringify({ echoed: secrets, encoded: secrets.map(encodeURIComponent), text: `key=${secrets[2]}; token ${secrets[4]}` });
  sandbox.setCallbackUrls({ smsStatus: receiver.url, smsReply: receiver.url });
  const id = await sendSms();
  const status = await control('/status', { method: 'POST', body: JSON.stringify({ id, status: 'received' }) });
  expect(status.status).toBe(200);
  const reply = await control('/reply', { method: 'POST', body: JSON.stringify({ messageId: id, content: 'Yes' }) });
  expect(reply.status).toBe(200);
  const listed = await (await control('/deliveries')).json();
  const all = [await status.json(), await reply.json(), listed, sandbox.deliveries()];
  expectNone(all, secretsOf(sandbox));
  // Replaced where it stands, the rest of the answer kept, as the request log keeps it.
  const [first] = sandbox.deliveries();
  expect(first!.outcome).toBe('delivered');
  expect(JSON.parse(first!.attempts[0]!.body!).text).toBe('key=[redacted]; token [redacted]');
});

it("replaces a live session's credentials in the global scope's deliveries, and a credential in the body the sandbox sent", async () => {
  const session = sandbox.createSession();
  try {
    echo = () => JSON.stringify({ session: session.credentials['im-v1'].apiKey });
    sandbox.setCallbackUrls({ smsReply: receiver.url });
    const id = await sendSms();
    // The reply's content is the test's own text, sent to the receiver as given; the log shows it redacted.
    const { delivery } = await sandbox.reply(id, { content: `the key ${sandbox.credentials['im-v1'].apiKey}` });
    expect(delivery!.body.content).toBe('the key [redacted]');
    expectNone(sandbox.deliveries(), [...secretsOf(sandbox), ...secretsOf(sandbox, session.credentials)]);
    expect(sandbox.deliveries().at(-1)!.attempts[0]!.body).toBe('{"session":"[redacted]"}');
  } finally {
    await session.close();
  }
});
