// Before/after pairs built from our real bundles (specs/dist), one mutation each, and the
// breaking changes the gate must (and must not) report for them.
import { describe, expect, it } from 'vitest';
import { changeText, diffContract, type Json, valueText } from './diff.js';
import { apiIds, loadBundle, pair } from './test-support/bundles.js';

const schemas = (document: Json) => document.components.schemas;

// Limits are read from the bundle and moved from there, never restated: a maintainer's
// legitimate change of a limit (255 -> 100) must not fail a test of the classification.
const imReference = (d: Json) => schemas(d).MessagePostRequest.properties.reference;
const imDetail = (d: Json) => schemas(d).StatusCallback.properties.detail;
const gatewayMask = (d: Json) => schemas(d).Message.properties.mask;
/** One below the current limit (a tightening), and twice it (a loosening). */
const tighter = (limit: number) => limit - 1;
const looser = (limit: number) => limit * 2;
const tighten = (field: (d: Json) => Json) => (d: Json) => (field(d).maxLength = tighter(field(d).maxLength));
const loosen = (field: (d: Json) => Json) => (d: Json) => (field(d).maxLength = looser(field(d).maxLength));

// JSON pointers of the bodies the cases touch.
const gwSend = '/paths/~1messages/post/requestBody/content';
const gwGet = '/paths/~1messages~1{messageid}/get/responses/200/content/application~1json/schema';
const smsSend = '/paths/~1messages/post/requestBody/content/application~1json/schema';
// The 202 body: StatusCallback (allOf/0) with section 3's `accepted` beside it.
const smsSent = '/paths/~1messages/post/responses/202/content/application~1json/schema';
const smsGet = '/paths/~1messages/get/responses/200/content/application~1json/schema';
const smsStatusCallback = '/webhooks/statusCallback/post/requestBody/content/application~1json/schema';
const imSend = '/paths/~1message/post/requestBody/content/application~1json/schema';
const imStatusCallback = '/webhooks/statusCallback/post/requestBody/content/application~1json/schema';
const cmCreateList = '/paths/~1{application_name}~1lists/post/responses/201/content/application~1json/schema';

interface Case {
  given: { id: string; mutate: (after: Json) => void };
  want: {
    /** Exactly the breaking changes reported (JSON pointers). */
    breaking: string[];
    /** Changes that must be found and classified as not breaking. */
    notBreaking?: string[];
  };
}

