// The rules hold whatever the document's layout: `$ref`'d components, inline schemas, `allOf`
// composition, a short path under the server's base path or a full path, any path parameter name.
import { describe, expect, it } from 'vitest';
import { parseApiCatalog } from './catalog.js';
import { checkDocument } from './check.js';
import type { Doc } from './testing/fixtures.js';
import { jsonView } from './view.js';

const catalog = parseApiCatalog(`
api: mini
label: M
basePath: /rest/mini
schemas:
  Thing:
    section: "2.9"
    component: Thing
    at: [{ operation: "POST /rest/mini/things/{thingId}", requestBody: true }]
  Code:
    section: "2.9"
    component: Code
    at: [{ schema: Thing, property: code }]
entries:
  - section: "2.9"
    schema: Thing
    fields:
      name: { type: string, maxLength: 20, required: true }
      kind: { type: string, enum: [a, b] }
      code: { is: Code }
      tags: { type: array, maxItems: 3, items: { type: string } }
      note: { type: string }
  - section: "2.9"
    schema: Code
    expect: { type: integer, minimum: 1, maximum: 9 }
  - section: "3.9"
    rule: "values of note: not shown"
    open: [{ schema: Thing, property: note, forbid: [enum, pattern] }]
  - section: "7.9"
    rule: "failures: default with {message}"
    responses:
      at: [{ operation: "POST /rest/mini/things/{thingId}", response: default }]
      body: { type: object, properties: { message: { type: string } }, required: [message] }
  - section: "7.9"
    rule: "only 201 and default"
    statuses: [{ operation: "POST /rest/mini/things/{thingId}", statuses: ["201", default] }]
  - section: "9"
    basePath: /rest/mini
`);

/** What a document says, whatever its layout; each case changes one of these. */
interface Facts {
  nameMax: number;
  kindEnum: string[];
  codeMax: number;
  nameRequired: boolean;
  extraField: boolean;
  noteEnum?: string[];
  errorMessageType: string;
  extraStatus: boolean;
  tagsMaxItems: number;
}

const documented: Facts = {
  nameMax: 20,
  kindEnum: ['a', 'b'],
  codeMax: 9,
  nameRequired: true,
  extraField: false,
  errorMessageType: 'string',
  extraStatus: false,
  tagsMaxItems: 3,
};

function thingProperties(f: Facts, code: Doc): Record<string, Doc> {
  return {
    name: { type: 'string', maxLength: f.nameMax },
    kind: { type: 'string', enum: f.kindEnum },
    code,
    tags: { type: 'array', maxItems: f.tagsMaxItems, items: { type: 'string' } },
    note: { type: 'string', ...(f.noteEnum ? { enum: f.noteEnum } : {}) },
    ...(f.extraField ? { extra: { type: 'string' } } : {}),
  };
}

const codeSchema = (f: Facts) => ({ type: 'integer', minimum: 1, maximum: f.codeMax });

function operation(f: Facts, body: Doc): Doc {
  return {
    requestBody: { content: { 'application/json': { schema: body } } },
    responses: {
      '201': { description: 'created' },
      default: {
        description: 'failure',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { message: { type: f.errorMessageType } }, required: ['message'] },
          },
        },
      },
      ...(f.extraStatus ? { '400': { description: 'invented' } } : {}),
    },
  };
}

interface Layout {
  build(f: Facts): Doc;
  /** Where each fact lives in this layout. */
  at: Record<'nameMax' | 'kindEnum' | 'codeMax' | 'required' | 'properties' | 'note' | 'errorType' | 'responses' | 'tagsMaxItems', string>;
}

