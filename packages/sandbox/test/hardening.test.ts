// Hostile inputs: each test here failed before its fix (issue "Hardening, round 3").
import { spawnSync } from 'node:child_process';
import dns from 'node:dns';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../src/index.js';
import { listen, responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
const servers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await sandboxWithClients({ callbackDelivery: { retries: 0, timeoutMs: 2000 } });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  t.sandbox.reset();
  t.sandbox.setCallbackUrls({ smsStatus: '', smsReply: '', imStatus: '' });
});
afterAll(() => t.sandbox.close());

const sendIm = async () =>
  (await t.im.POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } } })).data!.id!;

/** A raw request, so any Host, Origin or header size can be sent. */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.sandbox.url}${path}`, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('callback deliveries', () => {
  it('times an attempt out even after garbage collections (the timer is held strongly)', () => {
    const script = fileURLToPath(new URL('./fixtures/gc-timeout.mjs', import.meta.url));
    const run = spawnSync(process.execPath, ['--expose-gc', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stdout.trim()).not.toBe('hung');
    const delivery = JSON.parse(run.stdout);
    expect(delivery).toMatchObject({ outcome: 'failed', attempts: [{ error: 'timeout' }] });
  });

  it("reads at most a bounded part of a receiver's answer", { timeout: 30_000 }, async () => {
    let written = 0;
    let closed!: () => void;
    const ended = new Promise<void>((resolve) => (closed = resolve));
    const receiver = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      const write = () => {
        while (written < 256 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('close', closed);
      write();
    });
    servers.push(receiver);
    t.sandbox.setCallbackUrls({ imStatus: receiver.url });
    const delivery = await t.sandbox.setStatus(await sendIm(), 'sent');
    await ended;
    expect(delivery?.attempts[0]?.status).toBe(200);
    expect(delivery?.attempts[0]?.body).toHaveLength(1000);
    // The receiver could write the cap and what the sockets buffer, never the whole answer.
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('says in words why an attempt got no answer, as the control API documents `error` (not "fetch failed")', async () => {
    const closedPort = await listen((_req, res) => res.end());
    await closedPort.close(); // nothing listens there any more: refused
    const cut = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-length': '100' });
      res.write('only ten b');
      setTimeout(() => res.destroy(), 20);
    });
    const reset = await listen((req) => {
      req.resume();
      req.socket.resetAndDestroy();
    });
    servers.push(cut, reset);
    const attempt = async (url: string) => {
      t.sandbox.setCallbackUrls({ imStatus: url });
      return (await t.sandbox.setStatus(await sendIm(), 'sent'))?.attempts[0]?.error;
    };
    expect(await attempt(closedPort.url)).toBe('connection refused (ECONNREFUSED)');
    expect(await attempt(cut.url)).toBe('the connection closed before a complete answer (UND_ERR_SOCKET)');
    expect(await attempt(reset.url)).toMatch(/^the connection (was reset \(ECONNRESET\)|closed before a complete answer \(UND_ERR_SOCKET\))$/);
  });

  it('refuses callback addresses that reach the sandbox itself', () => {
    const port = new URL(t.sandbox.url).port;
    for (const address of [`${t.sandbox.url}/__sandbox/status`, `http://localhost:${port}/x`, `http://[::1]:${port}/`, `http://0.0.0.0:${port}/`, `http://127.1:${port}/`,
      // IPv4-mapped IPv6: the URL parser writes it in hex (`[::ffff:7f00:1]`), and it connects to 127.0.0.1.
      `http://[::ffff:127.0.0.1]:${port}/`, `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`, `http://[::ffff:127.9.9.9]:${port}/`,
      // 0.0.0.0 mapped into IPv6 (`[::ffff:0:0]` as the URL parser writes it) connects to this machine as 0.0.0.0 does.
      `http://[::ffff:0.0.0.0]:${port}/`, `http://[::ffff:0:0]:${port}/`]) {
      expect(() => t.sandbox.setCallbackUrls({ imStatus: address }), address).toThrow(/imStatus must not be the sandbox itself/);
    }
    const session = t.sandbox.createSession();
    expect(() => session.setCallbackUrls({ smsStatus: `${t.sandbox.url}/rest/sms/v2/messages` })).toThrow(/smsStatus must not be the sandbox itself/);
    return session.close();
  });

  it('refuses a callback address beyond this machine, naming the field and the opt-in, wherever it is set', async () => {
    for (const address of ['http://example.com/callbacks', 'https://192.0.2.10/x', 'http://api.localhost:9/x', 'http://[2001:db8::1]/x']) {
      expect(() => t.sandbox.setCallbackUrls({ imStatus: address }), address).toThrow(
        /^imStatus must be on this machine \(localhost, 127\.0\.0\.0\/8 or \[::1\]\) unless the sandbox is started with --remote-callbacks/,
      );
    }
    expect(() => t.sandbox.createSession({ callbacks: { smsReply: 'http://example.com/' } })).toThrow(/^smsReply must be on this machine/);
    const answer = await fetch(`${t.sandbox.url}/__sandbox/callbacks`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ smsStatus: 'http://example.com/status' }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/^smsStatus must be on this machine/);
    // This machine, however written:
    for (const address of ['http://localhost:9/x', 'http://127.0.0.2:9/x', 'http://[::1]:9/x', 'http://LOCALHOST:9/x']) {
      expect(() => t.sandbox.setCallbackUrls({ imStatus: address }), address).not.toThrow();
    }
    await expect(startSandbox({ port: 0, callbacks: { imStatus: 'http://example.com/' } })).rejects.toThrow(/^imStatus must be on this machine/);
  });

  it('sends callbacks beyond this machine with remoteCallbacks (--remote-callbacks)', async () => {
    const open = await startSandbox({ port: 0, remoteCallbacks: true, callbacks: { imStatus: 'http://example.com/callbacks' } });
    try {
      expect(() => open.createSession({ callbacks: { smsStatus: 'https://192.0.2.10/x' } })).not.toThrow();
    } finally {
      await open.close();
    }
  });

  it('bounds the deliveries queued per scope', async () => {
    const small = await startSandbox({ port: 0, callbackDelivery: { maxQueued: 2, retries: 0 } });
    const slow = await listen((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(200).end(), 300);
    });
    servers.push(slow);
    try {
      small.setCallbackUrls({ imStatus: slow.url });
      const ids = [];
      for (let i = 0; i < 4; i++) {
        const answer = await fetch(`${small.urls['im-v1']}/message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: small.credentials['im-v1'].apiKey },
          body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'x' } } }),
        });
        ids.push(((await answer.json()) as { id: string }).id);
      }
      const deliveries = await Promise.all(ids.map((id) => small.setStatus(id, 'sent')));
      expect(deliveries.map((d) => d?.outcome)).toEqual(['delivered', 'delivered', 'failed', 'failed']);
      expect(deliveries[3]?.attempts).toEqual([]);
      expect(deliveries[3]?.error).toMatch(/at most 2 deliveries/);
    } finally {
      await small.close();
    }
  });
});

describe('nesting depth', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('refuses a body nested deeper than the bound, in the interface shape, and every read keeps working', async () => {
    const c = t.sandbox.credentials;
    const basic = (u: { username: string; password: string }) => `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`;
    const broadcast = await raw('/rest/gateway/messages/broadcast', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(c['gateway-v1']) },
      body: `{"destination":["+1"],"content":"x","extra":${deep(100_000)}}`,
    });
    expect(broadcast.status).toBe(400);
    expect(responseViolations('gateway-v1.sendBroadcast', 400, JSON.parse(broadcast.body))).toEqual([]);
    expect(broadcast.body).toMatch(/depth/);
    const list = await raw('/rest/campaign_manager/v1/app/lists', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(c['campaign-manager-v1']) },
      body: `{"name":"n","members":${deep(100_000)}}`,
    });
    expect(list.status).toBe(400);
    expect(responseViolations('campaign-manager-v1.createList', 400, JSON.parse(list.body))).toEqual([]);
    const im = await raw('/rest/im/v1/message', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: c['im-v1'].apiKey },
      body: deep(100_000),
    });
    expect(im.status).toBe(400);
    expect(responseViolations('im-v1.sendMessage', 400, JSON.parse(im.body))).toEqual([]);
    expect((await t.campaigns.GET('/lists')).response.status).toBe(200);
    expect((await raw('/__sandbox/requests', {})).status).toBe(200);
    const fault = await raw('/__sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"operation":"im-v1.sendMessage","status":500,"body":${deep(10_000)}}`,
    });
    expect(fault.status).toBe(400);
    expect(fault.body).toMatch(/depth/);
  });
});

