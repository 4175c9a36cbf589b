// How a JSON body may be labelled on the wire, shared by the sandbox (requests) and the webhook
// receivers (callbacks), so both refuse the same labels: JSON between systems is UTF-8 (RFC 8259
// section 8.1), and neither decodes a content coding (the document shows none being sent; a small
// gzip body can inflate without bound).

/**
 * The `charset` parameter of a Content-Type, if it has one, names UTF-8 (`utf-8` or `utf8`, any
 * case, quoted or not). The media type itself is not looked at.
 */
export function hasUtf8Charset(contentType: string): boolean {
  const params = contentType.split(';');
  for (let i = 1; i < params.length; i++) {
    const param = params[i]!;
    const eq = param.indexOf('=');
    if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return false;
  }
  return true;
}

/** No content coding, or only `identity` (any case, in a list too). */
export function isIdentityEncoding(value: string | null | undefined): boolean {
  if (!value) return true;
  return value.split(',').every((coding) => coding.trim().toLowerCase() === 'identity');
}

/**
 * No transfer coding but `chunked` (any case), or no header. Node's parser decodes `chunked` and
 * refuses a chain that does not end in it (RFC 9112 section 6.3), but passes one such as
 * `gzip, chunked` with the other coding left undone: a body read then is not the body sent, and a
 * plain body so labelled would be taken as if decoded (RFC 9112 section 6.1: a coding the server
 * does not understand is refused).
 */
export function isChunkedOnly(value: string | null | undefined): boolean {
  if (!value) return true;
  return value.split(',').every((coding) => coding.trim().toLowerCase() === 'chunked');
}
