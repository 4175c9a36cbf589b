// The parts of the safety rules that need no sandbox: what counts as loopback, the destinations
// file, and 429 with RetryAfter (section 8) honoured by the transport.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseDestinations, readDestinations, withDestinations } from '../src/destinations.js';
import { isLoopback } from '../src/safety.js';
import { Transport, UnreachableError } from '../src/transport.js';
import { startRecordingServer } from './support/recording-server.js';

describe('isLoopback', () => {
  it.each([
    ['http://127.0.0.1:4010', true],
    ['http://127.8.9.10', true],
    ['http://localhost:1', true],
    ['http://[::1]:80', true],
    ['http://0.0.0.0:4010', false],
    ['https://api.example.com', false],
    ['http://127.0.0.1.example.com', false],
    ['http://10.0.0.1', false],
    // A subdomain of localhost is looked up in DNS by the system resolver (glibc's "files dns": only
    // `localhost` itself is in /etc/hosts), where a search domain or a wildcard may answer with any
    // address: it counts as live, as any name does (README, "Safety").
    ['http://api.localhost', false],
    ['http://sandbox.localhost:4010', false],
  ])('%s → %s', (url, loopback) => {
    expect(isLoopback(new URL(url))).toBe(loopback);
  });
});

describe('destinations', () => {
  it('reads numbers and addresses, and names the line it cannot read', () => {
    expect(parseDestinations('+447700900999 # mine\n\nqa@example.com\n')).toEqual({ numbers: ['+447700900999'], emails: ['qa@example.com'] });
    expect(() => parseDestinations('+447700900999\n447700900998\n')).toThrow('line 2 is neither a mobile number');
    expect(() => parseDestinations('qa@example.com\n')).toThrow('holds no mobile number');
    expect(() => parseDestinations('+447700900999\n'.repeat(101))).toThrow('at most 100 destinations');
  });

  it('bounds a destinations file that reports no size (a pipe, as `--destinations <(command)` gives) as it reads it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-destinations-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const pipe = join(dir, 'destinations.pipe');
    execFileSync('mkfifo', [pipe]);
    // A writer in another process: 100 KiB of numbers, over the 64 KiB bound, through a pipe whose size is 0.
    const writer = spawn(process.execPath, ['-e', `require('node:fs').writeFileSync(${JSON.stringify(pipe)}, '+447700900999\\n'.repeat(7000))`], { stdio: 'ignore' });
    onTestFinished(() => void writer.kill());
    expect(() => readDestinations(pipe)).toThrow(`--destinations: ${pipe} is over 65536 bytes`);
    writeFileSync(join(dir, 'ours.txt'), '+447700900999\n');
    expect(readDestinations(join(dir, 'ours.txt'))).toEqual({ numbers: ['+447700900999'], emails: [] });
    expect(() => readDestinations(join(dir, 'missing.txt'))).toThrow(`--destinations: cannot read ${join(dir, 'missing.txt')}`);
  });

  it('replaces every destination of the four interfaces and drops generated contacts', () => {
    const file = { numbers: ['+447700900999'], emails: ['qa@example.com'] };
    expect(withDestinations({ destination: '447700900123', content: 'x' }, file)).toEqual({ destination: '+447700900999', content: 'x' });
    expect(withDestinations({ destination: ['1', '2'] }, file)).toEqual({ destination: ['+447700900999', '+447700900999'] });
    expect(withDestinations({ destination: { contact_id: 'c', email: 'e@x.io', mobile: '+1' }, message: {} }, file)).toEqual({ destination: { mobile: '+447700900999' }, message: {} });
    expect(withDestinations({ name: 'n', email: 'x@y.z', members: [{ destination: '1', param1: 'p' }] }, { ...file, emails: [] })).toEqual({
      name: 'n',
      members: [{ destination: '+447700900999', param1: 'p' }],
    });
  });
});

describe('a target that does not answer', () => {
  it('fails the request after --timeout-ms, and stops the run after three in a row', async () => {
    const server = await startRecordingServer(() => ({ status: 200, hang: true }));
    const transport = new Transport({ credentials: {}, maxRequests: 10, intervalMs: 0, timeoutMs: 200, maxResponseBytes: 1024, maxRetryAfterSeconds: 1, retries429: 0, dryRun: false, print: () => {} });
    const request = { operation: 'im-v1.sendMessage', api: 'im-v1' as const, method: 'GET', url: `http://127.0.0.1:${server.port}/`, headers: {}, credentials: 'missing' as const };
    try {
      expect(await transport.send(request)).toMatchObject({ status: 0, notJson: 'no answer within 200 ms' });
      expect(await transport.send(request)).toMatchObject({ status: 0 });
      await expect(transport.send(request)).rejects.toThrow('gave no answer within 200 ms to 3 requests in a row');
    } finally {
      await server.close();
    }
  });
});

describe('429 and RetryAfter (section 8)', () => {
  const transport = (maxRetryAfterSeconds: number) =>
    new Transport({ credentials: {}, maxRequests: 10, intervalMs: 0, timeoutMs: 5000, maxResponseBytes: 1024, maxRetryAfterSeconds, retries429: 3, dryRun: false, print: () => {} });
  const request = (port: number) => ({ operation: 'im-v1.sendMessage', api: 'im-v1' as const, method: 'POST', url: `http://127.0.0.1:${port}/`, headers: {}, credentials: 'missing' as const, body: '{}', retryOn429: true });

  it('waits RetryAfter seconds, then sends again', async () => {
    let calls = 0;
    const server = await startRecordingServer(() => (++calls === 1 ? { status: 429, headers: { RetryAfter: '1' } } : { status: 202, body: '{"id":"x"}' }));
    try {
      const started = Date.now();
      const answer = await transport(60).send(request(server.port));
      expect(answer).toMatchObject({ status: 202, retried: 1, json: { id: 'x' } });
      expect(server.requests).toHaveLength(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    } finally {
      await server.close();
    }
  });

  it('stops the run when RetryAfter is longer than --max-retry-after', async () => {
    const server = await startRecordingServer(() => ({ status: 429, headers: { RetryAfter: '900' } }));
    try {
      await expect(transport(120).send(request(server.port))).rejects.toThrow(UnreachableError);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
