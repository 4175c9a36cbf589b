// Behaviour of the bench's parts; nothing here asserts a timing.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOnce } from './cold-import.js';
import { layerCost } from './layer.js';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { type Contender, axiosClients, contenders, ourClients } from './contenders.js';
import { BASIC, loadMix, type Operation } from './mix.js';
import { type MixServer, startMixServer } from './server.js';
import { CLIENTS, OPENAPI_FETCH, VALIDATED_CLIENTS, bundle, bundleSize } from './size.js';
import { median, pairedRatio } from './stats.js';
import { measure, rotate, runRounds } from './throughput.js';

const mix = loadMix();
// The one list of interfaces, as the openapi package ships it.
const interfaceList = (createRequire(import.meta.url)('@messaging-contracts/openapi/interfaces.json') as { interfaces: { id: string; letter: string }[] }).interfaces;

describe('coverage of the interfaces', () => {
  it('sizes one client per interface of the list, each with its validators', () => {
    expect(CLIENTS.map((c) => c.specifier)).toEqual(interfaceList.map((api) => `@messaging-contracts/${api.id}-client`));
    expect(VALIDATED_CLIENTS.map((c) => c.also?.[1]?.specifier)).toEqual(interfaceList.map((api) => `@messaging-contracts/validators/${api.id}`));
  });

  it('mixes one operation of each interface of the list', () => {
    expect(mix.map((o) => [o.key, o.api])).toEqual(interfaceList.map((api) => [api.letter, api.id]));
  });
});

describe('the mix', () => {
  it('is one operation of each interface, with its documented status and examples', () => {
    expect(mix.map((o) => [o.key, o.method, o.url.replace(/\?.*/, ''), o.status])).toEqual([
      ['A', 'POST', '/rest/gateway/messages', 201],
      ['B', 'GET', '/rest/sms/v2/messages', 200],
      ['C', 'POST', '/rest/im/v1/message', 202],
      ['D', 'GET', '/rest/campaign_manager/v1/acme/lists', 200],
    ]);
    for (const operation of mix) expect(operation.response).toBeDefined();
    expect(mix.map((o) => o.body !== undefined)).toEqual([true, false, true, false]);
  });
});

describe('the server and the contenders', () => {
  let server: MixServer;
  let list: Contender[];
  beforeAll(async () => {
    server = await startMixServer(mix);
    list = contenders(server.url, mix, true);
  });
  afterAll(async () => {
    for (const contender of list) contender.close?.();
    await server.close();
  });

  it('every contender gets the documented response of every operation', async () => {
    expect(list.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'a2', 'c2', 'd2']);
    const before = { ...server.counts };
    for (const contender of list) {
      for (const [k, operation] of mix.entries()) {
        expect(await contender.send(k), `${contender.name} ${operation.key}`).toEqual(operation.response);
      }
    }
    for (const { key } of mix) expect(server.counts[key]! - before[key]!).toBe(list.length);
  });

  it('the server refuses a request that differs in auth, Accept, Content-Type or body', async () => {
    const [a] = mix as [Operation];
    const headers = { accept: 'application/json', authorization: BASIC, 'content-type': 'application/json' };
    const body = JSON.stringify(a.body);
    const cases: [string, Record<string, string>, string][] = [
      ['auth header', { ...headers, authorization: 'Basic eA==' }, body],
      ['accept */*', { ...headers, accept: '*/*' }, body],
      ['content-type text/plain', { ...headers, 'content-type': 'text/plain' }, body],
      ['request body', headers, `${body} `],
    ];
    for (const [mismatch, sent, sentBody] of cases) {
      const response = await fetch(server.url + a.url, { method: 'POST', headers: sent, body: sentBody });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ mismatch });
    }
  });

  it('a contender fails on a status other than the documented one', async () => {
    const wrong = mix.map((o) => ({ ...o, status: o.status + 1 }));
    await expect(ourClients(server.url, wrong).send(0)).rejects.toThrow(/answered 201, not 202/);
  });
});

