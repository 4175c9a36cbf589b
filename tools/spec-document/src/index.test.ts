// The reader on a miniature document kept in this repository, so `pnpm test` proves the parsing
// without the real spec document (which only `pnpm audit-document` reads).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  callbackAddresses,
  documentedFields,
  endpointTables,
  eventCounts,
  interfaceTable,
  sectionNumbers,
  sectionText,
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

  it('reads callback placeholders and counts events per interface', () => {
    expect(callbackAddresses(markdown)).toEqual(new Map([['B', ['{$url}']]]));
    expect(eventCounts(markdown)).toEqual(new Map([['B', 2]]));
  });

  it('reads section 2 field lists in table, inline, range and shared forms', () => {
    const byName = new Map(documentedFields(markdown).map((entry) => [entry.name, entry]));
    expect(byName.get('Message')).toMatchObject({ label: 'A', fields: ['id', 'content'], required: ['content'] });
    expect(byName.get('DefaultError')).toMatchObject({ fields: ['message', 'code'], required: ['message', 'code'] });
    expect(byName.get('Member')).toMatchObject({ label: 'B', required: ['destination'] });
    expect(byName.get('Member')!.fields.sort()).toEqual(['destination', 'param1', 'param2', 'param3']);
    expect(byName.get('Left')).toMatchObject({ fields: ['id'], required: ['id'] });
    expect(byName.get('Right')).toMatchObject({ fields: ['id'], required: ['id'] });
  });

  it('finds sections and says which table or section is missing', () => {
    expect([...sectionNumbers(markdown)]).toEqual(['2', '2.1', '2.2', '4', '4.1', '4.2', '6']);
    expect(sectionText(markdown, '2.2')).toMatch(/^### 2\.2 Interface B\n/);
    expect(sectionText(markdown, '2.2')).not.toContain('## 4.');
    expect(() => sectionText(markdown, '9')).toThrow('section 9 not found');
    expect(() => tableRows(markdown, '| Nope |')).toThrow('table "| Nope |" not found in the spec document');
  });
});
