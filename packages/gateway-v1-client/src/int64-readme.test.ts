// What the README's "Ids beyond 2^53 - 1" shows, done as it shows it, against a real HTTP server
// on 127.0.0.1 answering an id no JavaScript number holds.
import { parse, parseNumberAndBigInt } from 'lossless-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { ClientNetworkError, createGatewayClient } from './index.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
const json = (body: string, status = 201) => ({ status, headers: { 'Content-Type': 'application/json' }, body });
const body = { content: 'Your code is 481516', destination: '447700900123' };

describe("the README's int64 examples", () => {
  it("parseAs: 'text', then lossless-json: every integer exactly, as a bigint", async () => {
    const gateway = createGatewayClient({ baseUrl: server.url, username: 'acme', password: 'pw-90c3d5e1' });
    server.reply(json('[12345678901234567895,4187321]'));
    // README:
    const { data: text } = await gateway.POST('/messages', { body, parseAs: 'text' });
    const ids = parse(text!, null, parseNumberAndBigInt) as bigint[]; // [12345678901234567895n, 4187321n]
    expect(ids).toEqual([12345678901234567895n, 4187321n]);
  });

  it("after the error: its text holds the created ids (the POST is not repeated)", async () => {
    const gateway = createGatewayClient({ baseUrl: server.url, username: 'acme', password: 'pw-90c3d5e1' });
    server.reply(json('[12345678901234567895]'));
    const sent = server.requests.length;
    // README:
    let ids: readonly (number | bigint)[] | undefined;
    try {
      const { data } = await gateway.POST('/messages', { body });
      ids = data;
    } catch (error) {
      if (!(error instanceof ClientNetworkError && error.kind === 'unsafe-integer')) throw error;
      ids = parse(error.text!, null, parseNumberAndBigInt) as bigint[];
    }
    expect(ids).toEqual([12345678901234567895n]);
    expect(server.requests.length).toBe(sent + 1);
  });

  it('the reviver with context.source: Node 22 and later give it (CI runs this file there), Node 20 does not', () => {
    // README:
    const exact = (_key: string, value: unknown, context?: { source: string }) =>
      typeof value === 'number' && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source) ? BigInt(context.source) : value;
    const parsed = JSON.parse('[12345678901234567895,1.5,1e300]', exact as never);
    const major = Number(process.versions.node.split('.')[0]);
    expect(parsed).toEqual(major >= 22 ? [12345678901234567895n, 1.5, 1e300] : [12345678901234567000, 1.5, 1e300]);
  });
});