describe('the control API', () => {
  it('refuses a Host that is not a loopback name (DNS rebinding)', async () => {
    const answer = await raw('/__sandbox/faults', { headers: { host: `rebind.evil.example:${new URL(t.sandbox.url).port}` } });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toMatch(/Host/);
    expect((await raw('/__sandbox/faults', { headers: { host: `localhost:${new URL(t.sandbox.url).port}` } })).status).toBe(200);
  });

  it('refuses a cross-site request (Origin) and a body that is not application/json', async () => {
    const evil = await raw('/__sandbox/faults', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: '{"operation":"im-v1.sendMessage","status":500}',
    });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).error).toMatch(/Origin/);
    const plain = await raw('/__sandbox/faults', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"operation":"im-v1.sendMessage","status":500}' });
    expect(plain.status).toBe(415);
    expect(t.sandbox.faults.pending()).toEqual({});
    const local = await raw('/__sandbox/faults', {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: '{"operation":"im-v1.sendMessage","status":500}',
    });
    expect(local.status).toBe(200);
  });

  it('beyond loopback, requires the control token it prints, and names a reachable address', async () => {
    const open = await startSandbox({ port: 0, host: '0.0.0.0' });
    try {
      expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(open.controlToken).toMatch(/^[0-9a-f]{32}$/);
      const without = await fetch(`${open.url}/__sandbox/faults`);
      expect(without.status).toBe(401);
      expect(await without.text()).not.toContain(open.controlToken!);
      const wrong = await fetch(`${open.url}/__sandbox/faults`, { headers: { 'x-sandbox-control-token': 'nope' } });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${open.url}/__sandbox/faults`, { headers: { 'x-sandbox-control-token': open.controlToken! } });
      expect(right.status).toBe(200);
    } finally {
      await open.close();
    }
    expect(t.sandbox.controlToken).toBeUndefined();
  });

  it('never records the control token: a client that sends it on every request does not leave it in the request log', async () => {
    const token = 'a-control-token-of-ours-0123456789';
    const guarded = await startSandbox({ port: 0, controlToken: token });
    try {
      const sent = await fetch(`${guarded.urls['im-v1']}/message`, {
        method: 'POST',
        headers: { authorization: guarded.credentials['im-v1'].apiKey, 'content-type': 'application/json', 'x-sandbox-control-token': token },
        body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hi' } } }),
      });
      expect(sent.status).toBe(202);
      const log = await fetch(`${guarded.url}/__sandbox/requests`, { headers: { 'x-sandbox-control-token': token } });
      const text = await log.text();
      expect(JSON.parse(text)).toHaveLength(1);
      expect(text).not.toContain(token);
      expect(guarded.requests()[0]!.headers['x-sandbox-control-token']).toBe('[redacted]');
    } finally {
      await guarded.close();
    }
  });

  it('refuses to start when a loopback name resolves beyond loopback, where its control API would be unguarded', async () => {
    // The system resolver asks DNS for a subdomain of localhost (only `localhost` is in /etc/hosts); a
    // search domain or a wildcard may answer with any address. Here it answers 0.0.0.0.
    const lookup = dns.lookup;
    const spy = vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, ...rest: unknown[]) => {
      const callback = rest.at(-1) as (error: Error | null, ...answer: unknown[]) => void;
      // Node 22 and 24 listen through lookup with { all: true } (an array of addresses), Node 20 without.
      const all = (rest[0] as { all?: boolean } | undefined)?.all === true;
      if (hostname === 'sandbox.localhost') return all ? process.nextTick(callback, null, [{ address: '0.0.0.0', family: 4 }]) : process.nextTick(callback, null, '0.0.0.0', 4);
      return (lookup as (...args: unknown[]) => void)(hostname, ...rest);
    }) as typeof dns.lookup);
    try {
      await expect(startSandbox({ port: 0, host: 'sandbox.localhost' })).rejects.toThrow(
        'host sandbox.localhost resolved to 0.0.0.0, beyond loopback, where the control API would be unguarded',
      );
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('beyond loopback, draws the control token at random even in deterministic mode (a known seed must not give it away)', async () => {
    // The seed is in the integrator's repository and the README's examples (`--seed demo`); a token
    // derived from it would let anyone on the network drive the control API (callbacks to any address).
    const first = await startSandbox({ port: 0, host: '0.0.0.0', seed: 'demo', allowSeededCredentials: true });
    const second = await startSandbox({ port: 0, host: '0.0.0.0', seed: 'demo', allowSeededCredentials: true });
    try {
      expect(first.credentials).toEqual(second.credentials); // deterministic mode still is
      expect(first.controlToken).toMatch(/^[0-9a-f]{32}$/);
      expect(second.controlToken).not.toBe(first.controlToken);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('headers', () => {
  it('answers an oversized request header with 431', async () => {
    const answer = await raw('/rest/im/v1/message', { method: 'POST', headers: { 'x-big': 'a'.repeat(20_000) }, body: '{}' });
    expect(answer.status).toBe(431);
  });
});
