// What the README's "Ids beyond 2^53 - 1" shows, done as it shows it, against a real HTTP server
// on 127.0.0.1 answering an id no JavaScript number holds.
import { parse, parseNumberAndBigInt, stringify } from 'lossless-json';
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
    server.reply(json('[1234567890123456789,4187321]'));
    // README:
    const { data: text } = await gateway.POST('/messages', { body, parseAs: 'text' });
    const ids = parse(text!, null, parseNumberAndBigInt) as bigint[]; // [1234567890123456789n, 4187321n]
    expect(ids).toEqual([1234567890123456789n, 4187321n]);
  });

  it("after the error: its text holds the created ids (the POST is not repeated)", async () => {
    const gateway = createGatewayClient({ baseUrl: server.url, username: 'acme', password: 'pw-90c3d5e1' });
    server.reply(json('[1234567890123456789]'));
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
    expect(ids).toEqual([1234567890123456789n]);
    expect(server.requests.length).toBe(sent + 1);
  });

  it('the reviver with context.source: Node 22 and later give it (CI runs this file there), Node 20 does not', () => {
    // README:
    const exact = (_key: string, value: unknown, context?: { source: string }) =>
      typeof value === 'number' && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source) ? BigInt(context.source) : value;
    const ids = JSON.parse('[1234567890123456789,1.5,1e300]', exact as never);
    const major = Number(process.versions.node.split('.')[0]);
    expect(ids).toEqual(major >= 22 ? [1234567890123456789n, 1.5, 1e300] : [1234567890123456800, 1.5, 1e300]);
  });

  it('a messageid beyond 2^53 - 1 as a bigint, and sms_class as a bigint with lossless-json\'s stringify', async () => {
    const gateway = createGatewayClient({ baseUrl: server.url, username: 'acme', password: 'pw-90c3d5e1' });
    server.reply(json('{"content":"hi","destination":"1"}', 200), json('[1]'));
    // README:
    await gateway.GET('/messages/{messageid}', { params: { path: { messageid: 1234567890123456789n } } });
    expect(server.requests.at(-1)?.path).toBe('/rest/gateway/messages/1234567890123456789');
    await gateway.POST('/messages', { body: { ...body, sms_class: 1234567890123456789n as unknown as number }, bodySerializer: stringify });
    expect(server.requests.at(-1)?.body).toBe('{"content":"Your code is 481516","destination":"447700900123","sms_class":1234567890123456789}');
  });
});
