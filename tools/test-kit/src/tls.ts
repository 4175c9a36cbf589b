// Test support (not built, not published): a throw-away self-signed certificate for 127.0.0.1,
// made at test time by the openssl CLI (Node has no API that issues X.509 certificates), and a
// fetch that trusts exactly that certificate, so https tests verify TLS as a client would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';

export interface Certificate {
  key: string;
  cert: string;
}

export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'client-core-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A client's custom `fetch` that trusts `certificate` (and only it) and honours `init.signal`. */
export function fetchTrusting(certificate: Certificate): (request: Request, init?: RequestInit) => Promise<Response> {
  const dispatcher = new Agent({ connect: { ca: certificate.cert } });
  return async (request, init) => {
    // undici's own fetch, so the dispatcher option is understood; the request is passed apart.
    const { url, method, headers, redirect } = request;
    const body = request.body ? await request.arrayBuffer() : undefined;
    const options = { method, headers: [...headers], body, redirect, signal: init?.signal ?? null, dispatcher };
    return (await undiciFetch(url, options)) as unknown as Response;
  };
}
