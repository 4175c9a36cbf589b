// Reading a request body: a body in several chunks is decoded chunk by chunk (no whole-body Buffer),
// and reads exactly as the whole body decoded at once, characters split between chunks included.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from '../src/http-io.js';

const request = (chunks: Buffer[], headers: Record<string, string> = {}) => Object.assign(Readable.from(chunks, { objectMode: false }), { headers }) as unknown as IncomingMessage;

describe('readBody', () => {
  it('decodes UTF-8 split across chunks as the whole body decoded at once', async () => {
    const body = Buffer.from(JSON.stringify({ text: 'é€😀 and a lone \ud800 surrogate' }));
    for (let cut = 1; cut < body.length; cut++) {
      const chunks = [body.subarray(0, cut), body.subarray(cut, cut + 3), body.subarray(cut + 3)].filter((c) => c.length > 0);
      expect(await readBody(request(chunks), 1024)).toEqual({ ok: true, text: body.toString('utf8') });
    }
    const invalid = Buffer.from([0x7b, 0xe2, 0x82, 0x7d, 0xff, 0xc3]);
    expect(await readBody(request([invalid.subarray(0, 2), invalid.subarray(2, 5), invalid.subarray(5)]), 1024)).toEqual({ ok: true, text: invalid.toString('utf8') });
  });

  it('stops at the limit counted over the chunks', async () => {
    expect(await readBody(request([Buffer.alloc(600), Buffer.alloc(600)]), 1024)).toEqual({ ok: false, reason: 'too-large' });
    expect(await readBody(request([]), 1024)).toEqual({ ok: true, text: '' });
  });
});
