// Rows of the README's "Sandbox choices" for what the spec document leaves open: each row is there,
// and the sandbox does what it says, so a choice is never made without being told as the sandbox's.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION, basic, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(() => t.sandbox.close());

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const choices = /^## Sandbox choices\n[\s\S]*?(?=^## )/m.exec(readme)?.[0] ?? '';
/** The row of the choices table whose question starts with `question`. */
const row = (question: string) => choices.split('\n').find((line) => line.startsWith(`| ${question}`));

describe('Sandbox choices', () => {
  it("B's Authorization value: the whole value is the key, no scheme word stripped (section 5: scheme not shown)", async () => {
    expect(row("The scheme of B's `Authorization` value")).toMatch(/no scheme word such as `Bearer` or `Basic` is stripped/);
    const key = t.sandbox.credentials['sms-v2'].apiKey;
    const read = (authorization: string) =>
      fetch(`${t.sandbox.urls['sms-v2']}/messages?id=3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d`, { headers: { authorization } }).then((answer) => answer.status);
    expect([await read(key), await read(`Bearer ${key}`), await read(`Basic ${key}`)]).toEqual([404, 401, 401]);
  });

  it("A's vendor media type: any token, the bundle's placeholder too (section 4.1: the token is hidden)", async () => {
    expect(row("The token of A's vendor media type")).toMatch(/any RFC 6838 token is taken, the bundle's placeholder `vendor` too/);
    const { username, password } = t.sandbox.credentials['gateway-v1'];
    const send = (contentType: string) =>
      fetch(`${t.sandbox.urls['gateway-v1']}/messages`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`, 'content-type': contentType },
        body: JSON.stringify({ content: 'Hi', destination: '447700900123' }),
      }).then((answer) => answer.status);
    expect([await send('application/vnd.acme.gateway.v1+json'), await send('application/vnd.vendor.gateway.v1+json'), await send('application/vnd.acme.gateway.v2+json')]).toEqual([201, 201, 415]);
  });

  it("D's Location of a new list: the path deleteList takes (section 4.4: its form not shown)", async () => {
    expect(row("URL in D's `Location` for a list")).toMatch(/`<base>\/\{application_name\}\/lists\/\{id\}`/);
    const created = await t.campaigns.POST('/lists', { body: { name: 'l', members: [] } });
    expect(created.response.headers.get('location')).toBe(`${t.sandbox.urls['campaign-manager-v1']}/${APPLICATION}/lists/${created.data!.id}`);
  });

  it("D's delete_multiple_lists: the lists that exist, and 200 with none when none does (section 4.4: \"some or all\")", async () => {
    expect(row('Which lists `delete_multiple_lists` deletes')).toMatch(/when none exists, 200 with `list_ids: \[\]`/);
    const created = await t.campaigns.POST('/lists', { body: { name: 'kept', members: [] } });
    const id = created.data!.id;
    const some = await t.campaigns.POST('/delete_multiple_lists', { body: { list_ids: [id, id + 1000] } });
    expect([some.response.status, some.data]).toEqual([200, { list_ids: [id], message: '1 lists deleted' }]);
    const none = await t.campaigns.POST('/delete_multiple_lists', { body: { list_ids: [id] } });
    expect([none.response.status, none.data]).toEqual([200, { list_ids: [], message: '0 lists deleted' }]);
  });

  it("C's error bodies: APIError with code the HTTP status; the samples' shape only when asked for (section 7: which when, not shown)", async () => {
    expect(row("The shape and values of C's error bodies")).toMatch(/APIError for every refusal the sandbox makes itself, its `code` and each `errors` item's `code` the HTTP status.*the samples' shape only when asked for/);
    const send = (headers: Record<string, string>, body: unknown) =>
      fetch(`${t.sandbox.urls['im-v1']}/message`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(async (answer) => [answer.status, await answer.json()]);
    const key = t.sandbox.credentials['im-v1'].apiKey;
    expect(await send({}, {})).toEqual([401, { code: 401, message: 'Unauthorized', errors: [] }]);
    const [status, refused] = await send({ authorization: key }, { destination: {} });
    expect([status, refused.code, refused.message, refused.statusCode]).toEqual([400, 400, 'Request data invalid', undefined]);
    expect(refused.errors.length).toBeGreaterThan(0);
    expect(refused.errors.map((error: { code: number }) => error.code)).toEqual(refused.errors.map(() => 400));
    const body = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hi' } } };
    expect(await send({ authorization: key, prefer: 'code=500, example=sampleShape' }, body)).toEqual([500, expect.objectContaining({ statusCode: 500 })]);
  });

  it("D's report: list_name is the campaign's name, no sent_date (section 2.4: their meaning not shown)", async () => {
    expect(row('D report `status` values and date format')).toMatch(/`list_name` is the campaign's `name`.*`sent_date` is left out/);
    const scheduled = await t.campaigns.POST('/scheduled_campaigns', { body: { name: 'Spring', members: [{ destination: '+27821234567' }], schedule: '2030-01-02T00:00:00Z' } });
    const report = await t.campaigns.GET('/{campaign_id}/report', { params: { path: { campaign_id: scheduled.data!.id } } });
    expect(report.data).toEqual([expect.objectContaining({ list_name: 'Spring', status: 'scheduled', timezone: 'UTC' })]);
    expect(report.data![0]).not.toHaveProperty('sent_date');
  });

  it("A's broadcast bounds 1 and 1000: nothing enforced (section 8: what they bound is not shown)", async () => {
    expect(row("What the bounds 1 and 1000 on the items of A's broadcast `destination` bound")).toMatch(/none too: 201 with `\[\]`/);
    const send = (destination: string[]) => t.gateway.POST('/messages/broadcast', { body: { content: 'Hi', destination } });
    const none = await send([]);
    expect([none.response.status, none.data]).toEqual([201, []]);
    const many = await send(Array.from({ length: 1001 }, (_, i) => `4477009${String(i).padStart(5, '0')}`));
    expect([many.response.status, many.data?.length]).toEqual([201, 1001]);
    const long = await send(['4'.repeat(1001)]);
    expect(long.response.status).toBe(201);
  });

  it("A's ids: one per single send, and a broadcast item's id reads that destination's message (section 2.1: neither shown)", async () => {
    expect(row("The ids in A's replies")).toMatch(/one id per single send.*a broadcast item's `id` is the id of a message/);
    const single = await t.gateway.POST('/messages', { body: { content: 'Hi', destination: '447700900123' } });
    expect([single.response.status, single.data?.length]).toEqual([201, 1]);
    const broadcast = await t.gateway.POST('/messages/broadcast', { body: { content: 'Hello', destination: ['447700900123', '447700900456'] } });
    expect(broadcast.data).toHaveLength(2);
    for (const item of broadcast.data!) {
      const read = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: item.id! } } });
      expect(read.data).toEqual(expect.objectContaining({ id: item.id, destination: item.destination, content: 'Hello' }));
    }
  });

  it("A's and B's error bodies: code and statusCode are the HTTP status, error its reason phrase (section 7 gives the shapes only)", async () => {
    expect(row("The values in A's and B's error bodies")).toMatch(/A's `code` and B's `statusCode` are the HTTP status, B's `error` its reason phrase/);
    const a = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: 999_999 } } });
    expect([a.response.status, a.error]).toEqual([404, { code: 404, message: 'Message not found' }]);
    const b = await t.sms.GET('/messages', { params: { query: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect([b.response.status, b.error]).toEqual([404, { statusCode: 404, error: 'Not Found', message: 'Message not found' }]);
  });

  it("D's departures from section 7's \"described as 500\" are said where the sandbox answers otherwise", async () => {
    // Said once for every row (an unknown path, a method, a media type, a size answer 404, 405, 415, 413 on D too).
    expect(choices).toMatch(/Every failure the sandbox answers\s+on D with a status other than 500 [^.]*departs from section 7/);
    const answer = (path: string, init: RequestInit = {}) =>
      fetch(`${t.sandbox.urls['campaign-manager-v1']}/${APPLICATION}${path}`, { ...init, headers: { authorization: basic(t.sandbox.credentials['campaign-manager-v1']), ...init.headers } }).then((r) => r.status);
    expect([await answer('/nowhere'), await answer('/templates', { method: 'PUT' }), await answer('/lists', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })]).toEqual([404, 405, 415]);
    for (const question of ["A's and D's status for missing or wrong credentials", 'Unknown id (A message, B message, D campaign report)', 'Status for a request that breaks the schema on A, B, D']) {
      expect(row(question), question).toMatch(/described as 500/);
    }
  });
});
