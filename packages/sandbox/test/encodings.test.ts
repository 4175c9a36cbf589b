// Bodies are JSON (the document: "All request and response bodies are JSON"), and JSON between
// systems is UTF-8 (RFC 8259 section 8.1). The sandbox decodes no content coding and reads no other
// charset, so it refuses them, as the webhooks package's receivers do, rather than take a labelled
// gzip body as plain JSON or store Latin-1 as U+FFFD (trial65, finding 4). Each refusal is in the
// interface's own shape and names the header or the body and the rule (README, Sandbox choices).
import { gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const smsBody = '{"destination":"+447700900123","content":"hi"}';
const imBody = '{"destination":{"mobile":"+447700900123"},"message":{"type":"text","text":{"body":"hi"}}}';

/** One request over node:http, its body in the pieces given, each written on its own turn (so the server reads several chunks). */
function send(path: string, headers: Record<string, string>, pieces: readonly (string | Buffer)[], method = 'POST') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    const req = request(`${t.sandbox.url}${path}`, { method, headers: { 'transfer-encoding': 'chunked', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => void (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    const write = (index: number) => {
      if (index === pieces.length) return void req.end();
      req.write(pieces[index]!, () => setTimeout(() => write(index + 1), 20));
    };
    write(0);
  });
}
const sms = (headers: Record<string, string>, ...pieces: (string | Buffer)[]) =>
  send('/rest/sms/v2/messages', { authorization: t.sandbox.credentials['sms-v2'].apiKey, ...headers }, pieces);
const im = (headers: Record<string, string>, ...pieces: (string | Buffer)[]) =>
  send('/rest/im/v1/message', { authorization: t.sandbox.credentials['im-v1'].apiKey, ...headers }, pieces);

describe('Content-Encoding', () => {
  it('refuses plain JSON labelled gzip on B: 415 in B’s shape, naming the header and the rule, with Accept-Encoding: identity', async () => {
    const answer = await sms({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, smsBody);
    expect(answer.status).toBe(415);
    expect(answer.headers['accept-encoding']).toBe('identity');
    expect(responseViolations('sms-v2.sendMessage', 415, answer.body)).toEqual([]);
    expect(answer.body.message).toBe('Content-Encoding must be identity: headers/content-encoding must be identity, the sandbox decodes no content coding (content-encoding)');
    expect(t.sandbox.requests()[0]!.status).toBe(415);
  });

  it('refuses a real gzip body for its encoding, not as broken JSON', async () => {
    const answer = await sms({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(smsBody));
    expect([answer.status, answer.body.message]).toEqual([415, expect.stringContaining('Content-Encoding must be identity')]);
  });

  it('refuses br on C with C’s 400, the field named', async () => {
    const answer = await im({ 'content-type': 'application/json', 'content-encoding': 'br' }, imBody);
    expect(answer.status).toBe(400);
    expect(responseViolations('im-v1.sendMessage', 400, answer.body)).toEqual([]);
    expect(answer.body.errors).toEqual([
      { field: 'headers content-encoding', code: 400, description: 'headers content-encoding must be identity the sandbox decodes no content coding rule content-encoding' },
    ]);
  });

  it.each(['identity', 'Identity', ' identity '])('accepts Content-Encoding %j', async (encoding) => {
    expect((await sms({ 'content-type': 'application/json', 'content-encoding': encoding }, smsBody)).status).toBe(202);
  });
});

// Node's parser decodes `chunked` alone and passes a chain such as `gzip, chunked` with the gzip
// undone (RFC 9112 section 6.1: a transfer coding the server does not understand is refused).
describe('Transfer-Encoding', () => {
  it('refuses plain JSON labelled "gzip, chunked" on B: 415 naming the header and the rule; nothing is stored', async () => {
    const answer = await sms({ 'content-type': 'application/json', 'transfer-encoding': 'gzip, chunked' }, smsBody);
    expect(answer.status).toBe(415);
    expect(responseViolations('sms-v2.sendMessage', 415, answer.body)).toEqual([]);
    expect(answer.body.message).toBe('Transfer-Encoding must be chunked: headers/transfer-encoding must be chunked alone, the sandbox decodes no other transfer coding (transfer-encoding)');
    expect(t.sandbox.requests()[0]!.status).toBe(415);
  });

  it('refuses a real gzip body for its coding on C with C’s 400, the field named', async () => {
    const answer = await im({ 'content-type': 'application/json', 'transfer-encoding': 'gzip, chunked' }, gzipSync(imBody));
    expect(answer.status).toBe(400);
    expect(responseViolations('im-v1.sendMessage', 400, answer.body)).toEqual([]);
    expect(answer.body.errors).toEqual([
      { field: 'headers transfer-encoding', code: 400, description: 'headers transfer-encoding must be chunked alone the sandbox decodes no other transfer coding rule transfer-encoding' },
    ]);
  });

  it('accepts Transfer-Encoding "Chunked"', async () => {
    expect((await sms({ 'content-type': 'application/json', 'transfer-encoding': 'Chunked' }, smsBody)).status).toBe(202);
  });
});

describe('charset', () => {
  it('refuses charset=iso-8859-1 on B: 415 naming the parameter and the rule; nothing is stored', async () => {
    const answer = await sms({ 'content-type': 'application/json; charset=iso-8859-1' }, Buffer.from('{"destination":"+447700900123","content":"caf\xe9"}', 'latin1'));
    expect(answer.status).toBe(415);
    expect(responseViolations('sms-v2.sendMessage', 415, answer.body)).toEqual([]);
    expect(answer.body.message).toBe('Unsupported media type: headers/content-type must name UTF-8 as its charset, or none, as JSON is UTF-8 (charset)');
  });

  it('refuses another charset on C with C’s 400', async () => {
    const answer = await im({ 'content-type': 'application/json; charset=utf-16' }, imBody);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'headers content-type', code: 400, description: 'headers content-type must name UTF-8 as its charset or none as JSON is UTF-8 rule charset' }]);
  });

  it.each(['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf8"'])('accepts %j', async (type) => {
    expect((await sms({ 'content-type': type }, smsBody)).status).toBe(202);
  });
});

describe('UTF-8', () => {
  const latin1 = Buffer.from('{"destination":"+447700900123","content":"caf\xe9"}', 'latin1');

  it('refuses a body that is not UTF-8 with 400 naming the body and the rule, where it stored U+FFFD', async () => {
    const answer = await sms({ 'content-type': 'application/json' }, latin1);
    expect(answer.status).toBe(400);
    expect(responseViolations('sms-v2.sendMessage', 400, answer.body)).toEqual([]);
    expect(answer.body.message).toBe('Request body is not valid JSON: body must be UTF-8, as JSON is (utf-8)');
    const c = await im({ 'content-type': 'application/json' }, Buffer.from(imBody.replace('hi', 'h\xffi'), 'latin1'));
    expect(c.status).toBe(400);
    expect(c.body.errors).toEqual([{ field: 'body', code: 400, description: 'body must be UTF-8 as JSON is rule utf-8' }]);
  });

  it('refuses invalid UTF-8 in a body read in several chunks, and accepts a character split between two', async () => {
    const text = Buffer.from('{"destination":"+447700900123","content":"café €"}');
    const split = text.indexOf(Buffer.from('€')) + 1;
    const accepted = await sms({ 'content-type': 'application/json' }, text.subarray(0, split), text.subarray(split));
    expect(accepted.status).toBe(202);
    expect(t.sandbox.requests().at(-1)!.body).toEqual({ destination: '+447700900123', content: 'café €' });
    const refused = await sms({ 'content-type': 'application/json' }, latin1.subarray(0, 20), latin1.subarray(20));
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('body must be UTF-8')]);
    // A lone lead byte at the very end, which a decoder only sees as broken when the body ends.
    const truncated = await sms({ 'content-type': 'application/json' }, text.subarray(0, split), Buffer.from('"}'));
    expect(truncated.status).toBe(400);
  });
});

