import { readFileSync } from 'node:fs';
// The receivers over real HTTP on 127.0.0.1, in both forms (Node `(req, res)` and fetch
// `(Request) => Response`): what is accepted, what is refused and how, against sections 2.2, 2.3,
// 4.2, 4.3, 6, 7 and 8 of the spec document.
import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { ReceiverErrorEvent } from './core.js';
import {
  type CallbackReceiver,
  createImV1StatusReceiver,
  createSmsV2CallbackReceiver,
  createSmsV2ReplyReceiver,
  createSmsV2StatusReceiver,
} from './receivers.js';
import type { MessageStatus as ImV1MessageStatus } from '@messaging-contracts/im-v1-types';
import type { MessageStatus as SmsV2MessageStatus } from '@messaging-contracts/sms-v2-types';
import type { ImV1StatusCallback, SmsV2ReplyCallback, SmsV2StatusCallback } from './validators.js';
import { conformance, referenceValidator } from './test-support/contract.js';
import { fetchBridge, listen, listenDrained, postJson, type Received, type Running, send, type SendOptions } from './test-support/http.js';
import {
  imV1DetailMaxLength,
  imV1IdMaxLength,
  imV1Statuses,
  imV1TextPattern,
  smsV2Statuses,
  uuid,
} from './test-support/contract-values.js';

const forms = [
  ['node', (receiver: CallbackReceiver): RequestListener => receiver.node],
  ['fetch', (receiver: CallbackReceiver): RequestListener => fetchBridge(receiver.fetch)],
] as const;

type Interface = 'sms-v2' | 'im-v1';

interface Harness {
  url: string;
  /** Bodies the user's handlers received, in order, with the handler's name. */
  calls: Array<[string, unknown]>;
  events: ReceiverErrorEvent[];
}

const running: Running[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

type Setup = (record: (name: string) => (body: unknown) => void, onError: (event: ReceiverErrorEvent) => void) => CallbackReceiver;

/** The four receivers of section 6, each with recording handlers. */
const receivers: Record<string, { api: Interface; setup: Setup }> = {
  'B status': {
    api: 'sms-v2',
    setup: (record, onError) => createSmsV2StatusReceiver({ onStatus: record('onStatus'), onError }),
  },
  'B reply': {
    api: 'sms-v2',
    setup: (record, onError) => createSmsV2ReplyReceiver({ onReply: record('onReply'), onError }),
  },
  'B shared address': {
    api: 'sms-v2',
    setup: (record, onError) =>
      createSmsV2CallbackReceiver({ onStatus: record('onStatus'), onReply: record('onReply'), onError }),
  },
  'C status': {
    api: 'im-v1',
    setup: (record, onError) => createImV1StatusReceiver({ onStatus: record('onStatus'), rateLimit: 42, onError }),
  },
};

async function start(listenerOf: (receiver: CallbackReceiver) => RequestListener, setup: Setup): Promise<Harness> {
  const calls: Harness['calls'] = [];
  const events: ReceiverErrorEvent[] = [];
  const receiver = setup(
    (name) => (body) => void calls.push([name, body]),
    (event) => void events.push(event),
  );
  const server = await listen(listenerOf(receiver));
  running.push(server);
  return { url: server.url, calls, events };
}

/** The documented error shape of the interface, with the HTTP status inside it (section 7). */
function expectErrorShape(api: Interface, received: Received): void {
  expect(received.headers['content-type']).toBe('application/json');
  const body = JSON.parse(received.text) as Record<string, unknown>;
  if (api === 'sms-v2') {
    expect(conformance('sms-v2', 'ErrorBody', body)).toEqual([]);
    expect(body.statusCode).toBe(received.status);
  } else {
    expect(conformance('im-v1', 'APIError', body)).toEqual([]);
    expect(body.code).toBe(received.status);
    // Own text keeps to LongString/ShortString (section 2.3), so a strict sender can parse it.
    expect(body.message).toMatch(imV1TextPattern);
  }
}

/** No stack frames, file paths or thrown messages in an answer. */
function expectNoInternals(text: string, thrown?: string): void {
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node:internal|\.ts\b|\.js\b|Error:/);
  if (thrown) expect(text).not.toContain(thrown);
}

