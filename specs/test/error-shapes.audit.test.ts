// Section 7, read as data: where an interface's row says its samples show other body fields
// "instead" (C: "APIError (...); samples show the body fields `message`, `statusCode`, `error`
// instead"), every error status of that row accepts a body of the samples' fields whatever their
// values, since the document gives them no type; and a body of neither shape is still refused.
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { apiIds, type Json, jsonResponses, loadBundle } from './bundles.ts';
import { interfaceTable, readSpecDocument, sectionText, tableRows } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const rows = tableRows(sectionText(markdown, '7'), '| Interface | Error shape | Codes |');
const withSamples = rows.flatMap(([label, shape, codes]) => {
  const said = shape!.split(/samples show the body fields/)[1];
  if (said === undefined) return [];
  const fields = [...said.matchAll(/`(\w+)`/g)].map((match) => match[1]!);
  const basePath = interfaceTable(markdown).find((row) => row.label === label)!.basePath;
  return [{ label: label!, fields, codes: codes!.match(/\b[1-5]\d\d\b/g) ?? [], basePath }];
});

// Values of several types for each field (the document states none): punctuation in a text
// ("Unauthorized."), a number, a number as text.
const sampleBodies = (fields: string[], code: string): Json[] => [
  Object.fromEntries(fields.map((field) => [field, field === 'statusCode' ? Number(code) : `${field} text, with punctuation: Unauthorized.`])),
  Object.fromEntries(fields.map((field, i) => [field, i % 2 === 0 ? code : Number(code)])),
];

describe('the spec document', () => {
  it("shows C's samples with other body fields than its error shape (section 7)", () => {
    expect(withSamples.map(({ label, fields }) => [label, fields])).toEqual([['C', ['message', 'statusCode', 'error']]]);
  });
});

describe.each(withSamples)('interface $label', ({ fields, codes, basePath }) => {
  const id = apiIds.find((apiId) => loadBundle(apiId).servers?.[0]?.url?.endsWith(basePath))!;
  const bundle = loadBundle(id);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  ajvFormats.default(ajv);
  ajv.addSchema(bundle, 'bundle.json');
  const places = codes.flatMap((code) => jsonResponses(bundle, code).map((place) => ({ ...place, code })));

  it('documents each of the codes on every operation', () => {
    const operations = Object.values<Json>(bundle.paths ?? {}).flatMap((item) => Object.values<Json>(item).filter((operation) => operation?.responses));
    for (const code of codes) expect(jsonResponses(bundle, code).length, code).toBe(operations.length);
  });

  it.each(places.map((place) => [place.name, place] as const))('%s accepts the samples\' fields with any values', (_name, { code, schema }) => {
    expect(schema, 'a JSON error body').toBeDefined();
    const validate = ajv.compile(schema!);
    for (const body of sampleBodies(fields, code)) {
      expect(validate(body), `${JSON.stringify(body)}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // Neither shape: not a documented error body of this interface.
    expect(validate({ code: 600 }), 'code 600 without the samples\' fields').toBe(false);
  });
});
