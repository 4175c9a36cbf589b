// Why a fetch() got no (complete) answer, in words: for the sandbox's delivery attempts (the control
// API documents `error` as "timeout, connection refused, ...") and the verifier's reports. fetch's
// own message says only "fetch failed" (or "terminated" when the body broke off); the reason is the
// code on its cause (undici's, Node's, llhttp's HPE_*).

/**
 * The code of a fetch failure: `TimeoutError` for a timeout signal, else the cause's code, or
 * `HTTPParserError` (undici's parser error carries llhttp's code on Node 20 and 22, none on 24),
 * else the cause's message, else the error's name.
 */
export function fetchFailureCode(error: unknown): string {
  if ((error as Error | undefined)?.name === 'TimeoutError') return 'TimeoutError';
  const cause = (error as { cause?: { name?: string; code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? (cause?.name === 'HTTPParserError' ? cause.name : undefined) ?? cause?.message ?? (error as Error | undefined)?.name ?? 'unknown';
}

/** Words for a fetch failure's code (fetchFailureCode); the code alone for any other. */
export function describeFetchFailure(code: string): string {
  if (code === 'ECONNREFUSED') return `connection refused (${code})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host not found (${code})`;
  if (code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') return `the connection closed before a complete answer (${code})`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `the connection was reset (${code})`;
  if (code.startsWith('HPE_') || code === 'HTTPParserError' || code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    return `the answer is not HTTP, or broken (${code})`;
  }
  // TLS: Node's (OpenSSL's) verification codes and handshake errors, said in words with the way out.
  if (UNTRUSTED_CERTIFICATE.has(code)) return `the server's TLS certificate is not trusted (${code}): to trust it, start the process with NODE_EXTRA_CA_CERTS=<its CA's PEM file>`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `the server's TLS certificate does not name the host of the address (${code})`;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return `the server's TLS certificate is not valid now (${code})`;
  if (code.startsWith('ERR_SSL_') || code === 'EPROTO') return `the TLS handshake failed (${code}): does the server speak plain http?`;
  return code;
}

const UNTRUSTED_CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);
