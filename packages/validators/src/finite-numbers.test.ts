// A JSON number is finite, and so is every integer: JSON.parse reads 1e400 as Infinity, and a
// value of `type: integer` (A's and B's sms_class, D's list_ids: no bound, no format) must not
// pass as one. ajv's integer check (`!(x % 1)`) lets ±Infinity through unless `strictNumbers` is
// on, which `strict: false` turns off (scripts/generate.ts, ajvOptions). Every integer and number
// of every request and response body, read from the bundles, and every such parameter, as a
// number and as the URL string that coerces to one.
import { describe, expect, it } from 'vitest';
import { operations as campaigns } from './campaign-manager-v1.js';
import { operations as gateway } from './gateway-v1.js';
import { apiIds, bundleOf, late, requestExample, responseExamples, targetsOf, validatorsOf, type ApiId } from './test-support/bundles.js';
import { replaceAt } from './test-support/limits.js';
import { walkSchema } from '../scripts/targets.js';

const notFinite = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN];
const numeric = (type: unknown): type is 'integer' | 'number' => type === 'integer' || type === 'number';
const typeViolation = (pointer: string, type: 'integer' | 'number') => ({
  pointer,
  property: pointer.slice(pointer.lastIndexOf('/') + 1),
  rule: 'type',
  message: `must be a finite ${type}`,
});

/** Instance paths and types of every integer and number a schema holds. */
function numbersOf(api: ApiId, pointer: string): Array<{ path: string[]; type: 'integer' | 'number' }> {
  const found: Array<{ path: string[]; type: 'integer' | 'number' }> = [];
  walkSchema(bundleOf(api), pointer, (schema, path) => {
    if (numeric(schema.value.type)) found.push({ path, type: schema.value.type });
  });
  return found;
}

const bodyCases = apiIds.flatMap((api) =>
  targetsOf(api).operations.flatMap((target) => [
    ...(target.body
      ? numbersOf(api, target.body).map((field) => ({ api, operationId: target.operationId, slot: 'request', field, example: () => requestExample(api, target.operationId) }))
      : []),
    ...Object.entries(target.responses).flatMap(([status, pointer]) => {
      const example = responseExamples(api).find(([operationId, key]) => operationId === target.operationId && key === status)?.[2];
      return numbersOf(api, pointer).map((field) => ({ api, operationId: target.operationId, slot: status, field, example: () => example ?? {} }));
    }),
  ]),
);

describe('a number that is not finite, where a body has an integer or a number', () => {
  it('the bundles have such fields (the trial: A sms_class, D list_ids)', () => {
    const names = bodyCases.map((c) => `${c.api} ${c.operationId} ${c.slot} /${c.field.path.join('/')}`);
    expect(names).toContain('gateway-v1 sendMessage request /sms_class');
    expect(names).toContain('campaign-manager-v1 deleteMultipleLists request /list_ids/*');
  });

  it.each(bodyCases.map((c) => [`${c.api} ${c.operationId} ${c.slot} /${c.field.path.join('/')} (${c.field.type})`, c] as const))('%s', (_title, c) => {
    const operation = validatorsOf(c.api).operations[c.operationId]!;
    const validate = c.slot === 'request' ? operation.body! : operation.responses[c.slot]!;
    for (const bad of notFinite) {
      const { value, pointer } = replaceAt(c.example(), c.field.path, () => bad);
      expect(validate(value, late), String(bad)).toContainEqual(typeViolation(pointer, c.field.type));
    }
  });
});

describe("the trial's cases", () => {
  const send = { destination: '447700900123', content: 'hi' };

  it("A sendMessage: sms_class 1e400 and -1e400 (read as ±Infinity) are refused, 2^53 (read from 9007199254740993.0) is an integer", () => {
    expect(gateway.sendMessage.body({ ...send, sms_class: JSON.parse('1e400') })).toEqual([typeViolation('/sms_class', 'integer')]);
    expect(gateway.sendMessage.body({ ...send, sms_class: JSON.parse('-1e400') })).toEqual([typeViolation('/sms_class', 'integer')]);
    // The validators see values, not text: that the text said another number is the reader's to
    // tell (the sandbox refuses it, rule safe-integer; the clients of A and D, kind unsafe-integer).
    expect(gateway.sendMessage.body({ ...send, sms_class: JSON.parse('9007199254740993.0') })).toEqual([]);
  });

  it('D deleteMultipleLists: list_ids [1e400] is refused at the item', () => {
    expect(campaigns.deleteMultipleLists.body({ list_ids: [1, JSON.parse('1e400')] })).toEqual([typeViolation('/list_ids/1', 'integer')]);
  });
});

