// Path and query parameters, serialized as openapi-fetch serializes the shapes the four contracts
// have: every path template is simple style (`{name}`, no label, matrix or explode), and every path
// and query parameter is a string or a number (each client's wire suite reads this from its bundle:
// test-kit's unserializedParameters). For
// those, the output is openapi-fetch's (`encodeURIComponent`, names as they are, `&` between
// pairs). openapi-fetch's serializers also spell out array and object parameters in seven styles,
// which no operation here documents; every client bundled them (about 0.6 kB min+gz). An array or an
// object is refused, naming the parameter, instead of being sent in a shape no operation reads; a
// call can pass its own `querySerializer` or `pathSerializer` function for anything else.

type Params = Record<string, unknown>;

function primitive(where: 'path' | 'query', name: string, value: unknown): void {
  if (typeof value === 'object') {
    throw new TypeError(`${where} parameter ${name} must be a string or a number (pass a ${where}Serializer for others)`);
  }
}

/**
 * openapi-fetch's `createQuerySerializer(options)` for string and number values: `name=value`
 * pairs, encoded unless `allowReserved` is true, null and undefined left out. Its `array` and
 * `object` options have nothing to apply to here.
 */
export function createQuerySerializer(options?: { allowReserved?: boolean }): (query: Params) => string {
  return (query) => {
    const search: string[] = [];
    // As openapi-fetch: anything but an object is no parameters.
    if (query && typeof query === 'object') for (const name in query) {
      const value = query[name];
      if (value == null) continue;
      primitive('query', name, value);
      search.push(`${name}=${options?.allowReserved === true ? value : encodeURIComponent(value as string)}`);
    }
    return search.join('&');
  };
}

/**
 * openapi-fetch's `defaultPathSerializer` for simple-style templates: each `{name}` whose value is
 * set becomes `encodeURIComponent(value)`. The values `.` and `..` are refused: as a segment the
 * URL parser would resolve them away, and no encoding survives it (it reads `%2E` as `.` too).
 */
export function pathSerializer(path: string, params: Params): string {
  return path.replace(/\{([^{}]+)\}/g, (template, name: string) => {
    const value = params[name];
    if (value == null) return template;
    primitive('path', name, value);
    const segment = encodeURIComponent(value as string);
    if (segment === '.' || segment === '..') throw new TypeError(`path parameter ${name} must not be "." or ".."`);
    return segment;
  });
}

/**
 * pathSerializer for a contract whose number path parameters are all integers (A's int64
 * `messageid`, section 4.1; D's `list_id` and `campaign_id`, section 2.4). A number beyond
 * 2^53 - 1 in magnitude has already lost the integer it was written as (12345678901234567890
 * arrives as 12345678901234567000, and 1e21 would go out as `1e+21`): sent, it would name another
 * id than the caller's. Such a number, a fraction, NaN and the infinities are refused, naming the
 * parameter; a bigint carries any integer exactly.
 */
export function integerPathSerializer(path: string, params: Params): string {
  for (const name in params) {
    const value = params[name];
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new TypeError(`path parameter ${name} must be an integer, as a number up to 2^53-1 in magnitude or a bigint (got ${value})`);
    }
  }
  return pathSerializer(path, params);
}
