// The build writes every file of the site by rename, so a server reading it meanwhile sends the
// previous file or the new one, whole.
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyWhole, writeWhole } from './write-whole.mjs';

const dir = mkdtempSync(join(tmpdir(), 'docs-write-whole-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeWhole and copyWhole', () => {
  it('replace a file by another (a rename): a reader that opened the old one reads it whole, nothing is left beside it', () => {
    const page = join(dir, 'page.html');
    writeFileSync(page, 'old '.repeat(100_000));
    const before = statSync(page).ino;
    const reader = openSync(page, 'r');
    try {
      writeWhole(page, 'new '.repeat(200_000));
      expect(statSync(page).ino).not.toBe(before);
      const buffer = Buffer.alloc(800_000);
      const read = readSync(reader, buffer, 0, buffer.length, 0);
      expect(buffer.subarray(0, read).toString()).toBe('old '.repeat(100_000));
    } finally {
      closeSync(reader);
    }
    expect(readFileSync(page, 'utf8')).toBe('new '.repeat(200_000));
    copyWhole(page, join(dir, 'copy.html'));
    expect(readFileSync(join(dir, 'copy.html'), 'utf8')).toBe('new '.repeat(200_000));
    expect(readdirSync(dir).sort()).toEqual(['copy.html', 'page.html']);
  });

  it('leave the file as it was, and no temporary file, when the write fails', () => {
    const page = join(dir, 'kept.html');
    writeFileSync(page, 'kept');
    expect(() => copyWhole(join(dir, 'missing.html'), page)).toThrow(/ENOENT/);
    expect(readFileSync(page, 'utf8')).toBe('kept');
    expect(readdirSync(dir).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });
});

// Every module of the build writes the site's files through write-whole.mjs: a new writeFileSync or
// copyFileSync into the site would write in place again.
describe("the build's modules", () => {
  it('write no file in place', async () => {
    const src = new URL('.', import.meta.url);
    const modules = (await readdir(src)).filter((file) => file.endsWith('.mjs') && file !== 'write-whole.mjs');
    const inPlace: string[] = [];
    for (const file of modules) {
      const text = await readFile(new URL(file, src), 'utf8');
      // api-reference.mjs writes the generator's request into a scratch folder outside the site.
      const allowed = file === 'api-reference.mjs' ? /writeFileSync\(\s*request,/g : undefined;
      const calls = [...text.matchAll(/\b(writeFileSync|copyFileSync|appendFileSync|createWriteStream|cpSync)\(/g)].length - (allowed ? [...text.matchAll(allowed)].length : 0);
      if (calls > 0) inPlace.push(`${file}: ${calls}`);
    }
    expect(modules.length).toBeGreaterThan(10);
    expect(inPlace).toEqual([]);
  });
});
