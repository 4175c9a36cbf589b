// For the tests: the verifier's own argument parser (a workspace-only export of the verifier,
// `@messaging-contracts/verify/cli-args`, which its publishConfig.exports leaves out: the published
// API is verify()), its folder, and the text of an HTML fragment.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export { parseCliArgs } from '@messaging-contracts/verify/cli-args';

export const verifyDir = dirname(createRequire(import.meta.url).resolve('@messaging-contracts/verify/package.json'));

/** What a reader sees of an HTML fragment: tags removed, the entities the site writes decoded. */
export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}
