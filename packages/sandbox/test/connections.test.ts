// The bound of connections open at once (README "Bounds"), over real TCP: beyond loopback a host on
// the network could otherwise open connections without end, each holding a file descriptor.
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { DEFAULT_MAX_CONNECTIONS_BEYOND_LOOPBACK, startSandbox } from '../src/index.js';

/** A keep-alive request on `socket`; resolves with what came back before the first answer ended, or '' when the socket closed first. */
function ask(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk;
      // The sandbox's 404 (outside every base path) is a small JSON body: its end is the closing brace.
      if (text.endsWith('}')) done();
    };
    const done = () => {
      socket.off('data', onData).off('close', done);
      resolve(text);
    };
    socket.on('data', onData).on('close', done);
    socket.write('GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => {}); // a refused connection may read as ECONNRESET
    socket.once('error', reject);
  });
}

describe('connections at once', () => {
  it('beyond loopback, a connection past the bound is closed unanswered and said once; one freed lets the next in', async () => {
    const warnings: string[] = [];
    const sandbox = await startSandbox({ port: 0, host: '0.0.0.0', maxConnections: 2, warn: (m) => warnings.push(m) });
    const port = Number(new URL(sandbox.url).port);
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        sockets.push(await open(port));
        // Answered, so the server holds it (kept alive).
        expect(await ask(sockets[i]!)).toMatch(/^HTTP\/1\.1 404 /);
      }
      for (let i = 0; i < 3; i++) {
        const extra = await open(port);
        sockets.push(extra);
        expect(await ask(extra), `extra connection ${i + 1}`).toBe('');
      }
      expect(warnings).toEqual([
        // Said at start: it listens beyond loopback (test/beyond-loopback-warning.test.ts).
        expect.stringMatching(/^warning: listening on 0\.0\.0\.0, beyond loopback/),
        'refused a connection from 127.0.0.1: 2 are open, the most at once (--max-connections, maxConnections); further refusals are not reported',
      ]);
      // A bound of connections at once, not in all: one closed, another gets in (once the server has seen it close).
      sockets[0]!.destroy();
      let answer = '';
      for (let attempt = 0; attempt < 100 && answer === ''; attempt++) {
        const next = await open(port);
        sockets.push(next);
        answer = await ask(next);
        if (answer === '') await sleep(20);
      }
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    } finally {
      for (const socket of sockets) socket.destroy();
      await sandbox.close();
    }
  });

  it('defaults to 256 beyond loopback and none on loopback; --max-connections sets it anywhere', async () => {
    expect(DEFAULT_MAX_CONNECTIONS_BEYOND_LOOPBACK).toBe(256);
    const beyond = await startSandbox({ port: 0, host: '0.0.0.0' });
    const local = await startSandbox({ port: 0 });
    try {
      expect(beyond.maxConnections).toBe(256);
      expect(local.maxConnections).toBeUndefined();
    } finally {
      await Promise.all([beyond.close(), local.close()]);
    }
    expect(parseCliArgs(['--max-connections', '10'])).toMatchObject({ maxConnections: 10 });
    expect(() => parseCliArgs(['--max-connections', '0'])).toThrow(/^--max-connections must be an integer from 1 to 1000000$/);
    await expect(startSandbox({ port: 0, maxConnections: 0 })).rejects.toThrow(new RangeError('maxConnections must be an integer of at least 1'));
  });
});