const layouts: Record<string, Layout> = {
  'components by $ref, short path under the server base path': {
    build: (f) => ({
      openapi: '3.1.0',
      servers: [{ url: '{base_url}/rest/mini', variables: { base_url: { default: 'https://api.example.com' } } }],
      paths: { '/things/{thingId}': { post: operation(f, { $ref: '#/components/schemas/Thing' }) } },
      components: {
        schemas: {
          Thing: {
            type: 'object',
            required: f.nameRequired ? ['name'] : [],
            properties: thingProperties(f, { $ref: '#/components/schemas/Code', description: 'a code' }),
          },
          Code: codeSchema(f),
        },
      },
    }),
    at: {
      nameMax: '/components/schemas/Thing/properties/name/maxLength',
      kindEnum: '/components/schemas/Thing/properties/kind/enum',
      codeMax: '/components/schemas/Code/maximum',
      required: '/components/schemas/Thing/required',
      properties: '/components/schemas/Thing/properties',
      note: '/components/schemas/Thing/properties/note/enum',
      errorType: '/paths/~1things~1{thingId}/post/responses/default/content/application~1json/schema/properties/message/type',
      responses: '/paths/~1things~1{thingId}/post/responses',
      tagsMaxItems: '/components/schemas/Thing/properties/tags/maxItems',
    },
  },
  'inline schemas, full path, no base path in the server URL, another parameter name': {
    build: (f) => ({
      openapi: '3.1.0',
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/rest/mini/things/{id}': {
          post: operation(f, { type: 'object', required: f.nameRequired ? ['name'] : [], properties: thingProperties(f, codeSchema(f)) }),
        },
      },
    }),
    at: {
      nameMax: '/paths/~1rest~1mini~1things~1{id}/post/requestBody/content/application~1json/schema/properties/name/maxLength',
      kindEnum: '/paths/~1rest~1mini~1things~1{id}/post/requestBody/content/application~1json/schema/properties/kind/enum',
      codeMax: '/paths/~1rest~1mini~1things~1{id}/post/requestBody/content/application~1json/schema/properties/code/maximum',
      required: '/paths/~1rest~1mini~1things~1{id}/post/requestBody/content/application~1json/schema/required',
      properties: '/paths/~1rest~1mini~1things~1{id}/post/requestBody/content/application~1json/schema/properties',
      note: '/paths/~1rest~1mini~1things~1{id}/post/requestBody/content/application~1json/schema/properties/note/enum',
      errorType: '/paths/~1rest~1mini~1things~1{id}/post/responses/default/content/application~1json/schema/properties/message/type',
      responses: '/paths/~1rest~1mini~1things~1{id}/post/responses',
      tagsMaxItems: '/paths/~1rest~1mini~1things~1{id}/post/requestBody/content/application~1json/schema/properties/tags/maxItems',
    },
  },
  'allOf composition, path item and request body by $ref, server path in variables': {
    build: (f) => {
      const { name, kind, ...rest } = thingProperties(f, { allOf: [{ $ref: '#/components/schemas/Code' }] });
      return {
        openapi: '3.1.0',
        servers: [{ url: '{scheme}://{host}{basePath}', variables: { scheme: { default: 'https' }, host: { default: 'api.example.com' }, basePath: { default: '/rest/mini' } } }],
        paths: { '/things/{thing}': { $ref: '#/components/pathItems/Things' } },
        components: {
          pathItems: { Things: { post: { ...operation(f, null), requestBody: { $ref: '#/components/requestBodies/Thing' } } } },
          requestBodies: { Thing: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
          schemas: {
            ThingBase: { type: 'object', properties: { name, kind } },
            Thing: {
              allOf: [{ $ref: '#/components/schemas/ThingBase' }, { required: f.nameRequired ? ['name'] : [], properties: rest }],
            },
            Code: codeSchema(f),
          },
        },
      };
    },
    at: {
      nameMax: '/components/schemas/ThingBase/properties/name/maxLength',
      kindEnum: '/components/schemas/ThingBase/properties/kind/enum',
      codeMax: '/components/schemas/Code/maximum',
      required: '/components/schemas/Thing',
      properties: '/components/schemas/Thing/allOf/1/properties',
      note: '/components/schemas/Thing/allOf/1/properties/note/enum',
      errorType: '/components/pathItems/Things/post/responses/default/content/application~1json/schema/properties/message/type',
      responses: '/components/pathItems/Things/post/responses',
      tagsMaxItems: '/components/schemas/Thing/allOf/1/properties/tags/maxItems',
    },
  },
};

type Where = keyof Layout['at'];

const cases: Array<[string, { given: Partial<Facts>; want: Array<{ section: string; at: Where }> }]> = [
  ['the documented facts pass', { given: {}, want: [] }],
  ['a loosened maximum length', { given: { nameMax: 21 }, want: [{ section: '2.9', at: 'nameMax' }] }],
  ['a tightened maximum length', { given: { nameMax: 19 }, want: [{ section: '2.9', at: 'nameMax' }] }],
  ['a loosened count', { given: { tagsMaxItems: 4 }, want: [{ section: '2.9', at: 'tagsMaxItems' }] }],
  ['an enum value added', { given: { kindEnum: ['a', 'b', 'c'] }, want: [{ section: '2.9', at: 'kindEnum' }] }],
  ['a range in a referenced scalar', { given: { codeMax: 10 }, want: [{ section: '2.9', at: 'codeMax' }] }],
  ['a required field dropped', { given: { nameRequired: false }, want: [{ section: '2.9', at: 'required' }] }],
  ['an undocumented field', { given: { extraField: true }, want: [{ section: '2.9', at: 'properties' }] }],
  [
    'a not-shown set of values turned into an enum',
    { given: { noteEnum: ['x'] }, want: [{ section: '2.9', at: 'note' }, { section: '3.9', at: 'note' }] },
  ],
  ['an error body reshaped', { given: { errorMessageType: 'integer' }, want: [{ section: '7.9', at: 'errorType' }] }],
  ['an invented status', { given: { extraStatus: true }, want: [{ section: '7.9', at: 'responses' }] }],
];

