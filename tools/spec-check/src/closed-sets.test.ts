// The closed sets and section 7 said on every operation (issue 13, item 4), each made to fail on
// purpose in a real bundle: an invented endpoint, method, status, callback or webhook, and an
// operation whose own failure response stops saying what the document says while the shared
// component still says it.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from './catalog.js';
import { checkDocument, formatViolation } from './check.js';
import { type Doc, loadBundle } from './testing/fixtures.js';
import { jsonView } from './view.js';

const catalog = loadCatalog();
const check = (id: string, document: Doc) => checkDocument(jsonView(document), catalog.get(id)!);
const edited = (id: string, edit: (document: Doc) => void) => {
  const document = loadBundle(id);
  edit(document);
  return document;
};
const answer = { responses: { default: { description: 'Undocumented.' } } };

describe('closed sets', () => {
  it('an undocumented endpoint fails, naming the catalogue file and entry to edit', () => {
    const violations = check('campaign-manager-v1', edited('campaign-manager-v1', (d) => (d.paths['/{application_name}/extra'] = { get: answer })));
    expect(violations.map(formatViolation)).toEqual([
      'campaign-manager-v1  /paths/~1{application_name}~1extra/get  expected: only the 7 documented operations (remove it from specs/campaign-manager-v1/, or, if the document lists it, add it to tools/spec-check/catalog/campaign-manager-v1.yaml (entry "campaign-manager-v1 4.4 D has exactly the seven endpoints of the section 4.4 table"))  found: operation GET /{application_name}/extra  [the catalogue (from the document, section 4.4), tools/spec-check/catalog/campaign-manager-v1.yaml: D has exactly the seven endpoints of the section 4.4 table]',
    ]);
  });

  it('an undocumented method on a documented path fails', () => {
    const violations = check('gateway-v1', edited('gateway-v1', (d) => (d.paths['/messages'].get = answer)));
    expect(violations.map((v) => [v.entry, v.pointer, v.found])).toEqual([['gateway-v1 4.1 A has exactly the three endpoints of the section 4.1 table', '/paths/~1messages/get', 'operation GET /messages']]);
  });

  it('an invented status (a 404 on an endpoint of D) fails', () => {
    const violations = check('campaign-manager-v1', edited('campaign-manager-v1', (d) => (d.paths['/{application_name}/lists'].get.responses['404'] = { description: 'Not found.' })));
    expect(violations.map((v) => [v.pointer, v.expected, v.found])).toEqual([
      [
        '/paths/~1{application_name}~1lists/get/responses/404',
        'only responses 200, default (remove response 404 from specs/campaign-manager-v1/, or, if the document lists it, add it to tools/spec-check/catalog/campaign-manager-v1.yaml (entry "campaign-manager-v1 7 D: conditions for failures are not shown (success and default only)"))',
        'response 404',
      ],
    ]);
  });

  it('an invented status on the reply callback of B fails', () => {
    const violations = check('sms-v2', edited('sms-v2', (d) => (d.components.pathItems.ReplyCallback.post.responses['200'] = { description: 'ok' })));
    expect(violations.map((v) => v.found)).toContain('response 200');
  });

  // Whether B's callbacks sit under POST /messages (OpenAPI 3.0 style) or in top-level webhooks.
  const undocumentedEvents: [string, (d: Doc) => void, RegExp][] = [
    [
      'a callback',
      (d) => (d.paths['/messages'].post.callbacks = { ...d.paths['/messages'].post.callbacks, deliveredCallback: { '{$request.body#/url}': { post: answer } } }),
      /^callback deliveredCallback POST$/,
    ],
    ['a webhook', (d) => (d.webhooks = { ...d.webhooks, deliveredEvent: { post: answer } }), /^webhook deliveredEvent POST$/],
    ['a second method on a documented callback', (d) => (d.components.pathItems.StatusCallback.put = answer), /^(callback|webhook) \w*status\w* PUT$/i],
  ];
  it.each(undocumentedEvents)('an undocumented event of B (%s) fails', (_title, edit, found) => {
    const violations = check('sms-v2', edited('sms-v2', edit)).filter((v) => v.kind === 'operations');
    expect(violations).toHaveLength(1);
    expect(violations[0]!.found).toMatch(found);
    expect(violations[0]!.expected.replace(/ \(remove it from specs.*/, '')).toBe('only the documented events: status (POST), reply (POST)');
  });

  it('finds documented events in top-level webhooks as well as in callbacks', () => {
    // The OpenAPI 3.1 layout for out-of-band registered addresses: webhooks keyed by a name.
    const moved = edited('sms-v2', (d) => {
      delete d.paths['/messages'].post.callbacks; // (already absent where the bundle uses webhooks)
      d.webhooks = {
        statusCallback: { $ref: '#/components/pathItems/StatusCallback' },
        replyCallback: { $ref: '#/components/pathItems/ReplyCallback' },
      };
    });
    expect(check('sms-v2', moved).filter((v) => v.kind === 'operations')).toEqual([]);
    delete moved.webhooks.replyCallback;
    expect(check('sms-v2', moved).filter((v) => v.kind === 'operations').map((v) => v.expected)).toEqual(['a reply callback or webhook (POST), section 6']);
  });
});

describe('section 7 said on every operation', () => {
  const listsGet = (d: Doc) => d.paths['/{application_name}/lists'].get.responses;
  const shared = (d: Doc) => d.components.responses.DefaultError;
  const section7 = (id: string, document: Doc) => check(id, document).filter((v) => v.section === '7');

  it('a D operation whose own default response no longer says 500 fails, though the shared component does', () => {
    const violations = section7('campaign-manager-v1', edited('campaign-manager-v1', (d) => (listsGet(d).default = { ...structuredClone(shared(d)), description: 'Failure.' })));
    expect(violations.map((v) => [v.pointer, v.expected, v.found])).toEqual([
      [
        '/paths/~1{application_name}~1lists/get/responses/default/description',
        'a description saying "500" (the document: D: the default response (described as 500) is a DefaultError (code, message); edit the response in specs/campaign-manager-v1/)',
        'description Failure.',
      ],
    ]);
  });

  it("a D delete endpoint whose own default response no longer says 500 fails", () => {
    const violations = section7(
      'campaign-manager-v1',
      edited('campaign-manager-v1', (d) => (d.paths['/{application_name}/lists/{list_id}'].delete.responses.default = { ...structuredClone(d.components.responses.DeleteFailed), description: 'It failed.' })),
    );
    expect(violations.map((v) => v.found)).toEqual(['description It failed.']);
  });

  it('an operation whose error body refs another schema of the same shape fails', () => {
    const violations = section7(
      'gateway-v1',
      edited('gateway-v1', (d) => {
        d.components.schemas.OtherError = structuredClone(d.components.schemas.DefaultError);
        d.paths['/messages'].post.responses.default = {
          description: 'Any failure.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/OtherError' } } },
        };
      }),
    );
    expect(violations.map((v) => [v.pointer, v.found])).toEqual([['/paths/~1messages/post/responses/default/content/application~1json/schema', 'a $ref to #/components/schemas/OtherError']]);
    expect(violations[0]!.expected).toMatch(/^the documented DefaultError \(a \$ref to #\/components\/schemas\/DefaultError; the document: A: every failure/);
  });

  it('an operation whose error body is an inline look-alike fails; an exact inline copy (a dereferenced document) passes', () => {
    const inline = (schema: (d: Doc) => Doc) =>
      edited('im-v1', (d) => {
        d.paths['/message'].post.responses['400'] = { description: 'Bad request.', content: { 'application/json': { schema: schema(d) } } };
      });
    const lookAlike = section7('im-v1', inline((d) => ({ ...structuredClone(d.components.schemas.APIErrorOrSample), title: 'Mine' })));
    expect(lookAlike.map((v) => v.found)).toEqual(['an inline schema that is not the documented one']);
    expect(section7('im-v1', inline((d) => structuredClone(d.components.schemas.APIErrorOrSample)))).toEqual([]);
  });
});
