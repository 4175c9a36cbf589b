// Base-URL rules: every interface uses HTTPS (spec document, introduction; B redirects plain HTTP).
// Plain http is accepted for loopback hosts (local test servers), and for any host only with the
// explicit opt-in allowInsecureHttp (a stub or the sandbox in a container network).

/**
 * Parses `url` and throws a TypeError unless it is https, or http on a loopback host (localhost,
 * 127.0.0.0/8, [::1]) or with `allowInsecureHttp`, and carries no credentials, query or
 * fragment. The message never quotes the URL, which could hold a password.
 */
export function assertSafeBaseUrl(url: string, allowInsecureHttp = false): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {}
  // The URL parser has already normalised IPv4 forms (127.1, 0x7f.1) to dotted decimal, each part
  // 0 to 255 (it refuses a host of four numbers otherwise). No URL: no hostname, "undefined".
  const loopback = /^(localhost|\[::1\]|127(\.\d+){3})$/.test(parsed?.hostname as string);
  if (
    !parsed ||
    !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && (loopback || allowInsecureHttp === true))) ||
    parsed.username + parsed.password + parsed.search + parsed.hash !== ''
  ) {
    throw new TypeError('baseUrl must be https (http only for loopback or with allowInsecureHttp: true), without credentials, query or fragment');
  }
  return parsed;
}

/**
 * The URL requests are made against: the `{base_url}` (scheme and host, optionally a path
 * prefix) followed by the interface's base path. A baseUrl that already ends with the base path
 * is taken as it is, so the server URL of the contract works too.
 */
export function resolveBaseUrl(baseUrl: string, basePath: string, allowInsecureHttp?: boolean): string {
  const parsed = assertSafeBaseUrl(baseUrl, allowInsecureHttp);
  const prefix = parsed.pathname.replace(/\/+$/, '');
  return parsed.origin + (prefix.endsWith(basePath) ? prefix : prefix + basePath);
}
