// Reading a request body: a body in several chunks is decoded chunk by chunk (no whole-body Buffer),
// and reads exactly as the whole body decoded at once, characters split between chunks included.
import { type IncomingMessage, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, Server as NetServer } from 'node:net';
import { type Answer, clientErrorAnswer, flushAnswers, readBodyText, REQUEST_TIME_LIMITS, send } from '../src/http-io.js';
import { startSandbox } from '../src/index.js';

const request = (chunks: Buffer[], headers: Record<string, string> = {}) => Object.assign(Readable.from(chunks, { objectMode: false }), { headers }) as unknown as IncomingMessage;

describe('readBody (readBodyText: as a promise)', () => {
  it('decodes UTF-8 split across chunks as the whole body decoded at once', async () => {
    const body = Buffer.from(JSON.stringify({ text: 'é€😀 and a lone \ud800 surrogate' }));
    for (let cut = 1; cut < body.length; cut++) {
      const chunks = [body.subarray(0, cut), body.subarray(cut, cut + 3), body.subarray(cut + 3)].filter((c) => c.length > 0);
      expect(await readBodyText(request(chunks), 1024)).toEqual({ ok: true, text: body.toString('utf8') });
    }
  });

  it('reports bytes that are not UTF-8, in one chunk or several, rather than decode them to U+FFFD', async () => {
    const notUtf8 = { ok: true, text: '', notUtf8: true };
    const invalid = Buffer.from([0x7b, 0xe2, 0x82, 0x7d, 0xff, 0xc3]);
    expect(await readBodyText(request([invalid.subarray(0, 2), invalid.subarray(2, 5), invalid.subarray(5)]), 1024)).toEqual(notUtf8);
    expect(await readBodyText(request([invalid]), 1024)).toEqual(notUtf8);
    // Cut short inside a character: broken only once the body ends.
    const truncated = Buffer.from('{"a":"€"}').subarray(0, 7);
    expect(await readBodyText(request([truncated.subarray(0, 3), truncated.subarray(3)]), 1024)).toEqual(notUtf8);
    expect(await readBodyText(request([truncated]), 1024)).toEqual(notUtf8);
    // The limit still holds after the bytes went wrong.
    expect(await readBodyText(request([invalid, Buffer.alloc(1100)]), 1024)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('stops at the limit counted over the chunks', async () => {
    expect(await readBodyText(request([Buffer.alloc(600), Buffer.alloc(600)]), 1024)).toEqual({ ok: false, reason: 'too-large' });
    expect(await readBodyText(request([]), 1024)).toEqual({ ok: true, text: '' });
  });
});

// send() writes the answer's headers as Node's flat name/value list (http-io.ts): the framing
// headers are the sandbox's, whatever names an answer's own headers use, and each is sent once.
describe('send', () => {
  async function answered(answer: Answer): Promise<{ status: number; raw: string[]; body: string }> {
    const server = createServer((_req, res) => send(res, answer));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise((resolve, reject) => {
        get({ host: '127.0.0.1', port, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, raw: res.rawHeaders, body }));
        }).on('error', reject);
      });
    } finally {
      server.close();
    }
  }
  const named = (raw: string[], name: string) => raw.filter((_, i) => i % 2 === 1 && raw[i - 1]!.toLowerCase() === name);

  it('sends its own headers, and the framing ones once each, from the body it writes', async () => {
    const json = await answered({ status: 201, body: { id: 'é' }, headers: { location: '/x/1', 'Content-Type': 'text/plain', 'Content-Length': '999', RetryAfter: '5' } });
    expect(json.body).toBe('{"id":"é"}');
    expect([named(json.raw, 'content-type'), named(json.raw, 'content-length'), named(json.raw, 'location'), named(json.raw, 'retryafter')]).toEqual([
      ['application/json'],
      [String(Buffer.byteLength('{"id":"é"}'))],
      ['/x/1'],
      ['5'],
    ]);
    const empty = await answered({ status: 204, body: { ignored: true }, headers: { allow: 'GET' } });
    expect([empty.status, empty.body, named(empty.raw, 'content-length'), named(empty.raw, 'content-type'), named(empty.raw, 'allow')]).toEqual([204, '', [], [], ['GET']]);
    const text = await answered({ status: 200, text: { contentType: 'application/yaml', body: 'a: 1\n' }, close: true });
    expect([text.body, named(text.raw, 'content-type'), named(text.raw, 'content-length'), named(text.raw, 'connection')]).toEqual(['a: 1\n', ['application/yaml'], ['5'], ['close']]);
  });
});