describe('(d2) axios with a time limit', () => {
  it('gives up on a server that never answers, as (c) does, where (d) would wait', async () => {
    // A listener that takes the connection and never answers.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const d2 = axiosClients(`http://127.0.0.1:${port}`, mix, { timeoutMs: 100 });
    try {
      expect(d2.id).toBe('d2');
      await expect(d2.send(0)).rejects.toMatchObject({ code: 'ECONNABORTED' });
    } finally {
      d2.close?.();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('rounds', () => {
  it('measure sends exactly n requests, the mix in turn, at most `concurrency` at once', async () => {
    const sent: number[] = [];
    let inFlight = 0;
    let most = 0;
    const send = async (k: number) => {
      sent.push(k);
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
    };
    const result = await measure(send, 40, 8);
    expect(sent).toHaveLength(40);
    expect(sent.slice(0, 8)).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    expect(most).toBe(8);
    expect(result.wallMs).toBeGreaterThan(0);
    expect(result.cpuMs).toBeGreaterThanOrEqual(0);
  });

  it('contenders take turns slice by slice, the first rotating, and each sends N per round', async () => {
    const log: string[] = [];
    const fake = (id: 'a' | 'b' | 'c'): Contender => ({ id, name: id, send: async () => void log.push(id) });
    const samples = await runRounds([fake('a'), fake('b'), fake('c')], [{ name: 'm', requests: 6, concurrency: 1, slices: 3 }], {
      rounds: 2,
    });
    // Two requests per slice; the first contender moves on by one each slice.
    expect(log.join('')).toBe('aabbcc' + 'bbccaa' + 'ccaabb' + 'aabbcc' + 'bbccaa' + 'ccaabb');
    expect(samples.m?.rps.a).toHaveLength(2);
    expect(samples.m?.cpuUs.c).toHaveLength(2);
  });

  it('stops after minRounds when the budget is spent', async () => {
    const slow: Contender = { id: 'a', name: 'a', send: () => new Promise((resolve) => setTimeout(resolve, 5)) };
    const samples = await runRounds([slow], [{ name: 'm', requests: 2, concurrency: 1 }], { rounds: 50, minRounds: 3, budgetMs: 1 });
    expect(samples.m?.rps.a).toHaveLength(3);
  });

  it('rotate starts the list anywhere', () => {
    expect(rotate([1, 2, 3], 0)).toEqual([1, 2, 3]);
    expect(rotate([1, 2, 3], 4)).toEqual([2, 3, 1]);
  });
});

describe('stats', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
  it('pairedRatio takes the ratio per round, then the median', () => {
    expect(pairedRatio([2, 4, 9], [1, 4, 3])).toBe(2);
  });
});

describe('size and cold import', () => {
  it('a client bundle contains openapi-fetch and is larger', async () => {
    const base = await bundleSize(OPENAPI_FETCH);
    const client = await bundleSize(CLIENTS[0]!);
    expect(base.gzipped).toBeGreaterThan(0);
    expect(base.gzipped).toBeLessThan(base.minified);
    expect(client.gzipped).toBeGreaterThan(base.gzipped);
  });

  it('a client bundle takes in nothing of the validators; with validation it takes its own interface only', async () => {
    const validators = (inputs: string[]) => inputs.filter((input) => input.includes('packages/validators/'));
    for (const [i, client] of CLIENTS.entries()) {
      const bare = await bundle(client);
      const validated = await bundle(VALIDATED_CLIENTS[i]!);
      expect(validators(bare.inputs)).toEqual([]);
      const taken = validators(validated.inputs).map((input) => input.replace(/^.*packages\/validators\/dist\//, ''));
      expect(taken).toContain('client.js');
      expect(taken.filter((file) => file.startsWith('generated/')).map((file) => file.replace(/(\.params)?\.js$/, ''))).toEqual(
        Array(2).fill(`generated/${VALIDATED_CLIENTS[i]!.also![1]!.specifier.split('/').pop()}`),
      );
      expect(validated.size.gzipped).toBeGreaterThan(bare.size.gzipped);
    }
  });

  it('the throw-on-error mode is tree-shaken: a client bundle without throwOnError keeps none of it, with it keeps both modules', async () => {
    const throwing = (kept: string[]) => kept.filter((input) => input.endsWith('/dist/throw-on-error.js')).map((input) => input.replace(/^.*packages\/([^/]+)\/dist\/.*$/, '$1')).sort();
    for (const client of CLIENTS) {
      const bare = await bundle(client);
      expect(throwing(bare.kept)).toEqual([]);
      const opted = await bundle({ ...client, exports: `${client.exports}, throwOnError` });
      expect(throwing(opted.kept)).toEqual(['client-core', client.name].sort());
      expect(opted.size.gzipped).toBeGreaterThan(bare.size.gzipped);
    }
  });

  it("a browser bundle takes dispatch.ts's browser build (package.json \"browser\"): no setImmediate in it", async () => {
    for (const client of CLIENTS) {
      const { kept } = await bundle(client);
      const dispatch = kept.filter((input) => /client-core\/dist\/dispatch(\.browser)?\.js$/.test(input)).map((input) => input.replace(/^.*\//, ''));
      expect([client.name, dispatch]).toEqual([client.name, ['dispatch.browser.js']]);
    }
  });

  it("the integer check is in A's and D's bundles only: B's and C's keep none of unsafe-integers.ts", async () => {
    for (const client of CLIENTS) {
      const { kept } = await bundle(client);
      const checked = kept.some((input) => input.endsWith('client-core/dist/unsafe-integers.js'));
      expect([client.name, checked]).toEqual([client.name, client.name === 'gateway-v1-client' || client.name === 'campaign-manager-v1-client']);
    }
  });

  it('withoutIntegerCheck bundles A and D without unsafe-integers.ts, smaller, and leaves B and C as they are', async () => {
    for (const client of CLIENTS) {
      const full = await bundle(client);
      const without = await bundle(client, { withoutIntegerCheck: true });
      const checked = full.kept.some((input) => input.endsWith('client-core/dist/unsafe-integers.js'));
      if (checked) {
        expect(without.size.gzipped, client.name).toBeLessThan(full.size.gzipped - 300);
        expect(without.size.minified, client.name).toBeLessThan(full.size.minified);
      } else expect(without.size, client.name).toEqual(full.size);
    }
  });

  it('imports a package in a fresh process, and fails loudly on a missing one', () => {
    const sample = importOnce(OPENAPI_FETCH.specifier);
    expect(Number.isFinite(sample.importMs) && sample.importMs > 0).toBe(true);
    expect(sample.wallMs).toBeGreaterThan(0);
    expect(() => importOnce('@messaging-contracts/no-such-package')).toThrow(/failed/);
  });
});

describe('the client layer alone', () => {
  it('measures (a) to (d) with fetch stubbed, and puts fetch back', async () => {
    const real = globalThis.fetch;
    const cost = await layerCost(mix, 1, 8);
    expect(Object.keys(cost).sort()).toEqual(['a', 'b', 'c', 'd']);
    for (const value of Object.values(cost)) expect(Number.isFinite(value) && value >= 0).toBe(true);
    expect(globalThis.fetch).toBe(real);
  });
});
