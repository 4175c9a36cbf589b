// Section 2.4 types D's ids as integers without a bound and a report's message_id int64: a
// JavaScript number holds integers exactly only up to 2^53 - 1, so a larger one must never reach
// the caller as a different number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';
import { createCampaignManagerClient } from './client.js';
import { ClientNetworkError } from './index.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
const json = (body: string) => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body });

describe('an integer beyond 2^53 - 1', () => {
  it("in a campaign report's message_id throws, naming pointer, digits and rule", async () => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username: 'acme-user', password: 'pw-7d1e4b90', applicationName: 'acme' });
    server.reply(json('[{"list_name":"l","message_id":42},{"list_name":"l","message_id":12345678901234567895}]'));
    const error = await thrown(() => client.GET('/{campaign_id}/report', { params: { path: { campaign_id: 7 } } }));
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'unsafe-integer', method: 'GET', url: `${server.url}/rest/campaign_manager/v1/acme/7/report`, pointer: '/1/message_id', digits: '12345678901234567895' });
    expect(String(error)).toContain(
      "answered 12345678901234567895 at \"/1/message_id\": beyond 2^53-1, not exact as a JavaScript number; D's ids are integers without a bound, message_id int64 (section 2.4). Read error.text with an exact JSON parser, or use parseAs: 'text'",
    );
  });

  it('in a list id throws too (ids are integers without a bound)', async () => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username: 'acme-user', password: 'pw-7d1e4b90', applicationName: 'acme' });
    server.reply(json('[{"id":-9007199254740993,"name":"l"}]'));
    expect(await thrown(() => client.GET('/lists'))).toMatchObject({ kind: 'unsafe-integer', pointer: '/0/id', digits: '-9007199254740993' });
  });
});

describe('a request naming an id beyond 2^53 - 1', () => {
  it('a bigint list_id or campaign_id is sent as its digits, exactly', async () => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username: 'acme-user', password: 'pw-7d1e4b90', applicationName: 'acme' });
    server.reply({ status: 204 }, json('[]'));
    await client.DELETE('/lists/{list_id}', { params: { path: { list_id: 12345678901234567895n } } });
    await client.GET('/{campaign_id}/report', { params: { path: { campaign_id: -12345678901234567895n } } });
    expect(server.requests.slice(-2).map((request) => request.path)).toEqual([
      '/rest/campaign_manager/v1/acme/lists/12345678901234567895',
      '/rest/campaign_manager/v1/acme/-12345678901234567895/report',
    ]);
  });

  it('a number list_id or campaign_id beyond 2^53 - 1 is refused before anything is sent, naming the parameter', async () => {
    const client = createCampaignManagerClient({ baseUrl: server.url, username: 'acme-user', password: 'pw-7d1e4b90', applicationName: 'acme' });
    const sent = server.requests.length;
    expect(await thrown(() => client.DELETE('/lists/{list_id}', { params: { path: { list_id: 2 ** 53 } } }))).toEqual(
      new TypeError('path parameter list_id must be an integer, as a number up to 2^53-1 in magnitude or a bigint (got 9007199254740992)'),
    );
    expect(await thrown(() => client.GET('/{campaign_id}/report', { params: { path: { campaign_id: -(2 ** 60) } } }))).toEqual(
      new TypeError('path parameter campaign_id must be an integer, as a number up to 2^53-1 in magnitude or a bigint (got -1152921504606847000)'),
    );
    expect(server.requests.length).toBe(sent);
  });
});