interface Rejection {
  given: SendOptions;
  want: { status: number; reason: ReceiverErrorEvent['reason']; violation?: { pointer: string; rule: string } };
}

const json = { 'content-type': 'application/json' };
const validStatus = JSON.stringify({ id: uuid, status: 'sent' });

/** Refusals every receiver makes the same way, before or instead of schema validation. */
const commonRejections: Array<[string, Rejection]> = [
  ['GET', { given: { method: 'GET' }, want: { status: 405, reason: 'method_not_allowed' } }],
  ['PUT with a valid body', { given: { method: 'PUT', headers: json, body: validStatus }, want: { status: 405, reason: 'method_not_allowed' } }],
  ['DELETE', { given: { method: 'DELETE' }, want: { status: 405, reason: 'method_not_allowed' } }],
  ['text/plain', { given: { headers: { 'content-type': 'text/plain' }, body: validStatus }, want: { status: 415, reason: 'unsupported_media_type' } }],
  [
    'a form',
    {
      given: { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'status=sent' },
      want: { status: 415, reason: 'unsupported_media_type' },
    },
  ],
  [
    'JSON in another charset',
    {
      given: { headers: { 'content-type': 'application/json; charset=iso-8859-1' }, body: validStatus },
      want: { status: 415, reason: 'unsupported_media_type' },
    },
  ],
  ['an empty body', { given: { headers: json, body: '' }, want: { status: 400, reason: 'empty_body' } }],
  ['no body at all', { given: { headers: json }, want: { status: 400, reason: 'empty_body' } }],
  ['truncated JSON', { given: { headers: json, body: '{"id":' }, want: { status: 400, reason: 'malformed_json' } }],
  ['two JSON values', { given: { headers: json, body: '{}{}' }, want: { status: 400, reason: 'malformed_json' } }],
  ['whitespace only', { given: { headers: json, body: '  \n' }, want: { status: 400, reason: 'malformed_json' } }],
  ['nested past 64 levels (MAX_JSON_DEPTH)', { given: { headers: json, body: `{"extra":${'['.repeat(64)}${']'.repeat(64)}}` }, want: { status: 400, reason: 'body_too_deep' } }],
  // RFC 8259 section 4: JSON.parse keeps the last value, a proxy or a log pipeline may keep the
  // first (the security trial's `failed` then `received`); refused, naming the key (README, "Answers").
  [
    'a repeated key (status failed, then received)',
    {
      given: { headers: json, body: `{"id":"${uuid}","status":"failed","status":"received"}` },
      want: { status: 400, reason: 'duplicate_key', violation: { pointer: '/status', rule: 'duplicate-key' } },
    },
  ],
  [
    'a repeated key written escaped the second time',
    {
      given: { headers: json, body: `{"id":"${uuid}","status":"sent","st\\u0061tus":"sent"}` },
      want: { status: 400, reason: 'duplicate_key', violation: { pointer: '/status', rule: 'duplicate-key' } },
    },
  ],
  [
    'invalid UTF-8',
    {
      given: { headers: json, body: Uint8Array.from([0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]) },
      want: { status: 400, reason: 'malformed_json' },
    },
  ],
  [
    'a body over the limit with Content-Length',
    {
      given: { headers: json, body: JSON.stringify({ detail: 'x'.repeat(64 * 1024) }) },
      want: { status: 413, reason: 'body_too_large' },
    },
  ],
  [
    'a body over the limit, chunked',
    {
      given: { headers: json, body: JSON.stringify({ detail: 'x'.repeat(64 * 1024) }), chunked: true },
      want: { status: 413, reason: 'body_too_large' },
    },
  ],
  [
    'a body of 1 MiB',
    { given: { headers: json, body: 'x'.repeat(1024 * 1024) }, want: { status: 413, reason: 'body_too_large' } },
  ],
  [
    'a JSON array',
    { given: { headers: json, body: '[]' }, want: { status: 400, reason: 'invalid_body', violation: { pointer: '', rule: 'type' } } },
  ],
  [
    'JSON null',
    { given: { headers: json, body: 'null' }, want: { status: 400, reason: 'invalid_body', violation: { pointer: '', rule: 'type' } } },
  ],
  [
    'a JSON string',
    { given: { headers: json, body: '"sent"' }, want: { status: 400, reason: 'invalid_body', violation: { pointer: '', rule: 'type' } } },
  ],
];

