// Every operation of the four interfaces, called through the project's own clients: what one call
// creates the next reads, and every answer conforms to the bundle.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { schemaValue } from '@messaging-contracts/test-kit/schema-value';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundle } from '../src/contract.js';
import { APPLICATION, responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

function conforms(operation: string, response: Response, body: unknown) {
  expect(responseViolations(operation, response.status, body)).toEqual([]);
}

describe('A gateway-v1', () => {
  it('sends a message, reads it back by id, with the schema default applied', async () => {
    const sent = await t.gateway.POST('/messages', { body: { destination: '+27821234567', content: 'Hello', mask: 'ShopCo' } });
    expect(sent.response.status).toBe(201);
    conforms('gateway-v1.sendMessage', sent.response, sent.data);
    const [id] = sent.data!;
    const read = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: id! } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual({ id, destination: '+27821234567', content: 'Hello', mask: 'ShopCo', class: 'mt_message' });
    conforms('gateway-v1.getMessage', read.response, read.data);
  });

  it('broadcasts: one id per destination, each readable', async () => {
    const sent = await t.gateway.POST('/messages/broadcast', { body: { destination: ['+27821234567', '+27829876543'], content: 'Hi all' } });
    expect(sent.response.status).toBe(201);
    conforms('gateway-v1.sendBroadcast', sent.response, sent.data);
    expect(sent.data!.map((item) => item.destination)).toEqual(['+27821234567', '+27829876543']);
    const second = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: sent.data![1]!.id! } } });
    expect(second.data?.destination).toBe('+27829876543');
  });

  it('answers an unknown id with 404 in DefaultError', async () => {
    const read = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: 999 } } });
    expect(read.response.status).toBe(404);
    conforms('gateway-v1.getMessage', read.response, read.error);
  });

  it('refuses scheduling past its days-ahead limit and a mask past its maxLength, naming field and rule', async () => {
    // The limits are the bundle's (a legitimate change of the document's values leaves this green).
    const mask: number = schemaValue(bundle('gateway-v1'), 'Message', 'mask', 'maxLength');
    const days: number = schemaValue(bundle('gateway-v1'), 'Message', 'scheduled', 'x-max-days-ahead');
    const sent = await t.gateway.POST('/messages', {
      body: { destination: '+1', content: 'x', mask: 'x'.repeat(mask + 1), scheduled: new Date(Date.now() + (days + 1) * 86_400_000).toISOString() },
    });
    expect(sent.response.status).toBe(400);
    conforms('gateway-v1.sendMessage', sent.response, sent.error);
    expect(sent.error!.message).toContain(`body/mask must be at most ${mask} characters long (maxLength ${mask})`);
    expect(sent.error!.message).toContain(`body/scheduled must be at most ${days} days ahead (x-max-days-ahead ${days})`);
  });

  it('accepts the vendor media type (section 4.1)', async () => {
    const { createGatewayClient } = await import('@messaging-contracts/gateway-v1-client');
    const vendor = createGatewayClient({ baseUrl: t.sandbox.url, ...t.sandbox.credentials['gateway-v1'], mediaType: 'application/vnd.acme.gateway.v1+json' });
    const sent = await vendor.POST('/messages', { body: { destination: '+1', content: 'x' } });
    expect(sent.response.status).toBe(201);
  });
});

