// Keys that outside tools parse before they can run a bundle (issue 13, items 5 and 6): callback
// keys are runtime expressions, webhook keys are names, and content keys are media types.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiIds, type Json, loadBundle } from './bundles.ts';
import { isCallbackKey, isMediaType, isRuntimeExpression } from './grammars.ts';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every key of every `content` map (request bodies, responses, parameters, headers), with its media type object. */
function contentKeys(node: Json, at = ''): Array<{ at: string; key: string; media: Json }> {
  if (!node || typeof node !== 'object') return [];
  const keys: Array<{ at: string; key: string; media: Json }> = [];
  // A schema's `properties` may name a field `content` (A's Message does); that is no media type map.
  const holdsContent = !at.endsWith('/properties') && !at.endsWith('/example') && !at.endsWith('/examples');
  if (holdsContent && node.content && typeof node.content === 'object' && !Array.isArray(node.content)) {
    keys.push(...Object.entries<Json>(node.content).map(([key, media]) => ({ at: `${at}/content`, key, media })));
  }
  for (const [name, child] of Object.entries<Json>(node)) {
    if (name !== 'example' && name !== 'examples') keys.push(...contentKeys(child, `${at}/${name}`));
  }
  return keys;
}

/** Every key of every operation's `callbacks` entries, in paths and in path item components. */
function callbackKeys(document: Json): string[] {
  const pathItems = [...Object.values<Json>(document.paths ?? {}), ...Object.values<Json>(document.components?.pathItems ?? {})];
  return pathItems.flatMap((item) =>
    methods.flatMap((method) =>
      Object.values<Json>(item?.[method]?.callbacks ?? {}).flatMap((callback) =>
        Object.keys(callback).filter((key) => !key.startsWith('x-')),
      ),
    ),
  );
}

// OpenAPI 3.1.0 keys `content` by "a media type or media type range". No range is used: every
// body is JSON (the document's opening), B's description too (section 4.2: "no body schema" is
// `application/json` without a schema), and A's vendor type is a media type of its own.

// Webhook keys are names a reader and a generator refer to (OpenAPI 3.1.0: "a unique name"), not
// addresses: camelCase like the operationIds, so no brace or URL can be mistaken for an expression.
const webhookName = /^[a-z][A-Za-z0-9]*$/;

describe.each(apiIds)('%s bundle', (id) => {
  const bundle = loadBundle(id);

  it('keys every body by a media type that parses (RFC 6838), never a range', () => {
    const keys = contentKeys(bundle);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter(({ key }) => !isMediaType(key)).map(({ at, key }) => ({ at, key }))).toEqual([]);
  });

  it('keys every callback by a runtime expression that does not address the triggering request', () => {
    for (const key of callbackKeys(bundle)) {
      expect(isCallbackKey(key), key).toBe(true);
      // `{$url}` alone is the URL of the request that triggered the callback: the service itself.
      expect(key, key).not.toBe('{$url}');
    }
  });

  it('names every webhook by a name, not an address', () => {
    for (const key of Object.keys(bundle.webhooks ?? {})) expect(key).toMatch(webhookName);
  });
});

