// Each place where the contracts once said more or less than the spec document, put back as it was
// in the real bundle: the checker must report it, under the catalogue entry written for it. (The
// generated mutations in mutations.test.ts break every entry in general; these are the exact forms
// the bundles had, so none of them can come back unnoticed.)
import { describe, expect, it } from 'vitest';
import { loadCatalog } from './catalog.js';
import { checkDocument } from './check.js';
import { type Doc, loadBundle } from './testing/fixtures.js';
import { jsonView } from './view.js';

const catalog = loadCatalog();

/**
 * Cases that put each place's labelled example back as the plain `example` it was: `media` finds
 * the place's media type object in the bundle.
 */
function unlabelled(api: string, places: Array<[string, (doc: Doc) => Doc]>, item: (name: string) => string, entry: RegExp) {
  return places.map(([name, media]) => ({
    item: item(name),
    api,
    revert: (doc: Doc) => {
      const at = media(doc);
      at.example = at.examples.illustrative.value;
      delete at.examples;
    },
    entry,
  }));
}

const cases: Array<{ item: string; api: string; revert: (doc: Doc) => void; entry: RegExp }> = [
  {
    item: "1 C's delivery attempts in the direct form only (section 2.3)",
    api: 'im-v1',
    revert: (doc) => {
      doc.components.schemas.MessagePostRequest.properties.delivery_attempts.items = { $ref: '#/components/schemas/DeliveryAttempt' };
    },
    entry: /im-v1 2\.3 delivery_attempts elements: /,
  },
  {
    item: "1 C's wrapped attempt with two keys allowed",
    api: 'im-v1',
    revert: (doc) => {
      delete doc.components.schemas.WrappedDeliveryAttempt.maxProperties;
    },
    entry: /im-v1 2\.3 delivery_attempts elements: /,
  },
  ...['sms-v2:StatusCallback', 'sms-v2:ReplyCallback', 'im-v1:StatusCallback'].map((at) => {
    const [api, item] = at.split(':') as [string, string];
    return {
      item: `2 ${api} ${item} inherits the interface's security (section 5)`,
      api,
      revert: (doc: Doc) => {
        delete doc.components.pathItems[item].post.security;
      },
      entry: new RegExp(`${api} 5 How the service authenticates itself to the receiver of callbacks`),
    };
  }),
  {
    item: "2 C's callback 401 is the shared answer about a missing API key",
    api: 'im-v1',
    revert: (doc) => {
      doc.components.pathItems.StatusCallback.post.responses['401'] = { $ref: '#/components/responses/Unauthorized' };
    },
    entry: /im-v1 5 How the service authenticates itself to the receiver of callbacks/,
  },
  {
    item: "3 C's samples' message narrowed to APIError's LongString (section 7 gives it no type)",
    api: 'im-v1',
    revert: (doc) => {
      doc.components.schemas.ErrorSample.properties.message = { $ref: '#/components/schemas/LongString' };
    },
    entry: /im-v1 7 ErrorSample\.message/,
  },
  {
    item: "C's 401 narrowed to APIError, refusing the samples' shape (section 7)",
    api: 'im-v1',
    revert: (doc) => {
      doc.components.responses.Unauthorized.content['application/json'].schema = { $ref: '#/components/schemas/APIError' };
    },
    entry: /im-v1 7 C 401: not authorized/,
  },
  {
    item: "4 D's Location not required (section 4.4, read as C's X-RateLimit-Limit)",
    api: 'campaign-manager-v1',
    revert: (doc) => {
      delete doc.paths['/{application_name}/lists'].post.responses['201'].headers.Location.required;
    },
    entry: /campaign-manager-v1 4\.4 POST \/lists: 201 with response header Location/,
  },
  {
    item: "4 C's X-RateLimit-Limit not required",
    api: 'im-v1',
    revert: (doc) => {
      delete doc.components.headers['X-RateLimit-Limit'].required;
    },
    entry: /im-v1 4\.3 Status callback: the receiver answers 200 with response header X-RateLimit-Limit/,
  },
  {
    item: "5 B's description-endpoint 404 body presented as given by section 7",
    api: 'sms-v2',
    revert: (doc) => {
      doc.paths['/openapi.yaml'].get.responses['404'].description =
        "Returned by the description endpoint (section 7). The body is the interface's error shape, which section 7 gives for this code; the condition for it is not shown in the spec document.";
    },
    entry: /sms-v2 7 B: 404 on the description endpoint/,
  },
  {
    item: "6 A's broadcast reply example with status queued (section 3)",
    api: 'gateway-v1',
    revert: (doc) => {
      const media = doc.paths['/messages/broadcast'].post.responses['201'].content['application/json'];
      delete media.examples;
      media.example = [{ id: 4187322, destination: '447700900123', status: 'queued' }];
    },
    entry: /gateway-v1 3 Values of status in the broadcast response/,
  },
  {
    item: "6 A's DefaultError example with code 400 (section 7)",
    api: 'gateway-v1',
    revert: (doc) => {
      const media = doc.components.responses.DefaultError.content['application/json'];
      delete media.examples;
      media.example = { message: 'Invalid destination', code: 400 };
    },
    entry: /gateway-v1 7 A: status codes other than 201 and 200 not shown/,
  },
  {
    item: "6 D's report example (section 2.4)",
    api: 'campaign-manager-v1',
    revert: (doc) => {
      const media = doc.paths['/{application_name}/{campaign_id}/report'].get.responses['200'].content['application/json'];
      media.example = media.examples.illustrative.value.map((row: Doc) => ({ ...row, status: 'delivered', timezone: 'Africa/Johannesburg' }));
      delete media.examples;
    },
    entry: /campaign-manager-v1 2\.4 Report date format, timezone meaning and status values not shown/,
  },
  ...['NotFound', 'UnprocessableEntity'].map((name) => ({
    item: `6 C's ${name} example states a condition (section 7)`,
    api: 'im-v1',
    revert: (doc: Doc) => {
      const media = doc.components.responses[name].content['application/json'];
      media.example = media.examples.apiError.value;
      delete media.examples;
    },
    entry: /im-v1 7 C: conditions of 404 and 422 not shown/,
  })),
  ...['401', '429', '500'].map((status) => ({
    item: `C's receiver ${status} answer to the status callback with an unlabelled example (section 4.3 gives only its shape)`,
    api: 'im-v1',
    revert: (doc: Doc) => {
      const media = doc.components.pathItems.StatusCallback.post.responses[status].content['application/json'];
      media.example = media.examples.illustrative.value;
      delete media.examples;
    },
    entry: /im-v1 4\.3 Status callback: the values of the receiver's APIError answers/,
  })),
  // Section 2.1: "Format of destination numbers and meaning of `source`, `class`, `mask` and
  // `sms_class`: not shown"; these examples wrote a destination and a source as plain examples.
  ...unlabelled(
    'gateway-v1',
    [
      ['Message request body (application/json)', (doc) => doc.components.requestBodies.Message.content['application/json']],
      ['MessageBroadcast request body (vendor type)', (doc) => doc.components.requestBodies.MessageBroadcast.content['application/vnd.vendor.gateway.v1+json']],
      ['getMessage 200', (doc) => doc.paths['/messages/{messageid}'].get.responses['200'].content['application/json']],
    ],
    (name) => `A's ${name} example writes a destination and a source unlabelled (section 2.1)`,
    /gateway-v1 2\.1 Format of destination numbers and meaning of source, class, mask and sms_class: not shown \(the examples/,
  ),
  // Section 2.1: RestResponse is "the created message ids", not their values nor how many.
  ...unlabelled(
    'gateway-v1',
    [['sendMessage 201 (RestResponse)', (doc) => doc.paths['/messages'].post.responses['201'].content['application/json']]],
    (name) => `A's ${name} with an unlabelled example, one id per send (section 2.1: "the created message ids")`,
    /gateway-v1 2\.1 RestResponse: the created message ids, their number and values not given/,
  ),
  // Section 2.2 gives B's callback bodies and 202 reply by type only; their examples were plain.
  ...unlabelled(
    'sms-v2',
    [
      ['status callback body', (doc) => doc.components.pathItems.StatusCallback.post.requestBody.content['application/json']],
      ['reply callback body', (doc) => doc.components.pathItems.ReplyCallback.post.requestBody.content['application/json']],
      ['202 reply', (doc) => doc.paths['/messages'].post.responses['202'].content['application/json']],
    ],
    (name) => `B's ${name} with an unlabelled example (section 2.2)`,
    /sms-v2 2\.2 StatusCallback, the 202 reply and ReplyCallback: the document gives each field's type only/,
  ),
  // Section 2.2 gives SingleMessage and MessageDetails by type only; both examples were plain (the
  // details' content, a link as sent, read as the service's answer though B shortens links, section 1).
  ...unlabelled(
    'sms-v2',
    [
      ['request body of sendMessage', (doc) => doc.paths['/messages'].post.requestBody.content['application/json']],
      ['getMessage 200 (MessageDetails)', (doc) => doc.paths['/messages'].get.responses['200'].content['application/json']],
    ],
    (name) => `B's ${name} with an unlabelled example (section 2.2)`,
    /sms-v2 2\.2 SingleMessage and MessageDetails: the document gives each field's type only/,
  ),
  {
    item: "C's status callback body with an unlabelled example (section 2.3 gives detail no text, section 3 the states no meaning)",
    api: 'im-v1',
    revert: (doc) => {
      const media = doc.components.pathItems.StatusCallback.post.requestBody.content['application/json'];
      media.example = media.examples.illustrative.value;
      delete media.examples;
    },
    entry: /im-v1 2\.3 Status callback: the document gives no text of detail/,
  },
  ...['sms-v2', 'im-v1'].map((api) => ({
    item: `7 ${api}'s status callback "sent with sendMessage" (section 6)`,
    api,
    revert: (doc: Doc) => {
      const item = doc.components.pathItems.StatusCallback;
      item.description = item.description.replace('outbound (MT) message is updated', 'outbound (MT) message sent with `sendMessage` is updated');
    },
    entry: new RegExp(`${api} 6 Status callback trigger`),
  })),
  {
    item: "8 D's timezone given a meaning (section 2.4)",
    api: 'campaign-manager-v1',
    revert: (doc) => {
      doc.components.schemas.CampaignReport.properties.timezone.description = 'Time zone of the report dates. Its format is not stated in the spec document.';
    },
    entry: /campaign-manager-v1 2\.4 CampaignReport timezone/,
  },
  {
    item: "D's report list_name given a meaning: the list the campaign was sent to (section 2.4 gives a name and a type; a campaign is scheduled to members)",
    api: 'campaign-manager-v1',
    revert: (doc) => {
      doc.components.schemas.CampaignReport.properties.list_name.description = 'Name of the list the campaign was sent to.';
    },
    entry: /campaign-manager-v1 2\.4 CampaignReport list_name/,
  },
  // Section 2.4: Member's destination and params are plain strings, the flags' meaning not shown.
  ...[
    ['lists reply', (doc: Doc) => doc.paths['/{application_name}/lists'].get.responses['200'].content['application/json']],
    ['createList request body', (doc: Doc) => doc.paths['/{application_name}/lists'].post.requestBody.content['application/json']],
    ['scheduleCampaign request body', (doc: Doc) => doc.paths['/{application_name}/scheduled_campaigns'].post.requestBody.content['application/json']],
  ].map(([name, media]) => ({
    item: `D's ${name} example writes members and flags unlabelled (section 2.4)`,
    api: 'campaign-manager-v1',
    revert: (doc: Doc) => {
      const holder = (media as (doc: Doc) => Doc)(doc);
      holder.example = holder.examples.illustrative.value;
      delete holder.examples;
    },
    // The rule text names the document's params ("param1 to param6"): any count matches.
    entry: /campaign-manager-v1 2\.4 Member destination format and param1 to param\d+ use/,
  })),
  {
    item: "D's delete failure string example unlabelled (section 7 gives the sample's sense, not its text)",
    api: 'campaign-manager-v1',
    revert: (doc) => {
      const media = doc.components.responses.DeleteFailed.content['application/json'];
      media.example = media.examples.illustrative.value;
      delete media.examples;
    },
    entry: /campaign-manager-v1 7 D: the text of the two delete endpoints' plain string/,
  },
  {
    item: "9 A's broadcast bounds on the array, not its items (section 8)",
    api: 'gateway-v1',
    revert: (doc) => {
      const destination = doc.components.schemas.MessageBroadcast.properties.destination;
      destination['x-documented-bounds'] = destination.items['x-documented-bounds'];
      delete destination.items['x-documented-bounds'];
    },
    entry: /gateway-v1 8 The broadcast destination items carry the bounds/,
  },
  {
    item: "D's delete_multiple_lists 200 with an unlabelled example (section 4.4 gives message only its type)",
    api: 'campaign-manager-v1',
    revert: (doc) => {
      const media = doc.paths['/{application_name}/delete_multiple_lists'].post.responses['200'].content['application/json'];
      media.example = media.examples.illustrative.value;
      delete media.examples;
    },
    entry: /campaign-manager-v1 4\.4 POST \/delete_multiple_lists: the text of the 200 reply's message/,
  },
  {
    item: "B's description endpoint without the 401 of sections 5 and 7",
    api: 'sms-v2',
    revert: (doc) => {
      delete doc.paths['/openapi.yaml'].get.responses['401'];
    },
    entry: /sms-v2 7 B: 401 when credentials or permission are missing/,
  },
];

describe('a reversion to the bundles as they were is reported', () => {
  it.each(cases.map((c) => [c.item, c] as const))('%s', (_item, { api, revert, entry }) => {
    const doc = structuredClone(loadBundle(api));
    const catalogue = catalog.get(api)!;
    expect(checkDocument(jsonView(doc), catalogue)).toEqual([]);
    revert(doc);
    const reported = checkDocument(jsonView(doc), catalogue).map((v) => v.entry);
    expect(reported.filter((id) => entry.test(id)), `entries reported: ${reported.join('; ')}`).not.toEqual([]);
  });
});
