// Section 4 of the spec document, read as data: each endpoint row is checked against the bundle
// of its interface (method, path, request, success status and body, other statuses and bodies).
import { describe, expect, it } from 'vitest';
import { apiIds, deref, type Json, loadBundle } from './bundles.ts';
import { type EndpointRow, endpointTables, interfaceTable, readSpecDocument, sectionText } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const bundles = apiIds.map((id) => ({ id, bundle: loadBundle(id) }));
const refTo = (name: string) => `#/components/schemas/${name}`;

/** The bundle whose server URL ends with the interface's base path (section "Base path"). */
function bundleFor(basePath: string) {
  const found = bundles.find(({ bundle }) => bundle.servers?.[0]?.url?.endsWith(basePath));
  if (!found) throw new Error(`no bundle serves ${basePath}`);
  return found;
}

function jsonSchemaOf(document: Json, holder: Json): Json {
  return deref(document, holder)?.content?.['application/json']?.schema;
}

/** What the "Success" or "Other" cell says a body is, checked against a schema. */
function expectBody(document: Json, schema: Json, cell: string) {
  const said = cell.replace(/^body (?=`)/, '');
  const arrayOf = said.match(/^array of (\w+) items/);
  const shapedAs = said.match(/^body shaped as (\w+)/);
  const inline = said.match(/^`\{(.+?)\}`/);
  if (arrayOf) {
    expect(schema?.type).toBe('array');
    expect(schema.items?.$ref).toBe(refTo(arrayOf[1]!));
  } else if (shapedAs) {
    // The schema itself, or an allOf of it and what another section adds at this place (B's 202:
    // section 3's `accepted`, held by states.audit.test.ts).
    const shaped = schema?.allOf ? schema.allOf[0] : schema;
    expect(shaped?.$ref).toBe(refTo(shapedAs[1]!));
    if (schema?.allOf) expect(schema.allOf.slice(1).every((member: Json) => member.$ref === undefined), 'no other schema added').toBe(true);
  } else if (inline) {
    const names = inline[1]!.split(',').map((field) => field.split(':')[0]!.trim());
    expect(Object.keys(deref(document, schema)?.properties ?? {})).toEqual(names);
  } else if (/^string body/.test(said)) {
    expect(deref(document, schema)?.type).toBe('string');
  } else if (/^error body/.test(said)) {
    expect(deref(document, schema)?.type).toBe('object');
  } else {
    expect(schema?.$ref).toBe(refTo(said.match(/^(\w+)/)![1]!));
  }
}

function checkRow(document: Json, basePath: string, row: EndpointRow) {
  expect(row.path.startsWith(basePath)).toBe(true);
  const operation = document.paths?.[row.path.slice(basePath.length)]?.[row.method.toLowerCase()];
  expect(operation, `${row.method} ${row.path}`).toBeDefined();
  const pathItem = document.paths[row.path.slice(basePath.length)];
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) =>
    deref(document, p),
  );

  // Request: parameters, body, headers. A cell gives a parameter's type, then its format where it
  // has one (A's "path `messageid`: number, int64, required"), then "required".
  for (const [, where, name, type, format] of row.request.matchAll(/(path|query) `(\w+)`: (\w+)(?:, (?!required\b)(\w+))?/g)) {
    const parameter = parameters.find((p: Json) => p.in === where && p.name === name);
    expect(parameter, `${where} parameter ${name}`).toBeDefined();
    expect(parameter.required).toBe(true);
    const schema = parameter.schema;
    if (/^[A-Z]/.test(type!)) expect(schema.$ref).toBe(refTo(type!));
    else expect(schema.type).toBe(type);
    expect(schema.format, `${where} parameter ${name}: format`).toBe(format);
  }
  for (const [name] of row.path.matchAll(/\{(\w+)\}/g)) {
    expect(parameters.some((p: Json) => p.in === 'path' && `{${p.name}}` === name), name).toBe(true);
  }
  const body = row.request.match(/body (\w+)( \(required\))?/);
  if (body) {
    const requestBody = deref(document, operation.requestBody);
    expect(jsonSchemaOf(document, requestBody)?.$ref).toBe(refTo(body[1]!));
    // Section 4: "body X (required)" (A, B) is required; so is C's "(destination and message
    // required inside it)", which only a body can carry; a body marked neither way (D) is not.
    const required = body[2] !== undefined || /^body \w+ \([^)]*required inside it\)/.test(row.request.slice(body.index));
    expect(requestBody.required === true, `${row.method} ${row.path}: requestBody.required`).toBe(required);
  } else {
    expect(operation.requestBody).toBeUndefined();
  }
  for (const [, header] of row.request.matchAll(/`(Authorization|authorization): /g)) {
    const schemes = Object.values<Json>(document.components?.securitySchemes ?? {});
    expect(schemes.some((s) => s.type === 'apiKey' && s.in === 'header' && s.name === header), header).toBe(true);
  }

  // Success: status, body, response headers.
  const [, status, said] = row.success.match(/^(\d{3}), (.*)$/)!;
  const success = deref(document, operation.responses?.[status!]);
  expect(success, `${status} response`).toBeDefined();
  if (/^no body schema/.test(said!)) {
    // B's description endpoint: a body exists, its schema is not given, and it is JSON as every
    // body ("All request and response bodies are JSON", the document's opening): `application/json`
    // without a schema (an example aside); no `content` at all would say "no body".
    expect(markdown).toContain('All request and response bodies are JSON.');
    expect(Object.keys(success.content ?? {}), 'a JSON body').toEqual(['application/json']);
    expect(success.content['application/json'].schema, 'no body schema').toBeUndefined();
  } else if (/^no body/.test(said!)) {
    expect(success.content, 'no body').toBeUndefined();
  } else {
    expectBody(document, jsonSchemaOf(document, success), said!);
  }
  for (const [, header] of said!.matchAll(/response header `([\w-]+)`/g)) {
    expect(success.headers?.[header!], `${header} header`).toBeDefined();
  }

  // Other: documented statuses and their bodies.
  const eachWith = row.other.match(/^([\d, ]+), each with (\w+)$/);
  const defaultBody = row.other.match(/^default: (?:500, )?(.+)$/);
  if (eachWith) {
    for (const code of eachWith[1]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      // The named schema, or an anyOf holding it: section 7 adds the shape C's samples show
      // instead (held by error-shapes.audit.test.ts).
      const schema = jsonSchemaOf(document, operation.responses?.[code]);
      const alternatives = (deref(document, schema)?.anyOf ?? []).map((alternative: Json) => alternative.$ref);
      expect([schema?.$ref, ...alternatives], code).toContain(refTo(eachWith[2]!));
    }
  } else if (defaultBody) {
    expectBody(document, jsonSchemaOf(document, operation.responses?.default), defaultBody[1]!);
  } else {
    for (const code of row.other.split(',').map((s) => s.trim())) {
      expect(operation.responses?.[code], `${code} response`).toBeDefined();
    }
  }
}

