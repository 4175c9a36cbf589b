// Sections 2.1 and 4.1 type A's message ids int64: a JavaScript number holds integers exactly only
// up to 2^53 - 1. An answer with a larger id must never reach the caller as a different number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { createGatewayClient } from './client.js';
import { ClientNetworkError, throwOnError } from './index.js';

const username = 'acme';
const password = 'pw-5e0a7c31';
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
const json = (body: string, status = 201) => ({ status, headers: { 'Content-Type': 'application/json' }, body });

describe('an id beyond 2^53 - 1', () => {
  it('is never handed back as a different number: POST /messages throws, naming pointer, digits and rule', async () => {
    const gateway = createGatewayClient({ baseUrl: server.url, username, password });
    server.reply(json('[12345678901234567895]'));
    const error = await thrown(() => gateway.POST('/messages', { body: { content: 'hi', destination: '447700900123' } }));
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'unsafe-integer', method: 'POST', url: `${server.url}/rest/gateway/messages`, pointer: '/0', digits: '12345678901234567895' });
    expect((error as ClientNetworkError).message).toBe(
      `POST ${server.url}/rest/gateway/messages answered 12345678901234567895 at "/0": beyond 2^53-1, not exact as a JavaScript number; ` +
        "A's ids are int64 (sections 2.1, 4.1). Read error.text with an exact JSON parser, or use parseAs: 'text'",
    );
    // The answer as sent, so that the created message's id is not lost (a POST must not be repeated).
    expect((error as ClientNetworkError).text).toBe('[12345678901234567895]');
  });

  it.each([
    ['GET /messages/{messageid}: Message.id', 200, '{"id":12345678901234567895,"content":"hi","destination":"1"}', '/id'],
    ['POST /messages/broadcast: an item\'s id', 201, '[{"id":1,"status":"ok"},{"id":12345678901234567895,"status":"ok"}]', '/1/id'],
  ])('%s throws too, in throw-on-error mode as well', async (title, status, answer, pointer) => {
    const gateway = createGatewayClient({ baseUrl: server.url, username, password });
    const throwing = throwOnError(gateway);
    const get = title.startsWith('GET');
    const body = { content: 'hi', destination: ['1', '2'] };
    server.reply(json(answer, status), json(answer, status));
    const plain = () => (get ? gateway.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } }) : gateway.POST('/messages/broadcast', { body }));
    expect(await thrown(plain)).toMatchObject({ kind: 'unsafe-integer', pointer, digits: '12345678901234567895' });
    const thrower = () => (get ? throwing.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } }) : throwing.POST('/messages/broadcast', { body }));
    expect(await thrown(thrower)).toMatchObject({ kind: 'unsafe-integer', pointer });
  });
});

describe('a request naming an id beyond 2^53 - 1', () => {
  it('a bigint messageid is sent as its digits, exactly', async () => {
    const gateway = createGatewayClient({ baseUrl: server.url, username, password });
    server.reply(json('{"content":"hi","destination":"1"}', 200));
    await gateway.GET('/messages/{messageid}', { params: { path: { messageid: 12345678901234567895n } } });
    expect(server.requests.at(-1)?.path).toBe('/rest/gateway/messages/12345678901234567895');
  });

  it('a number messageid beyond 2^53 - 1 is refused before anything is sent, naming the parameter', async () => {
    const gateway = createGatewayClient({ baseUrl: server.url, username, password });
    const sent = server.requests.length;
    // As written, 12345678901234567895; as a number, 12345678901234567000: another message's id.
    const error = await thrown(() => gateway.GET('/messages/{messageid}', { params: { path: { messageid: Number('12345678901234567895') } } }));
    expect(error).toEqual(new TypeError('path parameter messageid must be an integer, as a number up to 2^53-1 in magnitude or a bigint (got 12345678901234567000)'));
    expect(server.requests.length).toBe(sent);
  });
});
