// HTTPS for the sandbox (section 1: "HTTPS is used"; B redirects plain HTTP). A self-signed
// certificate for localhost, 127.0.0.1 and ::1 is generated at start with openssl (no key or
// certificate is shipped), unless one is supplied; its SHA-256 fingerprint is printed so a client
// can pin or trust it.
import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import type { Cors } from './cors.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsMaterial {
  /** PEM. */
  cert: string;
  /** PEM. */
  key: string;
}

/** A new self-signed certificate (EC P-256, 30 days) for the loopback names. */
export function selfSignedCertificate(): TlsMaterial {
  const dir = mkdtempSync(join(tmpdir(), 'messaging-sandbox-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '30',
        '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      ],
      { stdio: 'ignore', timeout: 20_000 },
    );
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } catch (error) {
    throw new Error(`could not generate a self-signed certificate with openssl (${error instanceof Error ? error.message.split('\n')[0] : 'failed'}); supply one with --https-cert and --https-key`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The CLI's generated certificate as a file a shell can use (`curl --cacert`, `NODE_EXTRA_CA_CERTS`),
 * in a fresh folder only this user can enter; `remove` deletes it. Only the certificate, never the key.
 */
export function certificateFile(cert: string): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'messaging-sandbox-cert-'));
  const path = join(dir, 'cert.pem');
  writeFileSync(path, cert, { mode: 0o644 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The certificate's SHA-256 fingerprint, `AB:CD:...`; throws a clear error when it is not a PEM certificate. */
export function fingerprint(cert: string): string {
  try {
    return new X509Certificate(cert).fingerprint256;
  } catch {
    throw new TypeError('https.cert must be a PEM certificate');
  }
}

/**
 * The SHA-256 of the certificate's public key (its DER SubjectPublicKeyInfo), base64: what Chromium's
 * `--ignore-certificate-errors-spki-list` takes, so an automated browser can trust this one key.
 */
export function spkiSha256(cert: string): string {
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/**
 * The plain-HTTP listener beside an HTTPS sandbox. B's requests are redirected to HTTPS (section 1:
 * "plain HTTP requests are redirected to HTTPS"), with 308 so method and body are kept (the status
 * is not shown: the sandbox's choice); the other interfaces' redirect is not shown, so they, and
 * the control API, get the sandbox's own 400. CORS preflights are answered, not redirected.
 */
export function plainHttpListener(redirectBase: string, httpsOrigin: () => string, cors: Cors) {
  return (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    // A browser preflights a cross-origin call, and refuses a redirected preflight ("Redirect is
    // not allowed for a preflight request"): answered here as the HTTPS server's CORS answers it,
    // so a page gets to the call itself and sees its redirect (or its 400, with CORS headers).
    if (req.headers.origin !== undefined && cors.apply(req, res)) return;
    req.resume();
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    if (path === redirectBase || path.startsWith(`${redirectBase}/`)) {
      res.writeHead(308, { location: `${httpsOrigin()}${url}`, 'content-length': 0 }).end();
      return;
    }
    const body = JSON.stringify({ error: `this sandbox serves HTTPS at ${httpsOrigin()}; plain HTTP is redirected for B (${redirectBase}) only` });
    res.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  };
}