describe('the control API', () => {
  it('refuses a control body that is not UTF-8 as no JSON, never reading it as U+FFFD', async () => {
    const answer = await fetch(`${t.sandbox.url}/__sandbox/callbacks`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"imStatus":"http://127.0.0.1:9/caf\xe9"}', 'latin1'),
    });
    expect([answer.status, await answer.json()]).toEqual([400, { error: 'the body must be JSON, which is UTF-8' }]);
    expect(t.sandbox.callbackUrls()).toEqual({});
  });

  // The interfaces' labels hold for control bodies too: a coding or charset the sandbox does not
  // decode was read as plain UTF-8 and acted on.
  it.each([
    ['content-encoding gzip', { 'content-encoding': 'gzip' }],
    ['transfer-encoding gzip, chunked', { 'transfer-encoding': 'gzip, chunked' }],
    ['charset iso-8859-1', { 'content-type': 'application/json; charset=iso-8859-1' }],
  ])('refuses a control body with %s: 415 naming the rule, nothing changed', async (_label, headers) => {
    const answer = await send('/__sandbox/callbacks', { 'content-type': 'application/json', ...headers }, ['{"imStatus":"http://127.0.0.1:9/"}'], 'PUT');
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatch(/^control bodies must be/);
    expect(t.sandbox.callbackUrls()).toEqual({});
  });
});