const cases: [string, Case][] = [
  // Five breaking changes the gate must catch: an endpoint removed, a required request field added, a request enum narrowed, a request limit tightened, a response field removed.
  [
    'removing an endpoint is breaking',
    {
      given: { id: 'gateway-v1', mutate: (d) => delete d.paths['/messages/broadcast'] },
      want: { breaking: ['/paths/~1messages~1broadcast/post'] },
    },
  ],
  [
    'adding a required request field is breaking',
    {
      given: {
        id: 'sms-v2',
        mutate: (d) => {
          schemas(d).SingleMessage.properties.priority = { type: 'integer', description: 'Priority.' };
          schemas(d).SingleMessage.required.push('priority');
        },
      },
      want: { breaking: [`${smsSend}/required/2`], notBreaking: [`${smsSend}/properties/priority`] },
    },
  ],
  [
    'narrowing an enum in a request is breaking',
    {
      given: {
        id: 'im-v1',
        mutate: (d) => {
          const pipe = schemas(d).MessagePostRequest.properties.scheduler_pipe;
          pipe.enum = pipe.enum.filter((value: string) => value !== 'eventbridge');
        },
      },
      want: { breaking: [`${imSend}/properties/scheduler_pipe/enum/1`] },
    },
  ],
  [
    'tightening a maxLength on a request field is breaking',
    {
      given: { id: 'im-v1', mutate: tighten(imReference) },
      want: { breaking: [`${imSend}/properties/reference/maxLength`] },
    },
  ],
  [
    'removing a response field is breaking',
    {
      given: { id: 'sms-v2', mutate: (d) => delete schemas(d).MessageDetails.properties.content },
      want: { breaking: [`${smsGet}/properties/content`] },
    },
  ],
  // Two changes it must let through: an optional request field added, an endpoint added.
  [
    'adding an optional request field is not breaking',
    {
      given: {
        id: 'sms-v2',
        mutate: (d) => (schemas(d).SingleMessage.properties.priority = { type: 'integer', description: 'Priority.' }),
      },
      want: { breaking: [], notBreaking: [`${smsSend}/properties/priority`] },
    },
  ],
  [
    'adding a new endpoint is not breaking',
    {
      given: {
        id: 'gateway-v1',
        mutate: (d) => {
          const getMessage = structuredClone(d.paths['/messages/{messageid}'].get);
          d.paths['/messages/{messageid}/status'] = { get: { ...getMessage, operationId: 'getMessageStatus' } };
        },
      },
      want: { breaking: [], notBreaking: ['/paths/~1messages~1{messageid}~1status/get'] },
    },
  ],
  // Enums, by direction. Our policy: a consumer of a response breaks on a value it does not
  // know (added), not on a value it will no longer see (removed). The body the service POSTs to
  // a status callback is read by the consumer, so it follows the response rule.
  [
    'narrowing an enum in a response is not breaking',
    {
      given: {
        id: 'sms-v2',
        mutate: (d) => (schemas(d).MessageDetails.properties.direction.enum = ['MT']),
      },
      want: { breaking: [], notBreaking: [`${smsGet}/properties/direction/enum/0`] },
    },
  ],
  [
    'widening an enum in responses and a callback body is breaking',
    {
      given: { id: 'sms-v2', mutate: (d) => schemas(d).MessageStatus.enum.push('archived') },
      want: {
        breaking: [
          `${smsSent}/allOf/0/properties/status/allOf/0/enum/12`,
          `${smsStatusCallback}/properties/status/allOf/0/enum/12`,
          `${smsGet}/properties/status/allOf/0/enum/12`,
        ],
      },
    },
  ],
  [
    'narrowing an enum in responses and a callback body is not breaking',
    {
      given: {
        id: 'sms-v2',
        mutate: (d) => (schemas(d).MessageStatus.enum = schemas(d).MessageStatus.enum.filter((v: string) => v !== 'blocked')),
      },
      want: {
        breaking: [],
        notBreaking: [
          `${smsSent}/allOf/0/properties/status/allOf/0/enum/5`,
          `${smsStatusCallback}/properties/status/allOf/0/enum/5`,
          `${smsGet}/properties/status/allOf/0/enum/5`,
        ],
      },
    },
  ],
  [
    'widening an enum in a request is not breaking',
    {
      given: { id: 'im-v1', mutate: (d) => schemas(d).MessagePostRequest.properties.scheduler_pipe.enum.push('kafka') },
      want: { breaking: [], notBreaking: [`${imSend}/properties/scheduler_pipe/enum/3`] },
    },
  ],
  [
    'adding an enum to a free request string is breaking',
    {
      // api-smart-diff reports this as values added one by one ("non-breaking"); it narrows.
      given: { id: 'sms-v2', mutate: (d) => (schemas(d).SingleMessage.properties.class.enum = ['mt_message', 'flash']) },
      want: { breaking: [`${smsSend}/properties/class/enum/0`, `${smsSend}/properties/class/enum/1`] },
    },
  ],
  [
    'dropping the enum of a response field is breaking',
    {
      given: { id: 'sms-v2', mutate: (d) => delete schemas(d).MessageDetails.properties.direction.enum },
      want: { breaking: [`${smsGet}/properties/direction/enum/0`, `${smsGet}/properties/direction/enum/1`] },
    },
  ],
  // Limits, by direction.
  [
    'tightening a maxLength shared by a request and a response breaks the request only',
    {
      given: { id: 'gateway-v1', mutate: tighten(gatewayMask) },
      want: {
        breaking: [
          `${gwSend}/application~1json/schema/properties/mask/maxLength`,
          `${gwSend}/application~1vnd.vendor.gateway.v1+json/schema/properties/mask/maxLength`,
        ],
        notBreaking: [`${gwGet}/properties/mask/maxLength`],
      },
    },
  ],
  [
    'loosening a maxLength on a request field is not breaking',
    {
      given: { id: 'im-v1', mutate: loosen(imReference) },
      want: { breaking: [], notBreaking: [`${imSend}/properties/reference/maxLength`] },
    },
  ],
  [
    'tightening a maxLength in a callback body is not breaking',
    {
      given: { id: 'im-v1', mutate: tighten(imDetail) },
      want: { breaking: [], notBreaking: [`${imStatusCallback}/properties/detail/maxLength`] },
    },
  ],
  [
    'loosening a maxLength in a callback body is breaking',
    {
      given: { id: 'im-v1', mutate: loosen(imDetail) },
      want: { breaking: [`${imStatusCallback}/properties/detail/maxLength`] },
    },
  ],
  // Types and required, by direction (api-smart-diff gets the response side and 3.1 type
  // arrays wrong; see policy.ts).
  [
    'changing the type of a response field is breaking',
    {
      given: { id: 'sms-v2', mutate: (d) => (schemas(d).MessageDetails.properties.content.type = 'integer') },
      want: { breaking: [`${smsGet}/properties/content/type`] },
    },
  ],
  [
    'making a request field nullable with a 3.1 type array is not breaking',
    {
      given: { id: 'sms-v2', mutate: (d) => (schemas(d).SingleMessage.properties.source.type = ['string', 'null']) },
      want: { breaking: [], notBreaking: [`${smsSend}/properties/source/type`] },
    },
  ],
  [
    'making a response field nullable with a 3.1 type array is breaking',
    {
      given: { id: 'sms-v2', mutate: (d) => (schemas(d).MessageDetails.properties.source.type = ['string', 'null']) },
      want: { breaking: [`${smsGet}/properties/source/type`] },
    },
  ],
  [
    'a response field that stops being required is breaking',
    {
      given: { id: 'campaign-manager-v1', mutate: (d) => (schemas(d).ListCreateResponse.required = []) },
      want: { breaking: [`${cmCreateList}/required/0`] },
    },
  ],
  // Operations, parameters and callbacks.
  [
    'adding a required query parameter is breaking',
    {
      given: {
        id: 'sms-v2',
        mutate: (d) =>
          d.paths['/messages'].get.parameters.push({
            name: 'fields',
            in: 'query',
            required: true,
            description: 'Fields.',
            schema: { type: 'string' },
          }),
      },
      want: { breaking: ['/paths/~1messages/get/parameters/1'] },
    },
  ],
  [
    'removing a webhook is breaking',
    {
      given: { id: 'sms-v2', mutate: (d) => delete d.webhooks.replyCallback },
      want: { breaking: ['/webhooks/replyCallback'] },
    },
  ],
  [
    'rewording descriptions is not breaking',
    {
      given: {
        id: 'campaign-manager-v1',
        mutate: (d) => (d.paths['/{application_name}/lists'].get.description = 'Lists the active lists.'),
      },
      want: { breaking: [], notBreaking: ['/paths/~1{application_name}~1lists/get/description'] },
    },
  ],
];

