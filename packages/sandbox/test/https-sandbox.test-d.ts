// Compile-time checks (checked by `pnpm lint`'s tsc -b; never run): a sandbox started with `https`
// has its certificate and plain-HTTP origin typed as present, so the README's HTTPS examples need no
// `!`; without `https` they stay possibly undefined.
import { startSandbox } from '../src/index.js';

export async function withHttps() {
  const sandbox = await startSandbox({ port: 0, https: true });
  const cert: string = sandbox.certificate.cert;
  const spki: string = sandbox.certificate.spkiSha256;
  const plain: string = sandbox.httpUrl;
  const own = await startSandbox({ port: 0, https: { cert: 'PEM', key: 'PEM' } });
  const ownCert: string = own.certificate.cert;
  return [cert, spki, plain, ownCert];
}

export async function withoutHttps() {
  const sandbox = await startSandbox({ port: 0 });
  // @ts-expect-error no https: the certificate may be undefined
  const cert: string = sandbox.certificate.cert;
  // @ts-expect-error no https: no plain-HTTP origin either
  const plain: string = sandbox.httpUrl;
  return [cert, plain];
}
