// Section 2's scalar formats name a format in words ("URL format", C's Url). Where JSON Schema has
// a format of that name ("e-mail format": `email`) the contract writes it as it is; where it has
// none (there is no `url`), the format the contract writes is a choice of its own, and the schema's
// description says so, so a reader does not take `uri` for the document's word.
import { describe, expect, it } from 'vitest';
import { interfaceTable, readFormats, readSpecDocument, scalarFormats } from '@messaging-contracts/spec-document';
import { loadBundle } from './bundles.ts';
import { readInterfaces } from '../scripts/interfaces.mjs';

const markdown = readSpecDocument();
const idOf = (label: string) => readInterfaces().find((api) => api.letter === label)!.id;
const plain = (word: string) => word.toLowerCase().replace(/-/g, '');

/** Each scalar format whose words name a format JSON Schema does not have under that name. */
const readings = interfaceTable(markdown).flatMap(({ label }) =>
  scalarFormats(markdown, `2.${'ABCD'.indexOf(label) + 1}`).flatMap(({ name, rule }) => {
    const word = /\b([\w-]+) format\b/.exec(rule)?.[1];
    const [format] = readFormats(rule);
    return word !== undefined && format !== undefined && plain(word) !== format ? [{ label, name, rule, word, format }] : [];
  }),
);

describe('formats the document names in words JSON Schema has no format for', () => {
  it('include C\'s Url ("URL format"), so the test below reads something', () => {
    expect(readings.map(({ label, name }) => `${label} ${name}`)).toContain('C Url');
  });

  it.each(readings.map((reading) => [`${reading.label} ${reading.name}`, reading] as const))(
    '%s: the schema writes the format and says it is this contract\'s reading',
    (_title, { label, name, rule, word, format }) => {
      const schema = loadBundle(idOf(label)).components.schemas[name];
      expect(schema.format, `${name} ("${rule}")`).toBe(format);
      expect(schema.description, `${name}'s description: say that \`${format}\` is this contract's reading of "${word} format"`).toMatch(
        new RegExp(`\`${format}\`[^.]*this contract's reading`),
      );
    },
  );
});
