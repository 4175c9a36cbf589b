// Which names and addresses are this machine's loopback, and which reach the sandbox itself. Used
// to refuse callbacks into the sandbox (they would loop), to check the Host and Origin of control
// requests (DNS rebinding, cross-site requests), and to tell when the sandbox listens beyond loopback.
import { networkInterfaces } from 'node:os';

const strip = (hostname: string) => hostname.toLowerCase().replace(/^\[|\]$/g, '');

/**
 * localhost, *.localhost, 127.0.0.0/8 and ::1 (a URL's hostname: IPv4 forms already normalised), and
 * 127.0.0.0/8 mapped into IPv6, which connects to it: as a socket reports it (`::ffff:127.0.0.1`) and
 * as the URL parser writes it (`[::ffff:7f00:1]`).
 */
export function isLoopbackName(hostname: string): boolean {
  const host = strip(hostname);
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(host) ||
    /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host)
  );
}

/**
 * A destination that is this machine from its URL's text alone, without a DNS lookup: `localhost`,
 * 127.0.0.0/8 and `[::1]` (and 127.0.0.0/8 mapped into IPv6). Not `*.localhost`: the system resolver
 * looks such a name up in DNS (only `localhost` is in /etc/hosts), where a search domain or a
 * wildcard record may answer with any address. What may be sent to without an opt-in: the
 * sandbox's callbacks (`remoteCallbacks`) and the verifier's requests (`--live`).
 */
export function isLoopbackDestination(url: URL): boolean {
  const host = strip(url.hostname);
  return host === 'localhost' || (host !== '' && !host.endsWith('.localhost') && isLoopbackName(host));
}

/** An http(s) origin on a loopback name (`http://localhost:5173`). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackName(url.hostname);
  } catch {
    return false;
  }
}

/**
 * 0.0.0.0 and :: : every address of the machine (listening), this machine (connecting); also 0.0.0.0
 * mapped into IPv6, as written (`::ffff:0.0.0.0`) and as the URL parser writes it (`::ffff:0:0`).
 */
export function isUnspecified(hostname: string): boolean {
  const host = strip(hostname);
  return host === '0.0.0.0' || host === '::' || host === '::ffff:0:0' || host === '::ffff:0.0.0.0';
}

/** The addresses of this machine's network interfaces (what `--host 0.0.0.0` is reachable at). */
export function localAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info !== undefined)
    .map((info) => info!.address);
}

/**
 * The addresses a socket listening on `host` accepts connections at, for the banner: `0.0.0.0`
 * listens on IPv4 only, so only IPv4 addresses; `::` on both families (Node's listen is dual-stack).
 * IPv6 link-local addresses (fe80::/10) are left out: they need a zone (`%eth0`) that a URL cannot
 * carry for most clients. Any other host is itself.
 */
export function listeningAddresses(host: string, interfaces = networkInterfaces()): string[] {
  if (!isUnspecified(host)) return [host];
  // Only :: listens on both families; 0.0.0.0, mapped into IPv6 or not, on IPv4 alone.
  const ipv4Only = strip(host) !== '::';
  return Object.values(interfaces)
    .flat()
    .filter((info) => info !== undefined)
    // os.networkInterfaces gave the family as a number (4, 6) in Node 18.0-18.3.
    .filter((info) => (String(info!.family) === 'IPv4' || String(info!.family) === '4' ? true : !ipv4Only && !/^fe[89ab]/i.test(info!.address)))
    .map((info) => info!.address);
}

/** A check of whether a URL reaches the sandbox listening on `host`:`port`. */
export function selfAddressCheck(host: string, port: number): (url: URL) => boolean {
  const own = new Set([strip(host), ...(isUnspecified(host) ? localAddresses().map(strip) : [])]);
  return (url) => {
    const urlPort = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    if (urlPort !== port) return false;
    const hostname = strip(url.hostname);
    return isLoopbackName(hostname) || isUnspecified(hostname) || own.has(hostname);
  };
}