const invalid = (body: unknown, pointer: string, rule: string): Rejection => ({
  given: { headers: json, body: JSON.stringify(body) },
  want: { status: 400, reason: 'invalid_body', violation: { pointer, rule } },
});
const ambiguous = (body: unknown): Rejection => ({
  given: { headers: json, body: JSON.stringify(body) },
  want: { status: 400, reason: 'ambiguous_body' },
});

const smsV2StatusRejections: Array<[string, Rejection]> = [
  ['an unknown status', invalid({ id: uuid, status: 'not a state' }, '/status', 'enum')],
  ["C's status read", invalid({ status: 'read' }, '/status', 'enum')],
  ['a status in capitals', invalid({ status: 'SENT' }, '/status', 'enum')],
  ['a numeric status', invalid({ status: 3 }, '/status', 'type')],
  ['a null status', invalid({ status: null }, '/status', 'type')],
  ['an id that is no UUID', invalid({ id: 'message-1', status: 'sent' }, '/id', 'format')],
  ['a numeric id', invalid({ id: 42, status: 'sent' }, '/id', 'type')],
  ['an object detail', invalid({ status: 'sent', detail: { text: 'x' } }, '/detail', 'type')],
];

const smsV2ReplyRejections: Array<[string, Rejection]> = [
  ['a numeric source', invalid({ source: 447700900123 }, '/source', 'type')],
  ['a null content', invalid({ content: null }, '/content', 'type')],
  ['an array destination', invalid({ destination: ['+447700900456'] }, '/destination', 'type')],
  ['an id that is no UUID', invalid({ id: 'reply-1', content: 'hi' }, '/id', 'format')],
  ['a boolean operator', invalid({ operator: true }, '/operator', 'type')],
];

const imV1StatusRejections: Array<[string, Rejection]> = [
  ['an unknown status', invalid({ id: uuid, status: 'not a state' }, '/status', 'enum')],
  ["B's status queued", invalid({ status: 'queued' }, '/status', 'enum')],
  ['a numeric status', invalid({ status: 1 }, '/status', 'type')],
  [`a detail of ${imV1DetailMaxLength + 1} characters`, invalid({ status: 'sent', detail: 'x'.repeat(imV1DetailMaxLength + 1) }, '/detail', 'maxLength')],
  [
    // A valid UUID in URN form passes the format but is 45 characters long.
    `an id of ${`urn:uuid:${uuid}`.length} characters`,
    invalid({ id: `urn:uuid:${uuid}`, status: 'sent' }, '/id', 'maxLength'),
  ],
  [`an id of ${imV1IdMaxLength} characters that is no UUID`, invalid({ id: 'z'.repeat(imV1IdMaxLength) }, '/id', 'format')],
  ['a numeric id', invalid({ id: 7 }, '/id', 'type')],
  ['a numeric detail', invalid({ detail: 255 }, '/detail', 'type')],
];

/**
 * Whether the spec document states `Content-Type: application/json` for the callback: only for B's
 * status callback (section 4.2, "Header `Content-Type: application/json` is sent"). The shared
 * address cannot tell a status callback from a reply before reading the body, so it reads it.
 */
const contentTypeStated: Record<string, boolean> = { 'B status': true, 'B reply': false, 'B shared address': false, 'C status': false };

