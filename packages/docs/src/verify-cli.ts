// For the tests: the verifier's own argument parser (the package's API is verify(), so the parser is
// not exported; its dist has the file the command runs), and the text of an HTML fragment.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const verifyDir = dirname(createRequire(import.meta.url).resolve('@messaging-contracts/verify/package.json'));

export const { parseCliArgs } = (await import(pathToFileURL(join(verifyDir, 'dist', 'cli-args.js')).href)) as {
  parseCliArgs: (argv: string[], env: Record<string, string | undefined>) => unknown;
};

/** What a reader sees of an HTML fragment: tags removed, the entities the site writes decoded. */
export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}