describe('diffContract on real bundles', () => {
  it.each(cases)('%s', (_title, { given, want }) => {
    const { before, after } = pair(given.id, given.mutate);
    const changes = diffContract(before, after);
    const breaking = changes.filter((change) => change.type === 'breaking').map((change) => change.pointer);
    expect(breaking.sort()).toEqual([...want.breaking].sort());
    const notBreaking = changes.filter((change) => change.type !== 'breaking').map((change) => change.pointer);
    expect(notBreaking).toEqual(expect.arrayContaining(want.notBreaking ?? []));
  });

  it.each(apiIds)('finds no change at all between %s and itself', (id) => {
    expect(diffContract(loadBundle(id), loadBundle(id))).toEqual([]);
  });

  // An example shows a value and makes none valid or invalid: documentation (a patch), like a
  // description, in a request, a response, a parameter or a schema.
  const examples: [string, string, (d: Json) => void][] = [
    ['a request body example', 'sms-v2', (d: Json) => (d.paths['/messages'].post.requestBody.content['application/json'].examples.illustrative.value.note = 'Hi')],
    ['a response example', 'im-v1', (d: Json) => (d.paths['/message'].post.responses['202'].content['application/json'].example = { changed: true })],
    ['a parameter example', 'sms-v2', (d: Json) => (d.paths['/messages'].get.parameters[0].example = 'other')],
    ['a schema example', 'sms-v2', (d: Json) => (schemas(d).SingleMessage.properties.content.example = 'Hello')],
  ];
  it.each(examples)('classifies changing %s as documentation', (_title, id, mutate) => {
    const { before, after } = pair(id, mutate);
    const changes = diffContract(before, after);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.filter((change) => change.type !== 'annotation')).toEqual([]);
  });

  it('still classifies a property named "example" as a property', () => {
    const { before, after } = pair('sms-v2', (d) => (schemas(d).SingleMessage.properties.example = { type: 'string', description: 'A field called example.' }));
    expect(diffContract(before, after).map((change) => [change.pointer, change.type])).toEqual([[`${smsSend}/properties/example`, 'non-breaking']]);
  });

  const reference: number = imReference(loadBundle('im-v1')).maxLength;
  const detail: number = imDetail(loadBundle('im-v1')).maxLength;
  const templateText: number = schemas(loadBundle('im-v1')).TemplateParameter.properties.text.maxLength;
  /** A string longer than a line shows: its first 57 characters, an ellipsis, the closing quote. */
  const cut = (text: string) => (text.length > 58 ? `${JSON.stringify(text.slice(0, 57)).slice(0, -1)}…"` : JSON.stringify(text));
  const described: [string, string, (d: Json) => void, string][] = [
    ['removing an endpoint', 'gateway-v1', (d: Json) => delete d.paths['/messages/broadcast'], 'removed operation POST /messages/broadcast'],
    [
      'narrowing a request enum',
      'im-v1',
      (d: Json) => schemas(d).MessagePostRequest.properties.scheduler_pipe.enum.pop(),
      'removed enum value "sqs" of property "scheduler_pipe" in the request body of POST /message (sent by the client)',
    ],
    [
      'tightening a maxLength',
      'im-v1',
      tighten(imReference),
      `changed limit maxLength ${reference} -> ${tighter(reference)} of property "reference" in the request body of POST /message (sent by the client)`,
    ],
    [
      'loosening a callback limit',
      'im-v1',
      loosen(imDetail),
      `changed limit maxLength ${detail} -> ${looser(detail)} of property "detail" in the request body of webhook statusCallback (callback, sent by the service)`,
    ],
    [
      'tightening a nested limit',
      'im-v1',
      tighten((d: Json) => schemas(d).TemplateParameter.properties.text),
      `changed limit maxLength ${templateText} -> ${tighter(templateText)} of property "message.template.parameters[].text" in the request body of POST /message (sent by the client)`,
    ],
    [
      'adding an optional property',
      'campaign-manager-v1',
      (d: Json) => (schemas(d).ListRequest.properties.note = { type: 'string', maxLength: 160 }),
      'added property "note" in the request body of POST /{application_name}/lists (sent by the client)',
    ],
    [
      'adding a value to a request example',
      'campaign-manager-v1',
      (d: Json) => (d.paths['/{application_name}/lists'].post.requestBody.content['application/json'].examples.illustrative.value.note = 'Customers who opted in'),
      'added example value "illustrative.value.note": "Customers who opted in" in the request body of POST /{application_name}/lists (sent by the client)',
    ],
    [
      'changing a parameter example',
      'sms-v2',
      (d: Json) => (d.paths['/messages'].get.parameters[0].example = 'other'),
      `changed example ${JSON.stringify(loadBundle('sms-v2').paths['/messages'].get.parameters[0].example)} -> "other" in parameter "id" of GET /messages (sent by the client)`,
    ],
    [
      'rewording a long description: each string cut inside its quotes, closed with an ellipsis',
      'im-v1',
      (d: Json) => (imDetail(d).description = `${'Said "again" '.repeat(10)}end`),
      `changed description ${cut(imDetail(loadBundle('im-v1')).description)} -> "${'Said \\"again\\" '.repeat(4)}Said …" of property "detail" in the request body of webhook statusCallback (callback, sent by the service)`,
    ],
  ];
  it.each(described)('says what changed when %s', (_title, id, mutate, want) => {
    const { before, after } = pair(id, mutate);
    expect(diffContract(before, after).map((change) => change.what)).toContain(want);
  });
});

