// Files vanishing and being replaced under `pnpm docs:serve` while requests run, as `pnpm build`
// does to dist/ while the site is served: the serve command (a real child process on 127.0.0.1)
// never exits, and every answer is well formed: a 200 whose body is whole (as long as its
// Content-Length, and one of the versions the file had, decoded per its Content-Encoding), a 304,
// a 404 for a file that is gone, or a 503 asking to retry while a file is rewritten under every read.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url));
const site = mkdtempSync(join(tmpdir(), 'docs-vanish-'));

/** The versions each file goes through: different sizes, so a mix of two would show. */
const versions = Array.from({ length: 6 }, (_, i) => Buffer.from(`<p>version ${i}</p>`.repeat(200 * (i + 1))));
const names = ['index.html', 'page.html', 'api.json'];
const INPLACE = 'api.json';

function write(name: string, content: Buffer, how: 'in place' | 'rename') {
  const files: Array<[string, Buffer]> = [
    [name, content],
    [`${name}.br`, brotliCompressSync(content)],
    [`${name}.gz`, gzipSync(content)],
  ];
  for (const [file, bytes] of files) {
    if (how === 'in place') writeFileSync(join(site, file), bytes);
    else {
      writeFileSync(join(site, `${file}.tmp`), bytes);
      renameSync(join(site, `${file}.tmp`), join(site, file));
    }
  }
}

function remove(name: string) {
  for (const file of [name, `${name}.br`, `${name}.gz`]) {
    try {
      unlinkSync(join(site, file));
    } catch {
      // already gone
    }
  }
}

interface Answer {
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ path, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let child: ChildProcess;
let port: number;
let exited: number | null | undefined;

beforeAll(async () => {
  for (const name of names) write(name, versions[0]!, 'rename');
  child = spawn(process.execPath, [SERVE, '--port', '0', '--dir', site], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.on('exit', (code) => (exited = code));
  port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', () => reject(new Error(`serve exited before it listened: ${out}`)));
  });
});

afterAll(() => {
  child.kill('SIGTERM');
  rmSync(site, { recursive: true, force: true });
});

describe('docs:serve while the site is rebuilt', () => {
  it('never exits and answers every request well formed while files vanish and are replaced', async () => {
    const encodings = ['br', 'gzip', 'identity', 'br;q=0.5, gzip', ''];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let churning = true;
    // The rebuild: each file replaced in place or by rename, or removed and written again.
    const churn = (async () => {
      while (churning) {
        const name = names[random(names.length)]!;
        const action = random(3);
        // Only INPLACE is rewritten in place: a writer that stalls half-way through one write()
        // leaves a torn file that no reader can tell from a whole one (same size, same time, the
        // same bytes read twice), so for it the server promises a well-formed answer, not a whole
        // version. A replacement by rename, as the build's compressor does, is always whole.
        if (action === 0 && name === INPLACE) write(name, versions[random(versions.length)]!, 'in place');
        else if (action === 0) write(name, versions[random(versions.length)]!, 'rename');
        else if (action === 1) write(name, versions[random(versions.length)]!, 'rename');
        else remove(name);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answers: Answer[] = [];
    const started = Date.now();
    // A bounded run: a fixed number of rounds of concurrent requests (a few seconds at most).
    for (let round = 0; round < 60 && Date.now() - started < 8000; round++) {
      const batch = Array.from({ length: 8 }, () => {
        const accept = encodings[random(encodings.length)]!;
        return get(port, `/${names[random(names.length)]}`, accept ? { 'accept-encoding': accept } : {});
      });
      answers.push(...(await Promise.all(batch)));
    }
    churning = false;
    await churn;

    expect(exited).toBeUndefined();
    expect(answers.length).toBeGreaterThan(100);
    for (const answer of answers) {
      expect([200, 404, 503]).toContain(answer.status);
      if (answer.status !== 200) continue;
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      const encoding = answer.headers['content-encoding'];
      let decoded: Buffer;
      try {
        decoded = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
      } catch (error) {
        throw new Error(`a ${String(encoding)} body of ${answer.body.length} bytes does not decode: ${String(error)}`);
      }
      if (answer.path === `/${INPLACE}`) continue;
      expect(versions.some((version) => version.equals(decoded)), `${String(encoding)} ${answer.body.length} ${decoded.length}`).toBe(true);
    }
    // Mostly whole answers, not refusals.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(answers.length / 4);

    // And afterwards it still serves.
    write('index.html', versions[1]!, 'rename');
    const after = await get(port, '/index.html', {});
    expect(after.status).toBe(200);
    expect(after.body.equals(versions[1]!)).toBe(true);
    expect(exited).toBeUndefined();
  });
});
