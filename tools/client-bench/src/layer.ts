// What each contender's own code costs, without the network: `fetch` is replaced by a function
// that answers at once with the mix's documented response (axios, which does not use fetch, gets
// an adapter that does the same), and each contender sends the mix sequentially, in turns. On a
// loaded machine the throughput rounds mostly measure the load and undici; this measures the
// layers the contenders add over fetch. Only with --breakdown.
import { isDeepStrictEqual } from 'node:util';
import axios, { type AxiosAdapter } from 'axios';
import { type Contender, type ContenderId, bareOpenapiFetch, ourClients, rawFetch } from './contenders.js';
import type { Operation } from './mix.js';
import { median } from './stats.js';
import { rotate } from './throughput.js';

/** The base URL the stubbed contenders use; nothing listens there. */
const BASE = 'http://127.0.0.1:9';

function answer(mix: Operation[], method: string, url: string): Operation {
  const operation = mix.find((o) => o.method === method && BASE + o.url === url);
  if (!operation) throw new Error(`layer: no operation for ${method} ${url}`);
  return operation;
}

const reply = (operation: Operation) => {
  const text = JSON.stringify(operation.response);
  return { text, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } };
};

/** (d) axios as the throughput contender creates it, answering through an adapter instead of the network. */
function stubbedAxios(mix: Operation[]): Contender {
  const adapter: AxiosAdapter = async (config) => {
    const operation = answer(mix, String(config.method).toUpperCase(), axios.getUri(config));
    const { text, headers } = reply(operation);
    return { data: text, status: operation.status, statusText: '', headers, config };
  };
  const instances = mix.map((o) => axios.create({ baseURL: BASE, headers: { Accept: 'application/json', [o.auth[0]]: o.auth[1] }, adapter }));
  return {
    id: 'd',
    name: 'axios',
    async send(k) {
      const operation = mix[k]!;
      const [path, query] = operation.url.split('?');
      const response = await instances[k]!.request({ method: operation.method, url: path, data: operation.body, params: query ? Object.fromEntries(new URLSearchParams(query)) : undefined });
      if (response.status !== operation.status) throw new Error(`axios: ${operation.key} answered ${response.status}`);
      return response.data;
    },
  };
}

/** CPU µs per call of each of (a) to (d), fetch stubbed, median over `rounds` rounds of `calls` calls each. */
export async function layerCost(mix: Operation[], rounds: number, calls: number): Promise<Record<ContenderId, number>> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const operation = answer(mix, request?.method ?? init?.method ?? 'GET', request?.url ?? String(input));
    const { text, headers } = reply(operation);
    return new Response(text, { status: operation.status, headers });
  };
  try {
    // Created after the stub: openapi-fetch reads globalThis.fetch at creation.
    const list = [rawFetch(BASE, mix), bareOpenapiFetch(BASE, mix), ourClients(BASE, mix), stubbedAxios(mix)];
    const samples = new Map(list.map((c) => [c.id, [] as number[]]));
    // Warm-up, and the same check as before the throughput rounds: every documented response.
    for (const contender of list) {
      for (let i = 0; i < calls; i++) {
        if (!isDeepStrictEqual(await contender.send(i & 3), mix[i & 3]!.response)) throw new Error(`layer: ${contender.name} ${mix[i & 3]!.key} did not return the documented response`);
      }
    }
    for (let round = 0; round < rounds; round++) {
      for (const contender of rotate(list, round)) {
        const cpu = process.cpuUsage();
        for (let i = 0; i < calls; i++) await contender.send(i & 3);
        const used = process.cpuUsage(cpu);
        samples.get(contender.id)!.push((used.user + used.system) / calls);
      }
    }
    return Object.fromEntries([...samples].map(([id, values]) => [id, median(values)])) as Record<ContenderId, number>;
  } finally {
    globalThis.fetch = realFetch;
  }
}