const tables = endpointTables(markdown);

describe.each(interfaceTable(markdown))('interface $label ($basePath)', ({ label, basePath }) => {
  const { document } = { document: bundleFor(basePath).bundle };
  const rows = tables.get(label) ?? [];

  it('has an endpoint table in section 4', () => {
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(rows.map((row) => [`${row.method} ${row.path}`, row] as const))('%s', (_title, row) => {
    checkRow(document, basePath, row);
  });

  // The opening says "All request and response bodies are JSON."; A's heading (4.1) and B's and C's
  // request headers (4.2, 4.3) name `application/json`, D's section (4.4) names no media type. A
  // bundle keys its bodies `application/json` all the same (specs/README.md, "Media types"), so
  // where section 4 does not name it, the bundle says it is this contract's reading, not the
  // document's statement (the verifier takes any JSON media type from D).
  it('says its `application/json` is the contract\'s reading where section 4 names no media type', () => {
    const named = sectionText(markdown, `4.${'ABCD'.indexOf(label) + 1}`).includes('application/json');
    expect(markdown).toContain('All request and response bodies are JSON.');
    if (named) return;
    expect(document.info.description.replace(/\s+/g, ' ')).toMatch(/names no media type for this interface: this contract keys its bodies `application\/json`/);
  });

  // A row may list the header `Accept` without its value (B's look-up: "headers `Accept`,
  // `Authorization`", where B's send gives `Accept: application/json`): that operation's answers
  // keyed `application/json` are then the contract's reading, and its description says so.
  it.each(rows.filter((row) => /`Accept`(?!:)/.test(row.request)).map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s says its `application/json` answers are the contract\'s reading (its `Accept` has no value)',
    (_title, row) => {
      const operation = document.paths[row.path.slice(basePath.length)][row.method.toLowerCase()];
      expect(operation.description.replace(/\s+/g, ' ')).toMatch(/lists the header `Accept` without a value: this contract keys its answers `application\/json`/);
    },
  );

  it('documents no endpoint beyond the table', () => {
    const documented = new Set(rows.map((row) => `${row.method.toLowerCase()} ${row.path.slice(basePath.length)}`));
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
    const inBundle = Object.entries<Json>(document.paths ?? {}).flatMap(([path, item]) =>
      methods.filter((method) => item[method]).map((method) => `${method} ${path}`),
    );
    expect(inBundle.sort()).toEqual([...documented].sort());
  });
});