describe('the runtime expression grammar (OpenAPI 3.1.0)', () => {
  it.each([
    // The examples of the OpenAPI 3.1.0 specification, "Runtime Expressions".
    '$method',
    '$url',
    '$statusCode',
    '$request.header.accept',
    '$request.path.id',
    '$request.query.queryUrl',
    '$request.body#/user/uuid',
    '$request.body#/a~1b/c~0d',
    '$request.body',
    '$response.body#/status',
    '$response.header.Server',
  ])('accepts %s', (text) => {
    expect(isRuntimeExpression(text)).toBe(true);
  });

  it.each([
    ['a name the grammar does not have', '$statusCallbackUrl'],
    ['a source without a reference', '$request.'],
    ['an empty header name', '$request.header.'],
    ['a pointer without its slash', '$request.body#user'],
    ['a bad escape', '$request.body#/a~2'],
    ['no dollar', 'url'],
  ])('rejects %s', (_title, text) => {
    expect(isRuntimeExpression(text)).toBe(false);
  });

  it.each([
    ['one expression', '{$request.body#/callbackUrl}', true],
    ['expressions embedded in a URL', 'http://notificationServer.com?transactionId={$request.body#/id}&email={$request.body#/email}', true],
    ['the document\'s placeholder of C', '{$statusCallbackUrl}', false],
    ['a plain URL', 'https://receiver.example.com/status', false],
    ['an unclosed brace', '{$url', false],
  ])('as a callback key: %s', (_title, key, want) => {
    expect(isCallbackKey(key)).toBe(want);
  });
});

describe('the media type grammar (RFC 6838, parameters RFC 9110)', () => {
  it.each([
    'application/json',
    'application/vnd.vendor.gateway.v1+json',
    'application/vnd.acme-corp.eu.gateway.v1+json',
    'text/plain; charset=utf-8',
    'multipart/form-data; boundary="a b"',
  ])('accepts %s', (key) => {
    expect(isMediaType(key)).toBe(true);
  });

  it.each([
    ['the document\'s placeholder of A', 'application/vnd.<vendor>.gateway.v1+json'],
    ['no subtype', 'application'],
    ['an empty subtype', 'application/'],
    ['a range', '*/*'],
    ['a name that starts with a symbol', 'application/-json'],
    ['a space in the name', 'application/vnd.my vendor+json'],
    ['a parameter without a value', 'text/plain; charset'],
  ])('rejects %s', (_title, key) => {
    expect(isMediaType(key)).toBe(false);
  });
});

describe('the grammars, over generated keys', () => {
  const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
  const nameChar = fc.oneof(alnum, fc.constantFrom(...'!#$&-^_.+'));
  // RFC 6838: a first letter or digit, then at most 126 restricted-name characters.
  const restrictedName = fc
    .tuple(alnum, fc.array(nameChar, { maxLength: 126 }))
    .map(([first, rest]) => first + rest.join(''));
  // Characters no restricted-name holds (";" is left out: it starts the parameters).
  const outsider = fc.constantFrom(...'<>()@,:\\"/[]?={} \t%*~`|\'');

  it('accepts every type/subtype made of restricted names', () => {
    fc.assert(fc.property(restrictedName, restrictedName, (type, subtype) => isMediaType(`${type}/${subtype}`)));
  });

  it('rejects a media type with a character outside restricted-name in its subtype', () => {
    fc.assert(
      fc.property(restrictedName, restrictedName, outsider, fc.nat(), (type, subtype, bad, at) => {
        const cut = 1 + (at % subtype.length);
        return !isMediaType(`${type}/${subtype.slice(0, cut)}${bad}${subtype.slice(cut)}`);
      }),
    );
  });

  // JSON pointer reference tokens: any text, with "~" and "/" escaped as RFC 6901 says, and without
  // braces, which delimit the expression inside a callback key.
  const referenceToken = fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) =>
    text.replace(/~/g, '~0').replace(/\//g, '~1').replace(/[{}]/g, ''),
  );

  it('accepts a body reference with any escaped JSON pointer, embedded in a callback key', () => {
    fc.assert(
      fc.property(fc.array(referenceToken, { maxLength: 5 }), (tokens) => {
        const expression = `$request.body#${tokens.map((token) => `/${token}`).join('')}`;
        return isRuntimeExpression(expression) && isCallbackKey(`https://r.example.com/cb?to={${expression}}`);
      }),
    );
  });

  it('rejects every $name that is not one of the grammar\'s three', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,20}$/), (name) =>
        ['url', 'method', 'statusCode'].includes(name) || !isRuntimeExpression(`$${name}`),
      ),
    );
  });
});
