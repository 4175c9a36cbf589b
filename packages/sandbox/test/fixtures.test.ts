// Fixtures: preloaded messages, lists and templates, each checked against the contract; a bad
// entry is one clear error naming it; reset() loads them again.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { bundle } from '../src/contract.js';
import { type Fixtures, startSandbox } from '../src/index.js';
import { APPLICATION, sandboxWithClients } from './support.js';

const fixtures: Fixtures = {
  'gateway-v1': { messages: [{ destination: '+447700900123', content: 'preloaded' }] },
  'sms-v2': { messages: [{ destination: '+447700900123', content: 'preloaded' }] },
  'campaign-manager-v1': {
    [APPLICATION]: {
      lists: [{ name: 'customers', members: [{ destination: '+447700900123' }] }],
      templates: [{ id: 7, name: 'welcome' }],
    },
  },
};

describe('fixtures', () => {
  it('preloads messages, lists and templates, and loads them again on reset', async () => {
    const t = await sandboxWithClients({ fixtures });
    try {
      const message = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } });
      expect(message.data).toMatchObject({ content: 'preloaded' });
      expect((await t.campaigns.GET('/lists')).data).toMatchObject([{ id: 1, name: 'customers' }]);
      expect((await t.campaigns.GET('/templates')).data).toEqual([{ id: 7, name: 'welcome' }]);
      await t.campaigns.DELETE('/lists/{list_id}', { params: { path: { list_id: 1 } } });
      t.sandbox.reset();
      expect((await t.campaigns.GET('/lists')).data).toMatchObject([{ id: 1, name: 'customers' }]);
    } finally {
      await t.sandbox.close();
    }
  });

  it('refuses a bad entry with one error naming it and the rule', async () => {
    await expect(startSandbox({ port: 0, fixtures: { 'sms-v2': { messages: [{ destination: '+447700900123', content: 'ok' }, { content: 'no destination' }] } } })).rejects.toThrow(
      // Word for word as the README's Fixtures section shows it.
      /^fixtures\.sms-v2\.messages\[1\]: destination is required \(required\)$/,
    );
    expect(readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')).toContain('(`fixtures.sms-v2.messages[1]: destination is required (required)`)');
    // A template is named by its index, like a message: `templates[1]: id …`, not `templates: 1/id …`.
    await expect(startSandbox({ port: 0, fixtures: { 'campaign-manager-v1': { app: { templates: [{ id: 1, name: 'a' }, { id: 'x' }] } } } })).rejects.toThrow(
      /^fixtures\.campaign-manager-v1\.app\.templates\[1\]: id must be a finite integer \(type\)/,
    );
    await expect(startSandbox({ port: 0, fixtures: { 'gateway-v2': {} } as never })).rejects.toThrow(/fixtures\.gateway-v2: not an interface id/);
  });

  it('refuses an unknown key at every level, naming its path and the keys allowed there', async () => {
    const message = { destination: '+447700900123', content: 'preloaded' };
    const refusals: [unknown, string][] = [
      [{ 'gateway-v2': {} }, 'fixtures.gateway-v2: not an interface id (gateway-v1, sms-v2, im-v1, campaign-manager-v1)'],
      [{ 'gateway-v1': { mesages: [message] } }, "fixtures.gateway-v1.mesages: not a key of gateway-v1's entry (messages)"],
      [{ 'sms-v2': { messages: [], extra: 1 } }, "fixtures.sms-v2.extra: not a key of sms-v2's entry (messages)"],
      [{ 'im-v1': { Messages: [] } }, "fixtures.im-v1.Messages: not a key of im-v1's entry (messages)"],
      [{ 'campaign-manager-v1': { 'demo-app': { list: [{ name: 'x' }] } } }, "fixtures.campaign-manager-v1.demo-app.list: not a key of an application's entry (lists, templates)"],
    ];
    for (const [given, error] of refusals) {
      await expect(startSandbox({ port: 0, fixtures: given as Fixtures }), JSON.stringify(given)).rejects.toThrow(new TypeError(error));
    }
  });

  it('reads --fixtures from a file, refusing one that is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-fixtures-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'good.json'), JSON.stringify(fixtures));
    writeFileSync(join(dir, 'bad.json'), '{ nope');
    expect(parseCliArgs(['--fixtures', join(dir, 'good.json')])).toMatchObject({ fixtures });
    writeFileSync(join(dir, 'comma.json'), '{\n  "sms-v2": { "messages": [] },\n}\n');
    // The file's path and where its JSON breaks (line, column, what V8 expected there).
    expect(() => parseCliArgs(['--fixtures', join(dir, 'bad.json')])).toThrow(`--fixtures: ${join(dir, 'bad.json')} is not JSON: line 1 column 3: Expected property name or '}'`);
    expect(() => parseCliArgs(['--fixtures', join(dir, 'comma.json')])).toThrow(`--fixtures: ${join(dir, 'comma.json')} is not JSON: line 3 column 1: Expected double-quoted property name`);
    // The file's path and the system's reason.
    expect(() => parseCliArgs(['--fixtures', join(dir, 'missing.json')])).toThrow(`--fixtures: cannot read ${join(dir, 'missing.json')}: ENOENT (no such file or directory)`);
    expect(() => parseCliArgs(['--fixtures', dir])).toThrow(`--fixtures: cannot read ${dir}: EISDIR (illegal operation on a directory)`);
    expect(() => parseCliArgs(['--https-cert', join(dir, 'cert.pem'), '--https-key', join(dir, 'key.pem')])).toThrow(
      `--https-cert: cannot read ${join(dir, 'cert.pem')}: ENOENT (no such file or directory)`,
    );
  });

  // Read as a request body is (src/exact-numbers.ts): a template id 9007199254740993 would be
  // preloaded as 9007199254740992, and 1e400 as Infinity, another id than the file says.
  it('refuses a --fixtures file whose number would be read as another, naming where', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-fixtures-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    for (const [id, where] of [['9007199254740993', '0'], ['1e400', '0'], ['7.0000000000000001', '0']] as const) {
      const file = join(dir, 'ids.json');
      writeFileSync(file, `{"campaign-manager-v1":{"demo-app":{"templates":[{"id":${id},"name":"a"}]}}}`);
      expect(() => parseCliArgs(['--fixtures', file]), id).toThrow(
        `--fixtures: ${file}: the number at /campaign-manager-v1/demo-app/templates/${where}/id would be read as another number (an integer of magnitude at most 9007199254740991 is held exactly) (safe-integer)`,
      );
    }
    writeFileSync(join(dir, 'exact.json'), '{"campaign-manager-v1":{"demo-app":{"templates":[{"id":7.0,"name":"a"}]}}}');
    expect(parseCliArgs(['--fixtures', join(dir, 'exact.json')])).toMatchObject({ fixtures: { 'campaign-manager-v1': { 'demo-app': { templates: [{ id: 7 }] } } } });
  });

  it('bounds a --fixtures file that reports no size (a pipe, as `--fixtures <(command)` gives) as it reads it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-fixtures-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const pipe = join(dir, 'fixtures.pipe');
    execFileSync('mkfifo', [pipe]);
    // A writer in another process: 17 MiB of spaces, over the 16 MiB bound, through a pipe whose size is 0.
    const writer = spawn(process.execPath, ['-e', `require('node:fs').writeFileSync(${JSON.stringify(pipe)}, ' '.repeat(17 * 1024 * 1024))`], { stdio: 'ignore' });
    onTestFinished(() => void writer.kill());
    expect(() => parseCliArgs(['--fixtures', pipe])).toThrow(`--fixtures: ${pipe} is over ${16 * 1024 * 1024} bytes`);
  });

  it("README's fixtures example loads, and its templates carry only the fields TemplateGetResponse defines", async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Fixtures'));
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as Fixtures;
    const defined = Object.keys(bundle('campaign-manager-v1').components.schemas.TemplateGetResponse.properties);
    const templates = Object.values(example['campaign-manager-v1']!).flatMap((app) => app.templates ?? []);
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) expect(defined).toEqual(expect.arrayContaining(Object.keys(template)));
    const sandbox = await startSandbox({ port: 0, fixtures: example });
    await sandbox.close();
  });

  it("B's and C's fixture messages may give their own ids, so a test can read them and change their status", async () => {
    const smsId = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';
    const imId = '9b2e3f1c-4d7a-4b8e-a21c-0a7b8c9d5d6f';
    const own: Fixtures = {
      'sms-v2': { messages: [{ id: smsId, destination: '+447700900123', content: 'preloaded' }] },
      'im-v1': { messages: [{ id: imId, destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hi' } } }] },
    };
    const t = await sandboxWithClients({ fixtures: own, seed: 'fixture-ids' });
    try {
      const read = await t.sms.GET('/messages', { params: { query: { id: smsId } } });
      expect(read.data).toMatchObject({ id: smsId, content: 'preloaded', status: 'accepted' });
      await t.sandbox.setStatus(imId, 'read', { wait: false });
      await t.sandbox.setStatus(smsId, 'sent', { wait: false });
      expect((await t.sms.GET('/messages', { params: { query: { id: smsId } } })).data).toMatchObject({ status: 'sent' });
      // A given id does not draw from the seeded sequence: the next UUID is the one a sandbox without fixtures gives first.
      const plain = await startSandbox({ port: 0, seed: 'fixture-ids' });
      onTestFinished(() => plain.close());
      const post = (sandbox: typeof plain) =>
        fetch(`${sandbox.urls['im-v1']}/message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: sandbox.credentials['im-v1'].apiKey },
          body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'x' } } }),
        }).then((r) => r.json() as Promise<{ id: string }>);
      expect((await post(t.sandbox)).id).toBe((await post(plain)).id);
    } finally {
      await t.sandbox.close();
    }
  });

  it('refuses a fixture id that is not the contract id format, or one given twice, naming the entry', async () => {
    const im = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hi' } } };
    await expect(startSandbox({ port: 0, fixtures: { 'im-v1': { messages: [{ ...im, id: '9B2E3F1C-4D7A-4B8E-A21C-0A7B8C9D5D6F' }] } } })).rejects.toThrow(/^fixtures\.im-v1\.messages\[0\]: id must match /);
    await expect(startSandbox({ port: 0, fixtures: { 'sms-v2': { messages: [{ id: 'x', destination: '+447700900123' }] } } })).rejects.toThrow(/^fixtures\.sms-v2\.messages\[0\]: id must be a valid uuid \(format\)$/);
    const twice = { id: '9b2e3f1c-4d7a-4b8e-a21c-0a7b8c9d5d6f', ...im };
    await expect(startSandbox({ port: 0, fixtures: { 'im-v1': { messages: [twice, twice] } } })).rejects.toThrow(/^fixtures\.im-v1\.messages\[1\]: id 9b2e3f1c-4d7a-4b8e-a21c-0a7b8c9d5d6f is already given/);
    // B's ids are found in either letter case, so one in another case is the same id.
    const sms = { destination: '+447700900123', content: 'Hi' };
    const cased = [{ id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d', ...sms }, { id: '3F1C9B2E-7A4D-4E8B-9C21-5D6F0A7B8C9D', ...sms }];
    await expect(startSandbox({ port: 0, fixtures: { 'sms-v2': { messages: cased } } })).rejects.toThrow(/^fixtures\.sms-v2\.messages\[1\]: id 3F1C9B2E-7A4D-4E8B-9C21-5D6F0A7B8C9D is already given/);
  });
});
