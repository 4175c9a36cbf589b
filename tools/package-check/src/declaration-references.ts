import { posix } from 'node:path';

// A TypeScript file name: `selection.ts`, `src/report.ts`, `schema.d.ts`, `x.mts`. Not one inside a
// longer name (`client.d.ts.map`) or a URL (removed first: a link the reader can open).
const TS_FILE = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w@-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:d\.)?[mc]?tsx?)(?![\w-]|\.\w)/g;
const URL = /\bhttps?:\/\/\S+/g;

/**
 * `.d.ts` files of a tarball that name a TypeScript file the tarball does not ship. An editor shows
 * these comments on hover, away from the repository: "(selection.ts)" sends the reader to a file
 * they cannot open, where the comment should say the rule itself or point to the README. A name is
 * shipped when a file of the tarball is that path or ends with it (`report.ts` is `src/report.ts`).
 */
export function checkDeclarationReferences(files: ReadonlyMap<string, Uint8Array>): string[] {
  const problems: string[] = [];
  const shipped = [...files.keys()];
  const decoder = new TextDecoder();
  for (const [path, data] of files) {
    if (!/\.d\.[mc]?ts$/.test(path)) continue;
    const lines = decoder.decode(data).split('\n');
    lines.forEach((line, index) => {
      for (const [, name] of line.replace(URL, '').matchAll(TS_FILE)) {
        if (name === undefined) continue;
        const relative = name.startsWith('.') ? posix.normalize(posix.join(posix.dirname(path), name)) : name;
        if (!shipped.some((file) => file === relative || file.endsWith(`/${relative}`))) {
          problems.push(`${path}:${index + 1} names ${name}, which the package does not publish`);
        }
      }
    });
  }
  return problems;
}