describe('B sms-v2', () => {
  it('accepts a message (202 accepted) and reads it by id', async () => {
    const sent = await t.sms.POST('/messages', { body: { destination: '+447700900123', content: 'Hello', reference: 'r-1' } });
    expect(sent.response.status).toBe(202);
    expect(sent.data?.status).toBe('accepted');
    conforms('sms-v2.sendMessage', sent.response, sent.data);
    const read = await t.sms.GET('/messages', { params: { query: { id: sent.data!.id! } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toMatchObject({ id: sent.data!.id, destination: '+447700900123', content: 'Hello', direction: 'MT', status: 'accepted' });
    conforms('sms-v2.getMessage', read.response, read.data);
  });

  it('serves its own bundle at GET /openapi.yaml, as JSON (all bodies are JSON, the document\'s opening)', async () => {
    const read = await t.sms.GET('/openapi.yaml');
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@messaging-contracts/openapi/sms-v2.json'), 'utf8')));
    expect(read.response.headers.get('content-type')).toBe('application/json');
  });

  it('finds a message by its id in either letter case (section 2.2: "string in UUID format", no case given; UUID hex is case-insensitive)', async () => {
    const sent = await t.sms.POST('/messages', { body: { destination: '+447700900123', content: 'Hello' } });
    const id = sent.data!.id!;
    const read = await t.sms.GET('/messages', { params: { query: { id: id.toUpperCase() } } });
    expect([read.response.status, read.data?.id]).toEqual([200, id]);
    await t.sandbox.setStatus(id.toUpperCase(), 'sent');
    const again = await t.sms.GET('/messages', { params: { query: { id } } });
    expect(again.data?.status).toBe('sent');
    const { id: replyId } = await t.sandbox.reply(id.toUpperCase(), { content: 'Yes' });
    const reply = await t.sms.GET('/messages', { params: { query: { id: replyId.toUpperCase() } } });
    expect([reply.response.status, reply.data?.direction]).toEqual([200, 'MO']);
  });

  it('answers an unknown id with 404 in its error body', async () => {
    const read = await t.sms.GET('/messages', { params: { query: { id: '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d' } } });
    expect(read.response.status).toBe(404);
    conforms('sms-v2.getMessage', read.response, read.error);
  });
});

describe('C im-v1', () => {
  it('accepts a message asynchronously (202 with a v4 id)', async () => {
    const sent = await t.im.POST('/message', {
      body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } }, delivery_attempts: [{ channel: 'wab', timeout: 3600 }, { channel: 'sms' }] },
    });
    expect(sent.response.status).toBe(202);
    expect(sent.data?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    conforms('im-v1.sendMessage', sent.response, sent.data);
  });

  it('refuses a bad request with 400 APIError naming each field', async () => {
    const sent = await t.im.POST('/message', { body: { destination: { mobile: '0044' }, message: { type: 'text' } } as never });
    expect(sent.response.status).toBe(400);
    conforms('im-v1.sendMessage', sent.response, sent.error);
    expect((sent.error as { errors: { field?: string }[] }).errors.map((e) => e.field)).toEqual(expect.arrayContaining(['destination mobile', 'message']));
  });
});

describe('D campaign-manager-v1', () => {
  const members = [{ destination: '+27821234567', param1: 'Anna' }, { destination: '+27829876543' }];

  it('creates lists (201 + Location), lists the active ones, deletes one and several (partial result)', async () => {
    const first = await t.campaigns.POST('/lists', { body: { name: 'Spring', members } });
    expect(first.response.status).toBe(201);
    conforms('campaign-manager-v1.createList', first.response, first.data);
    expect(first.response.headers.get('location')).toBe(`${t.sandbox.urls['campaign-manager-v1']}/${APPLICATION}/lists/${first.data!.id}`);
    const second = await t.campaigns.POST('/lists', { body: { name: 'Summer', members } });
    const third = await t.campaigns.POST('/lists', { body: { name: 'Autumn', members } });

    const listed = await t.campaigns.GET('/lists');
    conforms('campaign-manager-v1.listLists', listed.response, listed.data);
    expect(listed.data!.map((list) => list.name)).toEqual(['Spring', 'Summer', 'Autumn']);

    const deleted = await t.campaigns.DELETE('/lists/{list_id}', { params: { path: { list_id: first.data!.id } } });
    expect(deleted.response.status).toBe(204);
    const again = await t.campaigns.DELETE('/lists/{list_id}', { params: { path: { list_id: first.data!.id } } });
    expect(again.response.status).toBe(500);
    conforms('campaign-manager-v1.deleteList', again.response, again.error);
    expect(typeof again.error).toBe('string');

    const several = await t.campaigns.POST('/delete_multiple_lists', { body: { list_ids: [second.data!.id, first.data!.id, third.data!.id] } });
    expect(several.response.status).toBe(200);
    conforms('campaign-manager-v1.deleteMultipleLists', several.response, several.data);
    expect(several.data!.list_ids).toEqual([second.data!.id, third.data!.id]);
    expect((await t.campaigns.GET('/lists')).data).toEqual([]);
  });

  it('schedules a campaign (201 + Location) and reports one item per member', async () => {
    const scheduled = await t.campaigns.POST('/scheduled_campaigns', {
      body: { name: 'Spring', content: 'Sale', schedule: new Date(Date.now() + 86_400_000).toISOString(), members },
    });
    expect(scheduled.response.status).toBe(201);
    conforms('campaign-manager-v1.scheduleCampaign', scheduled.response, scheduled.data);
    expect(scheduled.response.headers.get('location')).toContain(`/${APPLICATION}/scheduled_campaigns/${scheduled.data!.id}`);
    const report = await t.campaigns.GET('/{campaign_id}/report', { params: { path: { campaign_id: scheduled.data!.id } } });
    expect(report.response.status).toBe(200);
    conforms('campaign-manager-v1.getCampaignReport', report.response, report.data);
    expect(report.data!.map((item) => item.mobile)).toEqual(['+27821234567', '+27829876543']);
    const missing = await t.campaigns.GET('/{campaign_id}/report', { params: { path: { campaign_id: 424242 } } });
    expect(missing.response.status).toBe(404);
    conforms('campaign-manager-v1.getCampaignReport', missing.response, missing.error);
  });

  it('lists the templates seeded from the bundle example', async () => {
    const templates = await t.campaigns.GET('/templates');
    expect(templates.response.status).toBe(200);
    conforms('campaign-manager-v1.listTemplates', templates.response, templates.data);
    expect(templates.data!.length).toBeGreaterThan(0);
  });

  it('keeps each application apart', async () => {
    await t.campaigns.POST('/lists', { body: { name: 'Mine', members } });
    const { createCampaignManagerClient } = await import('@messaging-contracts/campaign-manager-v1-client');
    const other = createCampaignManagerClient({ baseUrl: t.sandbox.url, ...t.sandbox.credentials['campaign-manager-v1'], applicationName: 'other-app' });
    expect((await other.GET('/lists')).data).toEqual([]);
  });
});

describe('state', () => {
  it('reset() empties every store', async () => {
    const sent = await t.sms.POST('/messages', { body: { destination: '+447700900123', content: 'x' } });
    t.sandbox.reset();
    const read = await t.sms.GET('/messages', { params: { query: { id: sent.data!.id! } } });
    expect(read.response.status).toBe(404);
    expect(t.sandbox.requests()).toHaveLength(1);
  });
});

describe('D without a body', () => {
  it('names the required fields of a missing optional body', async () => {
    const answer = await fetch(`${t.sandbox.urls['campaign-manager-v1']}/${APPLICATION}/lists`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${t.sandbox.credentials['campaign-manager-v1'].username}:${t.sandbox.credentials['campaign-manager-v1'].password}`).toString('base64')}` },
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { code: number; message: string };
    expect(responseViolations('campaign-manager-v1.createList', 400, body)).toEqual([]);
    expect(body.message).toMatch(/required/);
    expect(body.message).toMatch(/name/);
  });
});

describe('refusals', () => {
  it("words a refusal with the validators' text, the pattern named once: B's error body, and C's description as LongString allows", async () => {
    const b = await t.sms.POST('/messages', { body: { destination: '447700900123', content: 'x' } });
    expect(b.response.status).toBe(400);
    expect(b.error!.message).toContain('body/destination must match ^\\+');
    expect(b.error!.message.split('^\\+').length).toBe(2);
    const c = await t.im.POST('/message', { body: { destination: { mobile: '447700900123' }, message: { type: 'text', text: { body: 'Hello' } } } });
    expect(c.response.status).toBe(400);
    conforms('im-v1.sendMessage', c.response, c.error);
    const description = (c.error as { errors: { description: string }[] }).errors[0]!.description;
    expect(description).toBe('destination mobile must match the pattern the contract gives it rule pattern');
  });

  // The integrator trial: `field: "body"` for C's nested `message.text.body` read as the request
  // body, and the pattern, its punctuation dropped, as noise (`must match -_ a-zA-Z0-9 ...`).
  it("names C's field by its place in the body, and the pattern by what it allows", async () => {
    const c = await t.im.POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello, world!' } } } });
    expect(c.response.status).toBe(400);
    conforms('im-v1.sendMessage', c.response, c.error);
    expect((c.error as { errors: unknown[] }).errors).toEqual([
      {
        field: 'message text body',
        code: 400,
        description: 'message text body must match the pattern the contract gives it letters digits space - and _ only no punctuation rule pattern',
      },
    ]);
  });
});