// The README says the same of each receiver: no sentence may claim that a receiver whose callback
// has no stated Content-Type requires the header (its "Not covered" section once said so of the reply).
it('the README words the missing Content-Type as the receivers answer it', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
  expect(readme).toContain('| no `Content-Type` at all | B\'s status callback: 415 (section 4.2 states the header for it); B\'s reply callback, the shared B address and C\'s status callback: read as JSON');
  expect(Object.entries(contentTypeStated).filter(([, stated]) => stated).map(([name]) => name)).toEqual(['B status']);
  expect(readme).not.toMatch(/(reply|C's status|shared B address)[^.|]*(receiver|address)? requires (it|the header|Content-Type)/i);
});

const rejectionsFor: Record<string, Array<[string, Rejection]>> = {
  'B status': [
    ...commonRejections,
    ...smsV2StatusRejections,
    ['no Content-Type (section 4.2 states the header for this callback)', { given: { body: validStatus }, want: { status: 415, reason: 'unsupported_media_type' } }],
  ],
  'B reply': [...commonRejections, ...smsV2ReplyRejections],
  'B shared address': [
    ...commonRejections,
    ...smsV2StatusRejections,
    ...smsV2ReplyRejections.filter(([title]) => title !== 'an id that is no UUID'),
    ['an empty object', ambiguous({})],
    ['only an id', ambiguous({ id: uuid })],
    ['only unknown fields', ambiguous({ kind: 'status' })],
    ['status and reply fields', ambiguous({ id: uuid, status: 'received', content: 'hi' })],
    ['detail and operator', ambiguous({ detail: 'x', operator: 'y' })],
  ],
  'C status': [...commonRejections, ...imV1StatusRejections],
};

const smsV2Reply: SmsV2ReplyCallback = {
  id: '8b2d4f6a-1c3e-4a5b-8d7f-9e0a1b2c3d4e',
  source: '+447700900123',
  destination: '+447700900456',
  content: 'Thanks, received',
  operator: 'Vodafone UK',
};

/** Accepted bodies: [title, body, handler that must get it]. */
const acceptedFor: Record<string, Array<[string, unknown, string]>> = {
  'B status': [
    ...smsV2Statuses.map((status): [string, unknown, string] => [`status ${status}`, { id: uuid, status, detail: 'Delivered to handset' }, 'onStatus']),
    ['an empty object (every field is optional)', {}, 'onStatus'],
    ['an unknown extra field', { id: uuid, status: 'sent', extra: true }, 'onStatus'],
    ['an upper-case UUID (case not shown for B)', { id: uuid.toUpperCase(), status: 'sent' }, 'onStatus'],
  ],
  'B reply': [
    ['a full reply', smsV2Reply, 'onReply'],
    ['an empty object (every field is optional)', {}, 'onReply'],
  ],
  'B shared address': [
    ...smsV2Statuses.map((status): [string, unknown, string] => [`status ${status}`, { id: uuid, status }, 'onStatus']),
    ['only a detail', { id: uuid, detail: 'x' }, 'onStatus'],
    ['a full reply', smsV2Reply, 'onReply'],
    ['only content', { content: 'hi' }, 'onReply'],
  ],
  'C status': [
    ...imV1Statuses.map((status): [string, unknown, string] => [`status ${status}`, { id: uuid, status, detail: 'Message delivered' }, 'onStatus']),
    [`a detail of exactly ${imV1DetailMaxLength} characters`, { status: 'sent', detail: 'x'.repeat(imV1DetailMaxLength) }, 'onStatus'],
    // maxLength counts characters (code points), not UTF-16 units: the limit in emoji is twice as many units.
    [`a detail of ${imV1DetailMaxLength} emoji`, { status: 'sent', detail: '\u{1F600}'.repeat(imV1DetailMaxLength) }, 'onStatus'],
    ['an empty object (no field is required)', {}, 'onStatus'],
  ],
};

describe.each(forms)('%s handler', (_form, listenerOf) => {
  describe.each(Object.entries(receivers))('%s', (name, { api, setup }) => {
    it.each(acceptedFor[name]!)('accepts %s with 200 and calls the handler once', async (_title, body, handler) => {
      const harness = await start(listenerOf, setup);
      const received = await postJson(harness.url, body);
      expect(received.status).toBe(200);
      expect(received.text).toBe('');
      expect(harness.calls).toEqual([[handler, body]]);
      expect(harness.events).toEqual([]);
      if (api === 'im-v1') expect(received.headers['x-ratelimit-limit']).toBe('42');
      else expect(received.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it.each(rejectionsFor[name]!)('refuses %s as documented', async (_title, { given, want }) => {
      const harness = await start(listenerOf, setup);
      const received = await send(harness.url, given);
      expect(received.status).toBe(want.status);
      expectErrorShape(api, received);
      expectNoInternals(received.text);
      expect(harness.calls).toEqual([]);
      expect(harness.events).toHaveLength(1);
      expect(harness.events[0]).toMatchObject({ status: want.status, reason: want.reason });
      expect(received.headers['x-ratelimit-limit']).toBeUndefined();
      if (want.status === 405) expect(received.headers.allow).toBe('POST');
      if (want.violation) {
        expect(harness.events[0]!.violations).toContainEqual(expect.objectContaining(want.violation));
        const body = JSON.parse(received.text);
        if (api === 'im-v1') {
          const field = want.violation.pointer.slice(1);
          expect(body.errors).toContainEqual(
            field === '' ? { code: 400, description: expect.any(String) } : { field, code: 400, description: expect.any(String) },
          );
        } else {
          expect(body.message).toContain(want.violation.pointer || 'body');
        }
      }
    });

    it.each([
      ['with a charset', { 'content-type': 'application/json; charset=utf-8' }],
      ['in capitals', { 'content-type': 'Application/JSON' }],
      ['with a quoted charset', { 'content-type': 'application/json;charset="UTF-8"' }],
    ])('accepts the JSON media type %s', async (_title, headers) => {
      const harness = await start(listenerOf, setup);
      const received = await send(harness.url, { headers, body: JSON.stringify({ id: uuid, status: 'sent' }) });
      expect(received.status).toBe(200);
      expect(harness.calls).toHaveLength(1);
    });

    it('accepts a chunked body', async () => {
      const harness = await start(listenerOf, setup);
      const received = await send(harness.url, { headers: json, body: JSON.stringify({ id: uuid, status: 'sent', detail: 'x'.repeat(250) }), chunked: true });
      expect(received.status).toBe(200);
      expect(harness.calls).toHaveLength(1);
    });
  });

  describe.each(Object.entries(receivers).filter(([name]) => !contentTypeStated[name]))('%s without Content-Type', (name, { api, setup }) => {
      // The document's opening: "All request and response bodies are JSON"; the header is stated for
      // B's status callback only (section 4.2), so elsewhere a body without it is read as JSON.
      it('accepts a JSON body without Content-Type (the header is not stated for this callback)', async () => {
        const [, body, handler] = acceptedFor[name]![0]!;
        const harness = await start(listenerOf, setup);
        const received = await send(harness.url, { body: JSON.stringify(body) });
        expect(received.status).toBe(200);
        expect(harness.calls).toEqual([[handler, body]]);
        expect(harness.events).toEqual([]);
      });

      it.each([
        ['truncated JSON', '{"id":', 'malformed_json'],
        ['a JSON array', '[]', 'invalid_body'],
      ])('still parses and validates a body without Content-Type: refuses %s with 400', async (_title, body, reason) => {
        const harness = await start(listenerOf, setup);
        const received = await send(harness.url, { body });
        expect(received.status).toBe(400);
        expectErrorShape(api, received);
        expect(harness.calls).toEqual([]);
        expect(harness.events).toMatchObject([{ status: 400, reason }]);
      });
  });

  describe.each(Object.entries(receivers))('%s with a failing handler', (_name, { api }) => {
    const secret = 'db password hunter2 at pool.connect';
    const failing: Array<[string, () => never | Promise<never>]> = [
      ['throws', () => { throw new Error(secret); }],
      ['rejects', () => Promise.reject(new TypeError(secret))],
      ['throws a string', () => { throw secret; }],
    ];

    it.each(failing)('answers 500 in the documented shape when the handler %s, without leaking it', async (_how, fail) => {
      const events: ReceiverErrorEvent[] = [];
      const onError = (event: ReceiverErrorEvent) => void events.push(event);
      const receiver =
        api === 'im-v1'
          ? createImV1StatusReceiver({ onStatus: fail, rateLimit: 10, onError })
          : createSmsV2CallbackReceiver({ onStatus: fail, onReply: fail, onError });
      const server = await listen(listenerOf(receiver));
      running.push(server);
      const received = await postJson(server.url, { id: uuid, status: 'sent' });
      expect(received.status).toBe(500);
      expectErrorShape(api, received);
      expectNoInternals(received.text, 'hunter2');
      expect(received.headers['x-ratelimit-limit']).toBeUndefined();
      // The thrown value goes to onError, and only there.
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ status: 500, reason: 'handler_failed' });
      expect(String(events[0]!.error)).toContain('hunter2');
    });
  });

  it('gives onError no headers, URL or body, so no credentials', async () => {
    const events: ReceiverErrorEvent[] = [];
    const receiver = createSmsV2StatusReceiver({ onStatus: () => {}, onError: (event) => void events.push(event) });
    const server = await listen(listenerOf(receiver));
    running.push(server);
    const secret = 's3cret-token';
    const credentials = { authorization: `Bearer ${secret}`, cookie: `session=${secret}`, 'x-api-key': secret };
    await send(server.url, { path: `/callbacks?token=${secret}`, headers: { ...json, ...credentials }, body: JSON.stringify({ status: secret }) });
    await send(server.url, { path: `/callbacks?token=${secret}`, method: 'GET', headers: credentials });
    await send(server.url, { path: `/callbacks?token=${secret}`, headers: { ...credentials, 'content-type': 'text/plain' }, body: secret });
    expect(events.map((event) => event.reason)).toEqual(['invalid_body', 'method_not_allowed', 'unsupported_media_type']);
    for (const event of events) {
      expect(Object.keys(event).every((key) => ['status', 'reason', 'violations', 'error'].includes(key))).toBe(true);
    }
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('answers as usual when onError itself throws', async () => {
    const receiver = createSmsV2StatusReceiver({
      onStatus: () => {},
      onError: () => {
        throw new Error('logger down');
      },
    });
    const server = await listen(listenerOf(receiver));
    running.push(server);
    const received = await postJson(server.url, { status: 'nope' });
    expect(received.status).toBe(400);
    expectErrorShape('sms-v2', received);
  });

  it.each([
    ['at', 1024, 200],
    ['one byte over', 1025, 413],
  ])('with maxBodyBytes 1024, a body %s the limit gets %i', async (_title, size, status) => {
    const calls: unknown[] = [];
    const receiver = createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body), maxBodyBytes: 1024 });
    const server = await listen(listenerOf(receiver));
    running.push(server);
    const envelope = JSON.stringify({ status: 'sent', detail: '' });
    const body = JSON.stringify({ status: 'sent', detail: 'x'.repeat(size - envelope.length) });
    expect(Buffer.byteLength(body)).toBe(size);
    for (const chunked of [false, true]) {
      const received = await send(server.url, { headers: json, body, chunked });
      expect(received.status).toBe(status);
    }
    expect(calls).toHaveLength(status === 200 ? 2 : 0);
  });

  it('calls the handler once per valid body under concurrent callbacks', async () => {
    const seen: string[] = [];
    const receiver = createImV1StatusReceiver({
      rateLimit: 100,
      onStatus: async (body) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push(body.detail!);
      },
    });
    const server = await listen(listenerOf(receiver));
    running.push(server);
    const details = Array.from({ length: 50 }, (_, i) => `callback ${i}`);
    const answers = await Promise.all(details.map((detail) => postJson(server.url, { id: uuid, status: 'sent', detail })));
    expect(answers.map((answer) => answer.status)).toEqual(details.map(() => 200));
    expect([...seen].sort()).toEqual([...details].sort());
  });
});

