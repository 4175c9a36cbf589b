// Fixtures: preloaded messages, lists and templates, each checked against the contract; a bad
// entry is one clear error naming it; reset() loads them again.
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
    await expect(startSandbox({ port: 0, fixtures: { 'campaign-manager-v1': { app: { templates: [{ id: 'x' }] } } } })).rejects.toThrow(/fixtures\.campaign-manager-v1\.app\.templates: /);
    await expect(startSandbox({ port: 0, fixtures: { 'gateway-v2': {} } as never })).rejects.toThrow(/fixtures\.gateway-v2: not an interface id/);
  });

  it('reads --fixtures from a file, refusing one that is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-fixtures-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'good.json'), JSON.stringify(fixtures));
    writeFileSync(join(dir, 'bad.json'), '{ nope');
    expect(parseCliArgs(['--fixtures', join(dir, 'good.json')])).toMatchObject({ fixtures });
    expect(() => parseCliArgs(['--fixtures', join(dir, 'bad.json')])).toThrow(/--fixtures: fixtures: the file is not JSON/);
    expect(() => parseCliArgs(['--fixtures', join(dir, 'missing.json')])).toThrow(/cannot read the file/);
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
});
