// A request body whose object repeats a key is refused, naming the key by its pointer (rule
// `duplicate-key`), in the interface's shape with the status of a body that is not JSON (README,
// "Sandbox choices"). RFC 8259 section 4: what a reader does with a repeated key is unpredictable;
// JSON.parse keeps the last one, so the security trial's C message with `"mobile":"not a number"`
// first and a valid number second was accepted (202), while a reader keeping the first would see
// a body that breaks the pattern.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { readCredentialsFile } from '../src/cli-secrets.js';
import { readFixtures } from '../src/index.js';
import { APPLICATION, basic, postText, responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(async () => {
  await t.sandbox.close();
});

const post = (path: string, authorization: string, text: string) => postText(t.sandbox, path, authorization, text);
const message = '"message":{"type":"text","text":{"body":"hi"}}';

describe('a request body with a repeated key', () => {
  it("C, the trial's destination.mobile given twice: 400 in APIError naming it, and no message is stored", async () => {
    const before = t.sandbox.requests().length;
    const answer = await post('/rest/im/v1/message', t.sandbox.credentials['im-v1'].apiKey, `{"destination":{"mobile":"not a number","mobile":"+447700900123"},${message}}`);
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body).toEqual({
      code: 400,
      message: 'Request body repeats a key',
      errors: [{ field: 'destination mobile', code: 400, description: 'destination mobile must appear once in its object rule duplicate-key' }],
    });
    expect(responseViolations('im-v1.sendMessage', 400, body)).toEqual([]);
    expect(t.sandbox.requests().slice(before).map((request) => request.status)).toEqual([400]);
  });

  it('A, a key written escaped the second time: the same key, refused', async () => {
    const answer = await post('/rest/gateway/messages', basic(t.sandbox.credentials['gateway-v1']), '{"content":"hi","destination":"+1","dest\\u0069nation":"+2"}');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe('Request body repeats a key: body/destination must appear once in its object (duplicate-key)');
  });

  it("D, inside one object of an array of objects: named by its index", async () => {
    const answer = await post(`/rest/campaign_manager/v1/${APPLICATION}/lists`, basic(t.sandbox.credentials['campaign-manager-v1']), '{"name":"l","members":[{"destination":"+1"},{"destination":"+2","destination":"+3"}]}');
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('body/members/1/destination must appear once in its object (duplicate-key)');
  });

  it('the same key in different objects, and in each object of an array, is no repetition', async () => {
    const c = await post('/rest/im/v1/message', t.sandbox.credentials['im-v1'].apiKey, `{"destination":{"mobile":"+447700900123"},"message":{"type":"text","text":{"body":"text"}}}`);
    expect(c.status).toBe(202);
    const d = await post(`/rest/campaign_manager/v1/${APPLICATION}/lists`, basic(t.sandbox.credentials['campaign-manager-v1']), '{"name":"l","members":[{"destination":"+1"},{"destination":"+2"}]}');
    expect(d.status).toBe(201);
  });

  it('a body that is not JSON is still named as such, whatever keys it repeats', async () => {
    const answer = await post('/rest/im/v1/message', t.sandbox.credentials['im-v1'].apiKey, '{"a":1,"a":');
    expect((await answer.json()).errors).toEqual([{ field: 'body', code: 400, description: 'body must be valid JSON rule json' }]);
  });

  it('a control body: 400 naming the key, and nothing is changed', async () => {
    const answer = await fetch(`${t.sandbox.url}/__sandbox/progress`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"states":["sent"],"delayMs":5,"delayMs":50}' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'body/delayMs is given more than once in its object (duplicate-key)' });
    expect(t.sandbox.progress.get()).toEqual({ states: [], delayMs: 1000 });
  });
});

describe('a control body with a repeated key', () => {
  // Every operation that reads a body goes through the one reading of control.ts: none parses JSON
  // without the scan (a session's fixtures, faults, callbacks, clock, progress).
  it('every POST and PUT of the control API refuses it naming the key, global and per session', async () => {
    const document = JSON.parse(readFileSync(new URL('../src/generated/control-api.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const session = t.sandbox.createSession();
    try {
      const tried: string[] = [];
      for (const [template, item] of Object.entries(document.paths)) {
        for (const method of ['post', 'put'].filter((m) => m in item)) {
          const url = `${t.sandbox.url}/__sandbox${template.replace('{sessionId}', session.id)}`;
          const answer = await fetch(url, { method: method.toUpperCase(), headers: { 'content-type': 'application/json' }, body: '{"faults":[],"faults":[]}' });
          expect({ [`${method} ${template}`]: answer.status }).toEqual({ [`${method} ${template}`]: 400 });
          expect(await answer.json()).toEqual({ error: 'body/faults is given more than once in its object (duplicate-key)' });
          tried.push(`${method} ${template}`);
        }
      }
      expect(tried).toContain('post /sessions');
      expect(tried).toContain('put /sessions/{sessionId}/callbacks');
    } finally {
      await session.close();
    }
  });
});

// RFC 8259 section 4, as for a body: JSON.parse keeps the last value of a repeated key, so
// `{"apiKey":"a","apiKey":"b"}` started the sandbox with `b` without a word (the security trial).
describe('a file the sandbox reads at start with a repeated key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-duplicate-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };

  it('--fixtures: refused naming the file, the key\'s pointer and the rule; readFixtures throws a TypeError saying the same', () => {
    const path = file('fixtures.json', '{"sms-v2":{"messages":[{"destination":"+447700900123","content":"first","content":"second"}]}}');
    const said = `${path}: the key at /sms-v2/messages/0/content is given more than once in its object (duplicate-key)`;
    expect(() => parseCliArgs(['--fixtures', path])).toThrow(`--fixtures: ${said}`);
    expect(() => readFixtures(path)).toThrow(new TypeError(said));
    // Written escaped the second time, it is the same key.
    const escaped = file('escaped.json', '{"sms-v2":{"messages":[]},"sms\\u002dv2":{"messages":[]}}');
    expect(() => readFixtures(escaped)).toThrow(`${escaped}: the key at /sms-v2 is given more than once in its object (duplicate-key)`);
  });

  it('--credentials-file: refused naming the key, never either value', () => {
    const path = file('credentials.json', '{"sms-v2":{"apiKey":"first-secret-value","apiKey":"second-secret-value"}}');
    const said = `${path}: the key at /sms-v2/apiKey is given more than once in its object (duplicate-key)`;
    expect(() => readCredentialsFile(path)).toThrow(new TypeError(said));
    expect(() => parseCliArgs(['--credentials-file', path], {})).toThrow(`--credentials-file: ${said}`);
    const token = file('token.json', '{"controlToken":"first-secret-value-1","controlToken":"second-secret-value-2"}');
    expect(() => readCredentialsFile(token)).toThrow(`${token}: the key at /controlToken is given more than once in its object (duplicate-key)`);
  });

  it('the CLI says so in one line and exits 2, as for any bad flag', () => {
    const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));
    for (const [flag, path] of [
      ['--fixtures', file('cli-fixtures.json', '{"im-v1":{"messages":[],"messages":[]}}')],
      ['--credentials-file', file('cli-credentials.json', '{"im-v1":{"apiKey":"first-secret-value","apiKey":"second-secret-value"}}')],
    ] as const) {
      const run = spawnSync(process.execPath, [bin, '--port', '0', flag, path], { encoding: 'utf8', timeout: 15_000 });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^messaging-sandbox: ${flag}: .* is given more than once in its object \\(duplicate-key\\) \\(--help for usage\\)\\n$`));
      expect(run.stderr).not.toContain('secret-value');
    }
  }, 30_000);
});
