// drain()'s time bound is one without data, not a total: a client still writing a refused body
// when the bound has passed in all is read to its end (and so gets its answer), and one that stops
// writing is let go after the bound. Under load a 16 MiB upload took 9 s against the 5 s bound, the
// sandbox answered mid-upload and the client met EPIPE (defects.test.ts, seen in CI).
import { createServer, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drain } from '../src/http-io.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Serves one request: drains it with `limits`, then reports whether the whole body had arrived. */
async function drained(limits: { bytes: number; ms: number }, send: (write: (text: string) => void, end: () => void) => void): Promise<boolean> {
  let report!: (complete: boolean) => void;
  const result = new Promise<boolean>((resolve) => (report = resolve));
  const server = createServer((req: IncomingMessage, res) => {
    void drain(req, limits).then(() => {
      report(req.complete);
      res.end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const socket = connect((server.address() as { port: number }).port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write('POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ntransfer-encoding: chunked\r\n\r\n');
  send(
    (text) => socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`),
    () => socket.end('0\r\n\r\n'),
  );
  const complete = await result;
  socket.destroy();
  return complete;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drain', () => {
  it('reads a body that keeps arriving to its end, past the time bound in all', async () => {
    // 25 pieces 100 ms apart: 2.5 s in all, against a bound of 1 s without data.
    const complete = await drained({ bytes: 1 << 20, ms: 1000 }, async (write, end) => {
      for (let i = 0; i < 25; i++) {
        write('x'.repeat(100));
        await wait(100);
      }
      end();
    });
    expect(complete).toBe(true);
  });

  it('lets go of a body that stops arriving, after the bound without data', async () => {
    const complete = await drained({ bytes: 1 << 20, ms: 300 }, (write) => write('x'.repeat(100)));
    expect(complete).toBe(false);
  });

  it('lets go past the bytes bound, however fast the body arrives', async () => {
    const complete = await drained({ bytes: 1000, ms: 5000 }, (write, end) => {
      for (let i = 0; i < 20; i++) write('x'.repeat(100));
      end();
    });
    expect(complete).toBe(false);
  });
});
