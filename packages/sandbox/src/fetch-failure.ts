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
  return code;
}