// send() stores the head at once and writes the answer at the end of the event loop's turn, with the
// other answers of that turn (http-io.ts: one wake-up of a waiting client for all of them).
describe('send: answers written together at the end of the turn', () => {
  /** A raw request on a new connection to `port`, and everything received until the server closes it. */
  const exchange = (port: number, request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });

  async function serving(handler: Parameters<typeof createServer>[1]) {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, close: () => server.close() };
  }

  it('has sent the head when it returns (headersSent), and a header Node refuses throws to its caller', async () => {
    const seen: unknown[] = [];
    const server = await serving((_req, res) => {
      try {
        send(res, { status: 200, body: {}, headers: { 'x-bad': 'a\nb' } });
      } catch (error) {
        seen.push((error as NodeJS.ErrnoException).code, res.headersSent);
      }
      send(res, { status: 201, body: { ok: true }, close: true });
      seen.push(res.headersSent);
    });
    try {
      const answer = await exchange(server.port, 'GET / HTTP/1.1\r\nhost: x\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 201 [^]*\r\n\r\n\{"ok":true\}$/);
      expect(seen).toEqual(['ERR_INVALID_CHAR', false, true]);
    } finally {
      server.close();
    }
  });

  it('flushAnswers writes the stored answers at once: a connection closed right after still carries them', async () => {
    const answerThenClose = (flush: boolean) =>
      serving((_req, res) => {
        send(res, { status: 202, body: { id: 'x' } });
        if (flush) flushAnswers();
        res.socket!.destroy();
      });
    const flushed = await answerThenClose(true);
    const unflushed = await answerThenClose(false);
    try {
      expect(await exchange(flushed.port, 'GET / HTTP/1.1\r\nhost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 202 Accepted\r\n[^]*\{"id":"x"\}$/);
      // Without it the answer was still waiting for the end of the turn when the connection closed.
      expect(await exchange(unflushed.port, 'GET / HTTP/1.1\r\nhost: x\r\n\r\n')).toBe('');
    } finally {
      flushed.close();
      unflushed.close();
    }
  });

  it('answers pipelined requests on one connection, each once and in order', async () => {
    let n = 0;
    const server = await serving((req, res) => {
      req.resume();
      send(res, { status: 200, body: { n: ++n } });
    });
    try {
      const get = 'GET / HTTP/1.1\r\nhost: x\r\n\r\n';
      const answer = await exchange(server.port, `${get.repeat(4)}GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
      expect(answer.match(/\{"n":\d\}/g)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '{"n":5}']);
    } finally {
      server.close();
    }
  });

  describe('in a test that fakes the timers', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.resetModules();
    });

    /** http-io loaded afresh under what the test set up (then undone by `undo`): its send() answers a request. */
    async function expectFreshSendAnswers(undo: () => void) {
      vi.resetModules();
      const io = await import('../src/http-io.js');
      undo();
      const server = await serving((_req, res) => io.send(res, { status: 202, body: { id: 'x' }, close: true }));
      try {
        expect(await exchange(server.port, 'GET / HTTP/1.1\r\nhost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 202 Accepted\r\n[^]*\{"id":"x"\}$/);
      } finally {
        server.close();
      }
    }

    it("answers with node:timers' setImmediate, not a global one a test replaced before it loaded (jest's legacy fake timers)", { timeout: 5000 }, async () => {
      vi.stubGlobal('setImmediate', () => {}); // a fake that never runs what it is given
      await expectFreshSendAnswers(() => vi.unstubAllGlobals());
    });

    it('answers at once where the setImmediate it finds is a fake already (marked clock, as @sinonjs/fake-timers marks it)', { timeout: 5000 }, async () => {
      vi.doMock('node:timers', async (original) => ({ ...(await original<object>()), setImmediate: Object.assign(() => {}, { clock: {} }) }));
      await expectFreshSendAnswers(() => vi.doUnmock('node:timers'));
    });

    it('a sandbox in the same process still answers (the end of the turn is the real setImmediate, taken at load)', { timeout: 5000 }, async () => {
      const sandbox = await startSandbox({ port: 0, seed: 'fake-timers' });
      vi.useFakeTimers({ toFake: ['setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      try {
        const { port } = new URL(sandbox.url);
        const answer = await exchange(Number(port), `GET /__sandbox/requests HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\n\r\n`);
        expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      } finally {
        vi.useRealTimers();
        await sandbox.close();
      }
    });
  });
});

describe('clientErrorAnswer', () => {
  it('answers a body that never ends 408, naming the time bounds, not as a malformed request', async () => {
    // The sandbox's server with its time bounds shortened: Node's timeout, then the sandbox's answer.
    const server = createServer({ requestTimeout: 300, headersTimeout: 200, connectionsCheckingInterval: 50 }, (req, res) => {
      req.resume();
      req.on('end', () => res.end());
    });
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => socket.end(clientErrorAnswer(error)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
          socket.write('POST /rest/im/v1/message HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{');
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({ error: `request not received in time: headers within ${REQUEST_TIME_LIMITS.headersMs / 1000} s, the whole request within ${REQUEST_TIME_LIMITS.requestMs / 1000} s` });
    } finally {
      server.close();
    }
  });

  // README, Bounds: headers within 60 s, the whole request within 300 s. Node checks both only
  // every connectionsCheckingInterval (30 s by default: the trial's 408s came after 81 s and 321 s),
  // so the sandbox's servers check every second; read here off the live servers, the HTTPS one and
  // its plain-HTTP listener included, rather than waited for.
  it("sets the bounds and a check every second on each of the sandbox's servers", async () => {
    const sandbox = await startSandbox({ port: 0, https: true });
    try {
      const ports = [new URL(sandbox.url).port, new URL(sandbox.httpUrl).port].map(Number);
      const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
      const servers = handles.filter((handle): handle is NetServer => handle instanceof NetServer && ports.includes((handle.address() as AddressInfo | null)?.port ?? -1));
      expect(servers).toHaveLength(2);
      for (const server of servers as unknown as { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number }[]) {
        expect([server.headersTimeout, server.requestTimeout, server.connectionsCheckingInterval]).toEqual([60_000, 300_000, 1000]);
      }
      expect(REQUEST_TIME_LIMITS).toEqual({ headersMs: 60_000, requestMs: 300_000, checkMs: 1000 });
    } finally {
      await sandbox.close();
    }
  });

  it('keeps 431 for headers over the limit and 400 for what the parser cannot read', () => {
    expect(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW' })).toMatch(/^HTTP\/1\.1 431 .*"request headers too large"/s);
    expect(clientErrorAnswer({ code: 'HPE_INVALID_METHOD' })).toMatch(/^HTTP\/1\.1 400 .*"malformed HTTP request"/s);
  });
});