describe.each(Object.entries(layouts))('%s', (_name, layout) => {
  it.each(cases)('%s', (_title, { given, want }) => {
    const violations = checkDocument(jsonView(layout.build({ ...documented, ...given })), catalog);
    const reported = violations.map((v) => ({ section: v.section, pointer: v.pointer }));
    const expected = want.map(({ section, at }) => ({ section, pointer: layout.at[at] }));
    // Each wanted violation is reported at (or inside) the place where the fact lives, and nothing else.
    for (const w of expected) {
      expect(reported.some((r) => r.section === w.section && (r.pointer === w.pointer || r.pointer.startsWith(`${w.pointer}/`)))).toBe(true);
    }
    expect(new Set(violations.map((v) => v.section))).toEqual(new Set(want.map((w) => w.section)));
  });
});

describe('places the document lacks', () => {
  const refs = layouts['components by $ref, short path under the server base path']!;
  const cases: Array<[string, { given: (d: Doc) => void; want: { kind: string; pointer: string; found: string } }]> = [
    [
      'an operation removed',
      { given: (d) => delete d.paths['/things/{thingId}'].post, want: { kind: 'place', pointer: '/paths/~1things~1{thingId}', found: 'no post operation on /things/{thingId}' } },
    ],
    [
      'a request body removed',
      { given: (d) => delete d.paths['/things/{thingId}'].post.requestBody, want: { kind: 'place', pointer: '/paths/~1things~1{thingId}/post', found: 'none' } },
    ],
    [
      'a path moved off the base path',
      { given: (d) => (d.servers[0].url = '{base_url}/rest/other'), want: { kind: 'base-path', pointer: '/servers', found: 'servers {base_url}/rest/other; paths /things/{thingId}' } },
    ],
  ];
  it.each(cases)('%s', (_title, { given, want }) => {
    const document = refs.build(documented);
    given(document);
    const violations = checkDocument(jsonView(document), catalog);
    expect(violations).toContainEqual(expect.objectContaining(want));
  });
});

// An illustrative example is at a response, a callback's body (what the service POSTs), or an
// operation's request body: the values a client sends are the client's, but an example of them
// still reads as the form the service takes (A's destination numbers, section 2.1).
describe('illustrativeExamples places', () => {
  const withPlace = (place: string) => `
api: mini
label: M
basePath: /rest/mini
entries:
  - section: "2.9"
    rule: "values not shown"
    open:
      illustrativeExamples:
        - ${place}
`;

  it('takes a response, a callback\'s request body and an operation\'s request body', () => {
    expect(() => parseApiCatalog(withPlace('{ operation: "POST /rest/mini/things", response: "201" }'))).not.toThrow();
    expect(() => parseApiCatalog(withPlace('{ operation: "POST /rest/mini/things", callback: status, method: POST, requestBody: true }'))).not.toThrow();
    expect(() => parseApiCatalog(withPlace('{ pathItem: StatusCallback, method: POST, requestBody: true }'))).not.toThrow();
    expect(() => parseApiCatalog(withPlace('{ operation: "POST /rest/mini/things", requestBody: true }'))).not.toThrow();
  });

  it('refuses a place that names neither a response nor a request body', () => {
    expect(() => parseApiCatalog(withPlace('{ operation: "POST /rest/mini/things" }'))).toThrow(/each place names a response or a request body/);
  });

  it('reports an unlabelled example of a callback\'s body, and passes a labelled one', () => {
    const catalogue = parseApiCatalog(withPlace('{ pathItem: StatusCallback, method: POST, requestBody: true }'));
    const document = (media: Doc): Doc => ({
      openapi: '3.1.0',
      info: { title: 'mini', version: '1' },
      servers: [{ url: 'https://example.test/rest/mini' }],
      paths: {},
      components: { pathItems: { StatusCallback: { post: { requestBody: { content: { 'application/json': media } }, responses: { 200: { description: 'ok' } } } } } },
    });
    const plain = checkDocument(jsonView(document({ example: { status: 'sent' } })), catalogue);
    expect(plain.map((v) => v.found)).toEqual(['an unlabelled example']);
    const labelled = checkDocument(jsonView(document({ examples: { illustrative: { summary: 'Illustrative values', value: { status: 'sent' } } } })), catalogue);
    expect(labelled).toEqual([]);
  });
});
