// Section 3 lists B's and C's message states again (B's "the twelve `status` values listed in
// section 2.2", C's in full). The catalogue and the specs follow section 2's `status` values (held
// by catalog-values.audit.test.ts), so a section 3 that says otherwise would contradict them
// silently: each of its lists equals the section 2 lists of the interface's `status` fields, and a
// count it gives in words is the list's length.
import { describe, expect, it } from 'vitest';
import { documentedFields, readSpecDocument, readValues, stateLists } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const lists = stateLists(markdown);

/** Section 2's lists of `status` values of an interface, by the schema that states them. */
const sectionTwoLists = (label: string) =>
  documentedFields(markdown)
    .filter((entry) => entry.label === label && /\bvalues:/.test(entry.details.status ?? ''))
    .map((entry) => ({ name: entry.name, states: readValues(entry.details.status!.slice(entry.details.status!.indexOf('values:'))) }));

describe('the spec document', () => {
  it('lists message states in section 3 for B and C', () => {
    expect(lists.map((list) => list.label)).toEqual(['B', 'C']);
  });
});

describe.each(lists.map((list) => [list.label, list] as const))("section 3, interface %s's message states", (label, { states, count, statement }) => {
  const section = `2.${'ABCD'.indexOf(label) + 1}`;
  const listed = sectionTwoLists(label);

  it(`are section ${section}'s \`status\` values`, () => {
    expect(listed.length, `section ${section} gives no \`status\` values for ${label}`).toBeGreaterThan(0);
    for (const { name, states: values } of listed) {
      expect(
        states,
        `section 3 ("${statement}") lists ${label}'s message states as [${states.join(', ')}], section ${section}'s ${name}.status values are [${values.join(', ')}]: amend one of them (the specs and the catalogue follow section ${section})`,
      ).toEqual(values);
    }
  });

  if (count !== undefined) {
    it('are as many as section 3 says in words', () => {
      expect(states.length, `section 3 ("${statement}") says ${count} and lists ${states.length}`).toBe(count);
    });
  }
});
