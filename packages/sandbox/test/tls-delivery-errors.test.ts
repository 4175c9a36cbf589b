// A delivery to an https receiver that fails its TLS handshake was recorded with the bare code
// (`DEPTH_ZERO_SELF_SIGNED_CERT`, `ERR_SSL_WRONG_VERSION_NUMBER`), where the control API documents
// `error` in words: it now says what failed and, for an untrusted certificate, how to trust it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type HttpsSandbox, type Sandbox } from '../src/index.js';
import { listen } from './support.js';

let sandbox: Sandbox;
let selfSigned: HttpsSandbox;
let plain: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, callbackDelivery: { retries: 0 } });
  selfSigned = await startSandbox({ port: 0, https: true });
  plain = await listen((req, res) => void req.resume().on('end', () => res.end()));
});
afterAll(() => Promise.all([sandbox.close(), selfSigned.close(), plain.close()]));

async function deliveryError(url: string): Promise<string | undefined> {
  sandbox.setCallbackUrls({ imStatus: url });
  const sent = await fetch(`${sandbox.urls['im-v1']}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: sandbox.credentials['im-v1'].apiKey },
    body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hi' } } }),
  });
  const { id } = (await sent.json()) as { id: string };
  return (await sandbox.setStatus(id, 'received'))?.attempts[0]?.error;
}

it('a self-signed receiver: the certificate is not trusted, and NODE_EXTRA_CA_CERTS is named', async () => {
  expect(await deliveryError(`${selfSigned.url}/callbacks`)).toBe(
    "the server's TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT): to trust it, start the process with NODE_EXTRA_CA_CERTS=<its CA's PEM file>",
  );
});

it('an https address of a plain-HTTP receiver: TLS failed, the receiver may speak plain HTTP', async () => {
  expect(await deliveryError(plain.url.replace('http:', 'https:'))).toMatch(/^the TLS handshake failed \(ERR_SSL_[A-Z_]+\): does the server speak plain http\?$/);
});
