// Rows of the README's "Sandbox choices" for what the spec document leaves open: each row is there,
// and the sandbox does what it says, so a choice is never made without being told as the sandbox's.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION, sandboxWithClients } from './support.js';

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

  it("D's departures from section 7's \"described as 500\" are said where the sandbox answers otherwise", () => {
    for (const question of ["A's and D's status for missing or wrong credentials", 'Unknown id (A message, B message, D campaign report)', 'Status for a request that breaks the schema on A, B, D']) {
      expect(row(question), question).toMatch(/described as 500/);
    }
  });
});
