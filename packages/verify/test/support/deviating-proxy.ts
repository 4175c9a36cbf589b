// A provider that deviates from the contract on purpose: a proxy on 127.0.0.1 (port 0) in front
// of a sandbox that can rewrite any answer, answer a request itself, and stand between the sandbox
// and the verifier's callback receiver (it registers itself as the callback address and forwards
// each callback, possibly rewritten).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Deviation {
  /** Answer a request without the sandbox. */
  intercept?: (request: ProxiedRequest) => ProxiedAnswer | undefined;
  /** Rewrite a request (its path, query, headers and body) before it is forwarded to the sandbox. */
  forward?: (request: ProxiedRequest) => ProxiedRequest;
  /** Rewrite the sandbox's answer. */
  rewrite?: (request: ProxiedRequest, answer: ProxiedAnswer) => ProxiedAnswer;
  /** Break the exchange: close the connection without an answer, answer bytes that are not HTTP, or never answer. */
  fault?: (request: ProxiedRequest) => 'drop' | 'garbage' | 'hold' | undefined;
  /** Rewrite a callback body on its way from the sandbox to the receiver. */
  callback?: (body: string) => string;
}

export interface DeviatingProxy {
  url: string;
  /** Requests that reached the proxy. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startDeviatingProxy(upstream: string, deviation: Deviation = {}): Promise<DeviatingProxy> {
  const requests: ProxiedRequest[] = [];
  /** The receiver addresses the verifier registered, by kind; the sandbox gets the proxy's own. */
  const callbackTargets = new Map<string, string>();
  let self = '';
  const server: Server = createServer(async (req, res) => {
    const request: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: await read(req) };
    const callback = /^\/__callbacks\/(\w+)$/.exec(request.path);
    if (callback) {
      const target = callbackTargets.get(callback[1]!);
      const body = deviation.callback ? deviation.callback(request.body) : request.body;
      const answer = await fetch(target!, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const headers = Object.fromEntries(answer.headers);
      delete headers['content-length'];
      res.writeHead(answer.status, headers).end(await answer.text());
      return;
    }
    requests.push(request);
    const fault = deviation.fault?.(request);
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'garbage') return void req.socket.end('\u0000\u0001garbage, not HTTP\r\n\r\n');
    if (fault === 'hold') return; // closed with the proxy
    const intercepted = deviation.intercept?.(request);
    if (intercepted) {
      res.writeHead(intercepted.status, intercepted.headers).end(intercepted.body);
      return;
    }
    const forwarded = deviation.forward ? deviation.forward(request) : request;
    let body = forwarded.body;
    if (request.method === 'PUT' && request.path === '/__sandbox/callbacks' && deviation.callback) {
      const urls = JSON.parse(body) as Record<string, string>;
      for (const [kind, url] of Object.entries(urls)) callbackTargets.set(kind, url);
      body = JSON.stringify(Object.fromEntries(Object.keys(urls).map((kind) => [kind, `${self}/__callbacks/${kind}`])));
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(forwarded.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
    const answer = await fetch(`${upstream}${forwarded.path}`, { method: request.method, headers, ...(body && { body }), redirect: 'manual' });
    let out: ProxiedAnswer = { status: answer.status, headers: Object.fromEntries(answer.headers), body: await answer.text() };
    delete out.headers['content-length'];
    delete out.headers['transfer-encoding'];
    if (deviation.rewrite) out = deviation.rewrite(request, out);
    res.writeHead(out.status, out.headers).end(out.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: self,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON answer. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): ProxiedAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Whether a request is to an operation: method and a path under a base path. */
export const isCall = (request: ProxiedRequest, method: string, path: RegExp) => request.method === method && path.test(request.path.split('?')[0]!);
