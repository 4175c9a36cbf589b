// Callbacks from a service the verifier does not control (no sandbox control API): the user has
// registered `<callback-url>/im/status` with it, the verifier listens on --listen and waits for the
// status callback of the message it sent.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CallbackListener, MAX_ARRIVALS } from '../src/callbacks.js';
import { verify } from '../src/index.js';
import { startRecordingServer } from './support/recording-server.js';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Posts a C status callback body (JSON text) to a receiver's `/im/status`, as a service would; resolves to the answer's status. */
const postImStatus = (base: string, body: string) => fetch(`${base}/im/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.status);

/**
 * A verify run of C against a stand-in for a real service, whose receiver listens on `port` (the
 * callback URL http://127.0.0.1:<port>/hooks): each message it accepts is passed to `onMessage`,
 * which sends its callbacks on its own.
 */
async function verifyAgainstService(port: number, callbackTimeoutMs: number, onMessage: (id: string) => void) {
  const service = await startRecordingServer((request) => {
    if (request.method !== 'POST' || request.headers.authorization !== 'im-key') return { status: 401 };
    const id = randomUUID();
    onMessage(id);
    return { status: 202, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) };
  });
  try {
    return await verify({
      baseUrl: `http://127.0.0.1:${service.port}`,
      apis: ['im-v1'],
      credentials: { 'im-v1': { apiKey: 'im-key' } },
      listen: port,
      callbackUrl: `http://127.0.0.1:${port}/hooks`,
      callbackTimeoutMs,
    });
  } finally {
    await service.close();
  }
}

describe('--listen and --callback-url against a service that sends callbacks on its own', () => {
  it('receives, validates and answers the status callback of the message it sent', async () => {
    const port = await freePort();
    const callbackUrl = `http://127.0.0.1:${port}/hooks`;
    // A stand-in for a real service: every accepted C message is followed by its status callback.
    const report = await verifyAgainstService(port, 5000, (id) => {
      setTimeout(() => {
        postImStatus(callbackUrl, JSON.stringify({ id, status: 'sent', detail: 'Sent' })).catch(() => {}); // after the run, nobody listens
      }, 50);
    });
    const callbackChecks = report.checks.filter((c) => c.check.startsWith('callback-')).map((c) => `${c.check} ${c.passed}`);
    expect(callbackChecks).toContain('callback-received true');
    expect(callbackChecks).toContain('callback-body true');
    expect(callbackChecks).toContain('callback-answer true');
    expect(callbackChecks.every((c) => c.endsWith('true'))).toBe(true);
    // The receiver listened from the first request on: the callbacks of every message accepted
    // during the run arrived and were checked, not only the last one's.
    expect(report.checks.filter((c) => c.check === 'callback-body').length).toBeGreaterThan(10);
  });
});

describe('the callback listener is bounded', () => {
  it(`records at most ${MAX_ARRIVALS} callbacks and counts the rest (anyone can post to a tunnel's address)`, async () => {
    const listener = await CallbackListener.start(0);
    try {
      const post = () => postImStatus(listener.url, JSON.stringify({ id: randomUUID(), status: 'sent' }));
      const statuses: number[] = [];
      for (let batch = 0; batch < 21; batch++) statuses.push(...(await Promise.all(Array.from({ length: 50 }, post))));
      expect(statuses.every((status) => status === 200)).toBe(true); // every one is still answered
      expect(listener.arrivals).toHaveLength(MAX_ARRIVALS);
      expect(listener.dropped).toBe(21 * 50 - MAX_ARRIVALS);
    } finally {
      await listener.close();
    }
  });
});

describe('a callback the receiver refuses is a failure naming why, never a pass or a bare time-out', () => {
  it('past the cap too: a flood of 1000 callbacks first, then every message gets an oversized one (413)', async () => {
    const port = await freePort();
    const callbackUrl = `http://127.0.0.1:${port}/hooks`;
    const post = (body: string) => postImStatus(callbackUrl, body).catch(() => {});
    let flooded: Promise<unknown> | undefined;
    const report = await verifyAgainstService(port, 2000, (id) => {
      // Anyone can post to a tunnel's address: 1000 valid callbacks of no message of the run fill the record.
      flooded ??= (async () => {
        for (let batch = 0; batch < 20; batch++) await Promise.all(Array.from({ length: 50 }, () => post(JSON.stringify({ id: randomUUID(), status: 'sent' }))));
      })();
      // The message's own callback, over the receiver's 64 KiB.
      void flooded.then(() => post(JSON.stringify({ id, status: 'sent', detail: 'x'.repeat(70 * 1024) })));
    });
    const received = report.checks.find((c) => c.check === 'callback-received')!;
    expect(received.passed).toBe(false);
    expect(received.message).toMatch(
      new RegExp(`^no valid statusCallback arrived at ${callbackUrl}/im/status within 2000 ms; the receiver refused \\d+ with 413 body_too_large there \\(each a callback-body failure\\)$`),
    );
    const pastCap = report.checks.find((c) => c.check === 'callback-body' && !c.passed)!;
    expect(pastCap.subject).toBe('callbacks at /im/status past the first 1000 recorded');
    expect(pastCap.message).toMatch(/^the receiver refused \d+ with 413 body_too_large \(not recorded, so no details\)$/);
    expect(report.notes.join('\n')).toMatch(/further callbacks arrived and were answered but not recorded: at most 1000/);
  });

  it('a flood past the cap cannot hide the callback the run awaits', async () => {
    const listener = await CallbackListener.start(0);
    try {
      const post = (id: string, status = 'sent') => postImStatus(listener.url, JSON.stringify({ id, status }));
      const awaited = randomUUID();
      listener.await('imStatus', awaited);
      for (let batch = 0; batch < 20; batch++) await Promise.all(Array.from({ length: 50 }, () => post(randomUUID())));
      expect(await post(randomUUID(), 'delivered-ish')).toBe(400);
      expect(await post(awaited)).toBe(200);
      expect(await post(awaited)).toBe(200); // a flood of the awaited one adds one record, not more
      expect(listener.arrivals).toHaveLength(MAX_ARRIVALS + 1);
      expect(listener.arrivals.at(-1)!.body).toMatchObject({ id: awaited });
      expect(listener.dropped).toBe(2);
      expect(listener.refusedPastCap.get('imStatus')).toEqual(new Map([['400 invalid_body', 1]]));
    } finally {
      await listener.close();
    }
  });
});
