// The reader on a miniature document kept in this repository, so `pnpm test` proves the parsing
// without the real spec document (which only `pnpm audit-document` reads).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  documentedCallbacks,
  documentedFields,
  endpointTables,
  eventCounts,
  interfaceTable,
  leastProperties,
  limitFacts,
  limitProse,
  newMessageStates,
  readBounds,
  readFormats,
  readValues,
  sameFieldsAs,
  scalarFormats,
  sectionNumbers,
  sectionText,
  stateLists,
  tableRows,
} from './index.js';

const markdown = readFileSync(new URL('../fixtures/miniature.md', import.meta.url), 'utf8');

describe('the spec document reader', () => {
  it('reads the interface table', () => {
    expect(interfaceTable(markdown)).toEqual([
      { label: 'A', name: 'first interface', basePath: '/rest/first' },
      { label: 'B', name: 'second interface', basePath: '/rest/second/v2' },
    ]);
  });

  it('reads section 4 per interface, and only its own table', () => {
    const tables = endpointTables(markdown);
    expect([...tables.keys()]).toEqual(['A', 'B']);
    expect(tables.get('A')).toEqual([
      { method: 'POST', path: '/rest/first/messages', request: 'body Message (required)', success: '201', other: 'default: DefaultError' },
    ]);
    expect(tables.get('B')!.map((row) => row.path)).toEqual(['/rest/second/v2/messages']);
  });

  it('reads each callback sentence (method, address placeholder, body) and counts events per interface', () => {
    expect(documentedCallbacks(markdown)).toEqual(new Map([['B', [{ method: 'POST', address: '{$url}', body: 'Member' }]]]));
    expect(() => documentedCallbacks(markdown.replace('POST to `{$url}`, body Member', 'to somewhere'))).toThrow(
      'section 4: cannot read method, address and body in "Callback (service to receiver): to somewhere."',
    );
    expect(eventCounts(markdown)).toEqual(new Map([['B', 2]]));
  });

  it('reads what section 3 says a new message is reported with, and refuses another wording', () => {
    expect(newMessageStates(markdown)).toEqual([{ label: 'B', status: 'sent', reply: '201' }]);
    expect(() => newMessageStates(markdown.replace('reported with `sent` in the 201 reply', 'reported as sent'))).toThrow(
      'section 3: cannot read the status and reply of a new message in "- Interface B:',
    );
  });

  it("reads section 3's lists of message states, in both wordings, and refuses another", () => {
    const bullet = '- Interface B: message states are `sent`, `failed`. A new message is reported with `sent` in the 201 reply. Transitions: not shown.';
    expect(stateLists(markdown)).toEqual([{ label: 'B', states: ['sent', 'failed'], statement: bullet }]);
    const repeated = markdown.replace('message states are `sent`, `failed`.', 'message states are the two `status` values listed in section 2.2 (`sent`, `failed`).');
    expect(stateLists(repeated)).toEqual([expect.objectContaining({ label: 'B', states: ['sent', 'failed'], count: 2, section: '2.2' })]);
    expect(() => stateLists(markdown.replace('message states are `sent`, `failed`.', 'message states are as listed.'))).toThrow(
      'section 3: cannot read the message states in "- Interface B: message states are as listed.',
    );
    expect(() => stateLists(repeated.replace('the two', 'the several'))).toThrow('section 3: cannot read the message states');
  });

  it('reads section 2 field lists in table, inline, range and shared forms', () => {
    const byName = new Map(documentedFields(markdown).map((entry) => [entry.name, entry]));
    expect(byName.get('Message')).toMatchObject({ label: 'A', fields: ['id', 'content', 'mask', 'kind'], required: ['content'] });
    expect(byName.get('DefaultError')).toMatchObject({ fields: ['message', 'code'], required: ['message', 'code'] });
    expect(byName.get('Member')).toMatchObject({ label: 'B', required: ['destination'] });
    expect(byName.get('Member')!.fields.sort()).toEqual(['destination', 'param1', 'param2', 'param3']);
    expect(byName.get('Left')).toMatchObject({ fields: ['id'], required: ['id'] });
    expect(byName.get('Right')).toMatchObject({ fields: ['id'], required: ['id'] });
  });

  it('finds sections and says which table or section is missing', () => {
    expect([...sectionNumbers(markdown)]).toEqual(['2', '2.1', '2.2', '3', '4', '4.1', '4.2', '6', '8']);
    expect(sectionText(markdown, '2.2')).toMatch(/^### 2\.2 Interface B\n/);
    expect(sectionText(markdown, '2.2')).not.toContain('## 4.');
    expect(() => sectionText(markdown, '9')).toThrow('section 9 not found');
    expect(() => tableRows(markdown, '| Nope |')).toThrow('table "| Nope |" not found in the spec document');
  });

  it('keeps what section 2 says of each field: the other cells of its row, its parenthesis, a "values:" sentence', () => {
    const byName = new Map(documentedFields(markdown).map((entry) => [entry.name, entry]));
    expect(byName.get('Message')!.details).toEqual({ id: 'integer (int64); read-only', content: 'string', mask: 'string; maximum length 20', kind: 'string: `a`, `b`' });
    expect(byName.get('DefaultError')!.details.code).toBe('integer, required, range 100 to 600');
    expect(byName.get('Callback')!.details).toEqual({
      id: 'string uuid, max length 36',
      errors: 'array of Error, at most 100',
      status: 'string; values: `sent`, `failed`',
    });
  });

  it.each([
    ['maximum length 20', [{ unit: 'characters', upper: 20, said: 'maximum length 20' }]],
    ['string uuid, max length 36', [{ unit: 'characters', upper: 36, said: 'max length 36' }]],
    ['length bound 320', [{ unit: 'characters', upper: 320, said: 'length bound 320' }]],
    ['1 to 10 items', [{ unit: 'items', lower: 1, upper: 10, said: '1 to 10 items' }]],
    ['array of 1 to 10 ChannelSource', [{ unit: 'items', lower: 1, upper: 10, said: '1 to 10' }]],
    ['array of Error, at most 100', [{ unit: 'items', upper: 100, said: 'at most 100' }]],
    ['string, 2 to 5 characters, pattern letters and underscore only', [{ unit: 'characters', lower: 2, upper: 5, said: '2 to 5 characters' }]],
    ['integer int32, seconds, range 0 to 604800, optional', [{ unit: 'value', lower: 0, upper: 604800, said: '0 to 604800' }]],
    ['integer 0 to 100, requests per second', [{ unit: 'value', lower: 0, upper: 100, said: '0 to 100' }]],
    ['0 to 604800 seconds', [{ unit: 'value', lower: 0, upper: 604800, said: '0 to 604800 seconds' }]],
    ['at most 60 days ahead', [{ unit: 'days', upper: 60, said: 'at most 60 days' }]],
    ['string (date-time); scheduling upper limit is 60 days', [{ unit: 'days', upper: 60, said: 'upper limit is 60 days' }]],
    ['version 4 UUID, 36 characters, lower-case hex groups 8-4-4-4-12', [{ unit: 'characters', lower: 36, upper: 36, said: '36 characters' }]],
    ['pattern `^\\+[1-9]\\d{1,14}$`, maximum length 16', [{ unit: 'characters', upper: 16, said: 'maximum length 16' }]],
  ])('reads the bounds of "%s"', (text, bounds) => {
    expect(readBounds(text)).toEqual({ bounds, unread: [] });
  });

  it('reports a number it cannot read, so a new wording is noticed', () => {
    expect(readBounds('no more than 12 per second').unread).toEqual(['12']);
    expect(readBounds('integer int64; E164').unread).toEqual([]);
  });

  it.each([
    ['string; `dynamic`, `eventbridge`, `sqs`', ['dynamic', 'eventbridge', 'sqs']],
    ['string; `MO` or `MT`', ['MO', 'MT']],
    ['required; one of `wab`, `sms`', ['wab', 'sms']],
    ['string: `text`, `media`, `template`', ['text', 'media', 'template']],
    ['string; default `mt_message`', []],
    ['pattern `^a$`, maximum length 16', []],
  ])('reads the values "%s" enumerates', (text, values) => {
    expect(readValues(text)).toEqual(values);
  });

  it('reads section 8, one fact per name of a row', () => {
    const facts = limitFacts(markdown).map(({ name, labels, bounds, unread }) => ({ name, labels, bounds: bounds.map(({ said, ...b }) => b), unread }));
    expect(facts).toEqual([
      { name: 'scheduled', labels: ['A', 'B'], bounds: [{ unit: 'days', upper: 60 }], unread: [] },
      { name: 'channel_sources', labels: ['B'], bounds: [{ unit: 'items', lower: 1, upper: 10 }], unread: [] },
      { name: 'source', labels: ['B'], bounds: [{ unit: 'characters', lower: 1, upper: 30 }], unread: [] },
      { name: 'LongString', labels: ['B'], bounds: [{ unit: 'characters', upper: 10000 }], unread: [] },
      { name: 'ShortString', labels: ['B'], bounds: [{ unit: 'characters', upper: 256 }], unread: [] },
      { name: 'RetryAfter header', labels: ['B'], bounds: [{ unit: 'value', lower: 10, upper: 1000 }], unread: [] },
      { name: '429', labels: ['B'], bounds: [], unread: [] },
    ]);
    expect(limitProse(markdown)).toEqual([
      { name: 'Content-Security-Policy', detail: 'string, at most 255 characters', bounds: [{ unit: 'characters', upper: 255, said: 'at most 255 characters' }], unread: [] },
    ]);
  });

  it('reads a field list given by reference, and the scalar formats table', () => {
    expect(sameFieldsAs(markdown)).toEqual([
      { label: 'A', name: 'MessageBroadcast', as: 'Message', except: ['content'], statement: '**MessageBroadcast**: the same fields as Message, except `content` is an array of strings' },
    ]);
    expect(scalarFormats(markdown, '2.1').map((row) => row.name)).toEqual(['Uuid', 'E164']);
    expect(scalarFormats(markdown, '2.2')).toEqual([]);
  });

  it('reads "object with at least one property present"', () => {
    expect(leastProperties(markdown)).toEqual([{ label: 'B', name: 'Target', minProperties: 1, statement: '**Target**: object with at least one property' }]);
  });

  it.each([
    ['integer int32, range 200 to 500', ['int32']],
    ['integer (int64)', ['int64']],
    ['string uuid, max length 36', ['uuid']],
    ['string (uuid); read-only', ['uuid']],
    ['version 4 UUID, 36 characters', ['uuid']],
    ['Uuid, required', []],
    ['date-time, required', ['date-time']],
    ['string, e-mail format', ['email']],
    ['URL format', ['uri']],
    ['string', []],
  ])('reads the formats "%s" names', (text, formats) => {
    expect(readFormats(text)).toEqual(formats);
  });
});