describe.each(forms)('%s handler, repeated keys (RFC 8259 section 4)', (_form, listenerOf) => {
  const { setup } = receivers['C status']!;

  it.each([
    ['inside a nested object', `{"status":"sent","extra":{"a":1,"b":2,"a":3}}`, '/extra/a', 'extra-a'],
    ['inside an array of objects', `{"status":"sent","extra":[{"k":1},{"k":2,"k":3}]}`, '/extra/1/k', 'extra-1-k'],
  ])('refuses one %s, naming it by its pointer', async (_title, body, pointer, field) => {
    const harness = await start(listenerOf, setup);
    const received = await send(harness.url, { headers: json, body });
    expect(received.status).toBe(400);
    expect(JSON.parse(received.text)).toEqual({
      code: 400,
      message: 'Body repeats a key',
      errors: [{ field, code: 400, description: 'must appear once in its object rule duplicate-key' }],
    });
    expect(harness.calls).toEqual([]);
    expect(harness.events).toEqual([{ status: 400, reason: 'duplicate_key', violations: [expect.objectContaining({ pointer, rule: 'duplicate-key' })] }]);
  });

  it('accepts the same key in different objects and in each object of an array', async () => {
    const harness = await start(listenerOf, setup);
    const body = { id: uuid, status: 'sent', extra: { id: 1, status: { status: 2 } }, list: [{ id: 1 }, { id: 2 }] };
    const received = await send(harness.url, { headers: json, body: JSON.stringify(body) });
    expect(received.status).toBe(200);
    expect(harness.calls).toEqual([['onStatus', body]]);
  });

  it("B's answer names the key and the rule in its message", async () => {
    const harness = await start(listenerOf, receivers['B status']!.setup);
    const received = await send(harness.url, { headers: json, body: `{"id":"${uuid}","status":"failed","status":"delivered"}` });
    expect(JSON.parse(received.text)).toEqual({ message: 'Body repeats a key: /status must appear once in its object (rule duplicate-key)', statusCode: 400, error: 'Bad Request' });
  });
});

