// The two grammars OpenAPI tools parse the keys of a document with, written from their ABNF:
// callback keys (OpenAPI 3.1.0, "Runtime Expressions" and "Callback Object") and media-type keys
// (RFC 6838 section 4.2, parameters as RFC 9110 section 5.6.6 writes them).

// RFC 9110 section 5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
// "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA; token = 1*tchar.
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";

// OpenAPI 3.1.0, Runtime Expressions:
//   expression = ( "$url" / "$method" / "$statusCode" / "$request." source / "$response." source )
//   source = ( header-reference / query-reference / path-reference / body-reference )
//   header-reference = "header." token
//   query-reference = "query." name
//   path-reference = "path." name
//   body-reference = "body" ["#" json-pointer ]
//   json-pointer    = *( "/" reference-token )
//   reference-token = *( unescaped / escaped )
//   unescaped       = %x00-2E / %x30-7D / %x7F-10FFFF   ; not "/" (%x2F) nor "~" (%x7E)
//   escaped         = "~" ( "0" / "1" )
//   name = *( CHAR )
// In a callback key the expression is embedded in braces, so its `name` and reference tokens
// cannot hold "}" (the key would end there); CHAR is US-ASCII %x01-7F.
const name = '[\\x01-\\x7C\\x7E\\x7F]*';
const referenceToken = '(?:[\\x00-\\x2E\\x30-\\x7C\\x7F-\\u{10FFFF}]|~[01])*';
const source = `(?:header\\.${token}|query\\.${name}|path\\.${name}|body(?:#(?:/${referenceToken})*)?)`;
const expression = `(?:\\$url|\\$method|\\$statusCode|\\$request\\.${source}|\\$response\\.${source})`;
const runtimeExpression = new RegExp(`^${expression}$`, 'u');

/** Whether `text` is one runtime expression (OpenAPI 3.1.0), such as `$request.body#/url`. */
export function isRuntimeExpression(text: string): boolean {
  return runtimeExpression.test(text);
}

/**
 * Whether `key` is a valid Callback Object key: a URL in which every `{...}` is a runtime
 * expression (OpenAPI 3.1.0: "a runtime expression, embedded in a string"), with at least one.
 */
export function isCallbackKey(key: string): boolean {
  const embedded = [...key.matchAll(/\{([^{}]*)\}/g)];
  const rest = key.replace(/\{[^{}]*\}/g, '');
  return embedded.length > 0 && !/[{}]/.test(rest) && embedded.every(([, inner]) => isRuntimeExpression(inner!));
}

// RFC 6838 section 4.2:
//   restricted-name = restricted-name-first *126restricted-name-chars
//   restricted-name-first  = ALPHA / DIGIT
//   restricted-name-chars  = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "-" / "^" / "_"
//   restricted-name-chars =/ "." ; Characters before first dot always specify a facet name
//   restricted-name-chars =/ "+" ; Characters after last plus always specify a structured syntax suffix
//   type-name = restricted-name
//   subtype-name = restricted-name
// RFC 9110 section 8.3.1: media-type = type "/" subtype parameters, where
//   parameters = *( OWS ";" OWS [ parameter ] ), parameter = token "=" ( token / quoted-string ).
const restrictedName = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}";
const quotedString = '"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*"';
const parameters = `(?:[ \\t]*;[ \\t]*(?:${token}=(?:${token}|${quotedString}))?)*`;
const mediaType = new RegExp(`^${restrictedName}/${restrictedName}${parameters}$`);

/** Whether `key` is a media type under RFC 6838 (names) and RFC 9110 (parameters). */
export function isMediaType(key: string): boolean {
  return mediaType.test(key);
}
