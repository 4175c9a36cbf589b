// The list of interfaces against the spec document's opening table (label, name, base path).
import { expect, it } from 'vitest';
import { interfaceTable, readSpecDocument } from '@messaging-contracts/spec-document';
import { documentName, readInterfaces } from '../scripts/interfaces.mjs';

it("specs/interfaces.json is the spec document's table of interfaces, row by row", () => {
  expect(readInterfaces().map((a) => ({ label: a.letter, name: documentName(a), basePath: a.basePath }))).toEqual(interfaceTable(readSpecDocument()));
});