describe('node handler behind a body parser (Express style)', () => {
  /** Parses like express.json() / express.raw() would, then hands over. */
  const parsed =
    (receiver: CallbackReceiver, as: 'json' | 'raw' | 'text'): RequestListener =>
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        (req as { body?: unknown }).body = as === 'raw' ? raw : as === 'text' ? raw.toString('utf8') : JSON.parse(raw.toString('utf8'));
        void receiver.node(req, res);
      });
    };

  it.each([
    ['json', { id: uuid, status: 'sent' }, 200],
    ['json', { id: uuid, status: 'unknown' }, 400],
    ['raw', { id: uuid, status: 'sent' }, 200],
    ['raw', { detail: 'x'.repeat(2000) }, 413],
    ['text', { id: uuid, status: 'sent' }, 200],
    ['text', { status: 3 }, 400],
  ] as const)('uses a %s-parsed body %j: %i', async (as, body, status) => {
    const calls: unknown[] = [];
    const receiver = createSmsV2StatusReceiver({ onStatus: (value) => void calls.push(value), maxBodyBytes: 1024 });
    const server = await listen(parsed(receiver, as));
    running.push(server);
    const received = await postJson(server.url, body);
    expect(received.status).toBe(status);
    expect(calls).toEqual(status === 200 ? [body] : []);
  });

  it('answers 500 (the receiving side drained it), not 400 and not waiting, when the stream was drained and nothing left in req.body', async () => {
    const events: ReceiverErrorEvent[] = [];
    const receiver = createSmsV2StatusReceiver({ onStatus: () => {}, onError: (event) => void events.push(event) });
    const server = await listenDrained(receiver.node);
    running.push(server);
    const received = await postJson(server.url, { status: 'sent' });
    expect(received.status).toBe(500);
    expect(JSON.parse(received.text)).toEqual({ message: 'Body was read before the receiver', statusCode: 500, error: 'Internal Server Error' });
    expect(events).toEqual([{ status: 500, reason: 'body_consumed' }]);
  });
});

