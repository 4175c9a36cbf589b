// HTTPS (section 1): a generated self-signed certificate, the project's gateway client over it, and
// B's plain-HTTP redirect to HTTPS exercised through the sms-v2 client (which does not follow it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientNetworkError } from '@messaging-contracts/client-core';
import { createGatewayClient } from '@messaging-contracts/gateway-v1-client';
import { createSmsClient } from '@messaging-contracts/sms-v2-client';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

const require = createRequire(import.meta.url);
import { type HttpsSandbox, startSandbox } from '../src/index.js';

let sandbox: HttpsSandbox;
let agent: Agent;
const warnings: string[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, https: true, warn: (message) => warnings.push(message) });
  // The client trusts the sandbox's own certificate only (never certificate checks turned off).
  agent = new Agent({ connect: { ca: sandbox.certificate.cert } });
});
afterAll(async () => {
  await sandbox.close();
  await agent.close();
});

// As the README shows it (Object.assign: no cast between undici's Agent and @types/node's).
const trusting = (request: Request, init?: RequestInit) => fetch(request, Object.assign({}, init, { dispatcher: agent }));

describe('--https', () => {
  it('serves the four interfaces over HTTPS with a generated certificate, and prints its fingerprint', async () => {
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.certificate?.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const gateway = createGatewayClient({ baseUrl: sandbox.url, ...sandbox.credentials['gateway-v1'], fetch: trusting });
    const sent = await gateway.POST('/messages', { body: { destination: '+447700900123', content: 'over TLS' } });
    expect(sent.response.status).toBe(201);
    const read = await gateway.GET('/messages/{messageid}', { params: { path: { messageid: sent.data![0]! } } });
    expect(read.data).toMatchObject({ content: 'over TLS' });
  });

  it('refuses a client that does not trust the certificate', async () => {
    const gateway = createGatewayClient({ baseUrl: sandbox.url, ...sandbox.credentials['gateway-v1'] });
    await expect(gateway.POST('/messages', { body: { destination: '+1', content: 'x' } })).rejects.toBeInstanceOf(ClientNetworkError);
  });

  it("redirects B's plain-HTTP requests to HTTPS (308), and the client reports the redirect without following it", async () => {
    const plain = await fetch(`${sandbox.httpUrl}/rest/sms/v2/messages?id=x`, { redirect: 'manual' });
    expect(plain.status).toBe(308);
    expect(plain.headers.get('location')).toBe(`${sandbox.url}/rest/sms/v2/messages?id=x`);
    const sms = createSmsClient({ baseUrl: sandbox.httpUrl!, apiKey: sandbox.credentials['sms-v2'].apiKey });
    const error = await sms.POST('/messages', { body: { destination: '+447700900123', content: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect((error as ClientNetworkError).kind).toBe('redirect');
    const other = await fetch(`${sandbox.httpUrl}/rest/gateway/messages`, { method: 'POST' });
    expect(other.status).toBe(400);
  });

  // The plain-HTTP listener had no answer of its own for a request Node's parser gives up on: a
  // malformed one got Node's bare 400, and one past the time bounds a bare 408, where README
  // ("Bounds") promises the sandbox's { error } naming them on this listener too.
  it("answers a malformed request on the plain-HTTP listener with the sandbox's own { error }, as the HTTPS server does", async () => {
    const { connect } = await import('node:net');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(sandbox.httpUrl).port), '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => void (text += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.write('GET /rest/sms/v2/\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"error":"malformed HTTP request"}');
  });

  it('answers a CORS preflight on the plain-HTTP listener as the HTTPS server does (never 308), then redirects the call itself', async () => {
    const preflight = (base: string, origin: string) =>
      trusting(
        new Request(`${base}/rest/sms/v2/messages`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
          redirect: 'manual',
        }),
      );
    const answer = async (response: Response) => ({
      status: response.status,
      headers: [...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary' || name === 'content-type'),
      body: await response.text(),
    });
    for (const origin of ['http://127.0.0.1:4921', 'http://app.example.test:4921']) {
      const plain = await answer(await preflight(sandbox.httpUrl!, origin));
      expect(plain).toEqual(await answer(await preflight(sandbox.url, origin)));
      expect(plain.status).toBe(origin.includes('127.0.0.1') ? 204 : 403);
    }
    // The refused origin is told once, though both listeners refused it.
    expect(warnings.filter((w) => w.includes('"http://app.example.test:4921"'))).toHaveLength(1);
    // The call after the preflight: redirected, with the CORS headers a page needs to see the answer.
    const call = await fetch(`${sandbox.httpUrl}/rest/sms/v2/messages`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4921', 'content-type': 'application/json' },
      body: '{}',
      redirect: 'manual',
    });
    expect(call.status).toBe(308);
    expect(call.headers.get('location')).toBe(`${sandbox.url}/rest/sms/v2/messages`);
    expect(call.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4921');
  });

  it("prints the certificate's public-key (SPKI) SHA-256 as openssl computes it, the hash Chromium's --ignore-certificate-errors-spki-list takes", () => {
    const openssl = (args: string[], input: string | Buffer) => {
      const run = spawnSync('openssl', args, { input, timeout: 20_000 });
      expect(run.status).toBe(0);
      return run.stdout;
    };
    const publicKey = openssl(['x509', '-pubkey', '-noout'], sandbox.certificate.cert);
    const der = openssl(['pkey', '-pubin', '-outform', 'der'], publicKey);
    expect(sandbox.certificate.spkiSha256).toBe(openssl(['dgst', '-sha256', '-binary'], der).toString('base64'));
  });

  // The HTTPS section's blocks: the Node client's (undici), then the browser's (playwright-core).
  it.each(["from 'undici'", "from 'playwright-core'"])("README's HTTPS snippet %s compiles as written in a Node-only strict project (lib ES2023, @types/node, no DOM)", { timeout: 60_000 }, (marker) => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### HTTPS'), readme.indexOf('### Browser apps'));
    const snippet = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((block) => block[1]!).find((block) => block.includes(marker));
    expect(snippet, marker).toBeDefined();
    // Inside the package (an ES module package), so that its node_modules (undici, @types/node, the
    // gateway client) and the package itself (by name, its exports: the built dist) resolve as in an
    // integrator's project.
    const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.https-snippet-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'snippet.ts'), snippet!);
    const compilerOptions = { target: 'ES2022', lib: ['ES2023'], types: ['node'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['snippet.ts'] }));
    const tsc = spawnSync(process.execPath, [join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc'), '-p', dir], { encoding: 'utf8', timeout: 50_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('refuses a supplied certificate that is not PEM', async () => {
    await expect(startSandbox({ port: 0, https: { cert: 'nope', key: 'nope' } })).rejects.toThrow(/PEM certificate/);
  });
});