describe('valueText', () => {
  it.each([
    ['a short string, quoted whole', 'Hello', '"Hello"'],
    ['a long string, cut inside its quotes with an ellipsis', 'x'.repeat(100), `"${'x'.repeat(57)}…"`],
    ['a long string of escapes, never split inside one', '"'.repeat(100), `"${'\\"'.repeat(57)}…"`],
    ['a number', 255, '255'],
    ['a long array, by its size', Array.from({ length: 40 }, (_, i) => i), 'an array of 40 items'],
    ['a long object, by its size', Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, i])), 'an object with 20 keys'],
    ['nothing', undefined, 'nothing'],
  ])('%s', (_title, value, want) => {
    expect(valueText(value)).toBe(want);
  });
});

describe('changeText', () => {
  const mask = (limit: string) => `Mask of the campaign SMS. The spec document states no length limit for this interface's \`mask\` (the ${limit}-character limit of section 8 applies to interface A only).`;
  it.each([
    ['two short values, whole', 255, 100, '255 -> 100'],
    ['two short strings, whole', 'a', 'b', '"a" -> "b"'],
    [
      'two long strings that differ past the cut: the part around the first difference, on both sides',
      mask('20'),
      mask('11'),
      '"…rface\'s `mask` (the 20-character limit of section 8 appl…" -> "…rface\'s `mask` (the 11-character limit of section 8 appl…"',
    ],
    [
      'two long strings that differ at the start: cut at the end only',
      `Old ${'x'.repeat(80)}`,
      `New ${'x'.repeat(80)}`,
      `"Old ${'x'.repeat(53)}…" -> "New ${'x'.repeat(53)}…"`,
    ],
    ['a string that grows at its end', `${'x'.repeat(80)}`, `${'x'.repeat(80)} and more`, `"…${'x'.repeat(20)}" -> "…${'x'.repeat(20)} and more"`],
  ])('%s', (_title, before, after, want) => {
    expect(changeText(before, after)).toBe(want);
  });

  it('is what a change line shows for a long description changed past its first 60 characters', () => {
    const before = loadBundle('campaign-manager-v1');
    before.components.schemas.ScheduleCampaignRequest.properties.mask.description = mask('20');
    const after = structuredClone(before);
    after.components.schemas.ScheduleCampaignRequest.properties.mask.description = mask('11');
    const [change] = diffContract(before, after);
    expect(change!.what).toContain('(the 20-character limit of section 8 appl…" -> "…rface\'s `mask` (the 11-character limit of section 8 appl…"');
  });
});