describe('receiver options', () => {
  const onStatus = () => {};

  it.each([0, 1, 50, 100])('accepts rateLimit %i and sends it as X-RateLimit-Limit', async (rateLimit) => {
    const server = await listen(createImV1StatusReceiver({ onStatus, rateLimit }).node);
    running.push(server);
    const received = await postJson(server.url, { status: 'sent' });
    expect(received.headers['x-ratelimit-limit']).toBe(String(rateLimit));
    // The header as the bundle defines it for this answer (sections 4.3 and 8).
    const header = referenceValidator('im-v1', '#/components/headers/X-RateLimit-Limit/schema');
    expect(header(Number(received.headers['x-ratelimit-limit']))).toBe(true);
  });

  it.each([[-1], [101], [1.5], [Number.NaN], ['10'], [undefined], [null]])('refuses rateLimit %j naming the option', (rateLimit) => {
    expect(() => createImV1StatusReceiver({ onStatus, rateLimit: rateLimit as number })).toThrow(
      /^rateLimit must be an integer from 0 to 100/,
    );
  });

  it.each([[0], [-1], [1.5], ['65536'], [Number.POSITIVE_INFINITY]])('refuses maxBodyBytes %j naming the option', (maxBodyBytes) => {
    expect(() => createSmsV2StatusReceiver({ onStatus, maxBodyBytes: maxBodyBytes as number })).toThrow(/^maxBodyBytes must be/);
  });

  it.each([
    ['createSmsV2StatusReceiver without onStatus', () => createSmsV2StatusReceiver({} as never), /^onStatus must be a function/],
    ['createSmsV2ReplyReceiver without onReply', () => createSmsV2ReplyReceiver({} as never), /^onReply must be a function/],
    ['createSmsV2CallbackReceiver without onReply', () => createSmsV2CallbackReceiver({ onStatus } as never), /^onReply must be a function/],
    ['createImV1StatusReceiver without options', () => createImV1StatusReceiver(undefined as never), /^onStatus must be a function/],
    ['an onError that is no function', () => createSmsV2StatusReceiver({ onStatus, onError: 'log' as never }), /^onError must be a function/],
  ])('refuses %s', (_title, create, message) => {
    expect(create).toThrow(message);
  });

  it('hands each handler the body type of its interface', () => {
    // Compile-time assertions: `pnpm lint` fails if the generated types stop matching.
    createSmsV2StatusReceiver({ onStatus: (body) => {
      expectTypeOf(body).toEqualTypeOf<SmsV2StatusCallback>();
    } });
    createSmsV2ReplyReceiver({ onReply: (body) => {
      expectTypeOf(body).toEqualTypeOf<SmsV2ReplyCallback>();
    } });
    createImV1StatusReceiver({ rateLimit: 1, onStatus: (body) => {
      expectTypeOf(body).toEqualTypeOf<ImV1StatusCallback>();
    } });
    // The states are the types packages' MessageStatus, generated from the bundles (the document's values are the audit's).
    expectTypeOf<SmsV2StatusCallback['status']>().toEqualTypeOf<SmsV2MessageStatus | undefined>();
    expectTypeOf<ImV1StatusCallback['status']>().toEqualTypeOf<ImV1MessageStatus | undefined>();
    const receiver = createSmsV2StatusReceiver({ onStatus });
    expect(Object.keys(receiver).sort()).toEqual(['fetch', 'node']);
  });
});