describe('a parameter that is not finite', () => {
  const cases = apiIds.flatMap((api) =>
    targetsOf(api).operations.flatMap((target) =>
      target.parameters
        .map((parameter) => ({ parameter, type: resolveType(api, parameter.schema) }))
        .filter((p): p is { parameter: (typeof p)['parameter']; type: 'integer' | 'number' } => numeric(p.type))
        .map(({ parameter, type }) => ({ api, operationId: target.operationId, parameter, type })),
    ),
  );

  it('the bundles have such parameters (A messageid, D list_id and campaign_id)', () => {
    expect(cases.map((c) => c.parameter.name).sort()).toEqual(expect.arrayContaining(['campaign_id', 'list_id', 'messageid']));
  });

  // As a URL gives it: ajv's coercion reads "Infinity" and "1e400" as numbers (`x == +x`), and
  // would hand on Infinity unchecked.
  it.each(cases.map((c) => [`${c.api} ${c.operationId} ${c.parameter.in} ${c.parameter.name}`, c] as const))('%s', (_title, c) => {
    const validate = validatorsOf(c.api).operations[c.operationId]!.params;
    for (const bad of [...notFinite, 'Infinity', '-Infinity', '1e400', '-1e400', 'NaN']) {
      const violations = validate({ [c.parameter.in]: { [c.parameter.name]: bad } });
      expect(violations, String(bad)).toContainEqual(typeViolation(`/${c.parameter.in}/${c.parameter.name}`, c.type));
    }
    // A finite one still coerces (its other rules aside).
    expect(validate({ [c.parameter.in]: { [c.parameter.name]: '7' } }).filter((v) => v.rule === 'type' && v.pointer.endsWith(`/${c.parameter.name}`))).toEqual([]);
  });

  // ajv also read any string JavaScript's Number() reads: "0x10" passed as 16, " 1" and "+1" as
  // 1, "" and " " as 0, so a URL's /lists/0x10 named list 16 (the sandbox then deleted it). A
  // string is a number when it is written as one, in JSON's grammar (RFC 8259 section 6).
  it.each(cases.map((c) => [`${c.api} ${c.operationId} ${c.parameter.in} ${c.parameter.name}`, c] as const))('%s: only a number written as JSON writes one', (_title, c) => {
    const validate = validatorsOf(c.api).operations[c.operationId]!.params;
    const typeOf = (value: string) => validate({ [c.parameter.in]: { [c.parameter.name]: value } }).filter((v) => v.rule === 'type' && v.pointer === `/${c.parameter.in}/${c.parameter.name}`);
    for (const bad of ['0x10', '0b1', '0o7', '+1', ' 1', '1 ', '\t1', '', ' ', '007', '1.', '.5e1', '1e', '1_000', '١']) {
      expect(typeOf(bad), JSON.stringify(bad)).toEqual([typeViolation(`/${c.parameter.in}/${c.parameter.name}`, c.type)]);
    }
    for (const good of ['0', '-0', '7', '-7', '1021', '9007199254740993', '1.0', '1e2', '25E-1']) {
      if (c.type === 'integer' && good === '25E-1') continue; // 2.5: no integer, refused as ajv always did
      expect(typeOf(good), good).toEqual([]);
    }
  });
});

/** The `type` of a parameter's schema, through a `$ref`. */
function resolveType(api: ApiId, pointer: string): unknown {
  let type: unknown;
  walkSchema(bundleOf(api), pointer, (schema, path) => {
    if (path.length === 0 && type === undefined) type = schema.value.type;
  });
  return type;
}
