// A request refused before its body is read (401, 405, 415, the router's 404) leaves the body to
// Node, which drains it to keep the connection: on a server with no time limit of its own (Fastify
// sets requestTimeout 0; Node's keep-alive timeout, 5 s, or Fastify's 72 s, only bounds silence, so
// a byte every few seconds resets it) a sender that never finishes the body held the connection for
// as long as it trickled. bodyTimeoutMs bounds it, as it bounds a body the receiver reads (README, "Options").
import { createServer, type RequestListener } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallbackRouter } from './router.js';
import { createImV1StatusReceiver } from './receivers.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => (server.close(resolve), server.closeAllConnections()))));
});

/** A server without time limits of its own: no request timeout (Fastify's default), no keep-alive timeout. */
async function serve(listener: RequestListener): Promise<number> {
  const server = createServer({ requestTimeout: 0, keepAliveTimeout: 0 }, listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends the head and one byte of a 10-byte body, never the rest; resolves with what was answered once the connection closes. */
function stall(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => void (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(`${head}Host: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{`);
  });
}

const receiver = () =>
  createImV1StatusReceiver({ rateLimit: 5, onStatus: () => {}, bodyTimeoutMs: 50, authenticate: (request) => request.headers.get('authorization') === 'let me in' });

describe('a body left unread by a refusal is bounded by bodyTimeoutMs', () => {
  it.each([
    ['401 (authenticate refuses)', 'POST /callbacks HTTP/1.1\r\nContent-Type: application/json\r\n', 401],
    ['405 (another method)', 'PUT /callbacks HTTP/1.1\r\nAuthorization: let me in\r\nContent-Type: application/json\r\n', 405],
    ['415 (another media type)', 'POST /callbacks HTTP/1.1\r\nAuthorization: let me in\r\nContent-Type: text/plain\r\n', 415],
  ])('%s: answered, then the connection is closed', async (_case, head, status) => {
    const port = await serve(receiver().node);
    expect(await stall(port, head)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
  });

  it("the router's 404: answered, then closed after the router's bodyTimeoutMs", async () => {
    const port = await serve(createCallbackRouter({ '/im': receiver() }, { bodyTimeoutMs: 50 }).node);
    expect(await stall(port, 'POST /elsewhere HTTP/1.1\r\nContent-Type: application/json\r\n')).toMatch(/^HTTP\/1.1 404 /);
  });

  it('a body that does arrive after the answer keeps the connection for the next request', async () => {
    const port = await serve(receiver().node);
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    const answered = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (answer.split('HTTP/1.1 ').length - 1 >= count ? resolve() : socket.once('data', check));
        socket.on('data', (chunk: string) => void (answer += chunk));
        check();
      });
    socket.write('POST /callbacks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    socket.write('PUT /callbacks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: let me in\r\nContent-Length: 2\r\n\r\n{}');
    await answered(2);
    socket.destroy();
    expect(answer.match(/HTTP\/1.1 \d+/g)).toEqual(['HTTP/1.1 401', 'HTTP/1.1 405']);
  });
});
