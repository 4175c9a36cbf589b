// The vitest arguments of what .ci/run runs on each other supported Node (through .ci/node-matrix.sh):
// the tests of every published package that ships JavaScript (a package.json without
// `"private": true`, with a test script, and a `.js` entry point; its vitest project is named after
// its folder) and the consumer check (tools/package-check's consumer test). Left out: the openapi
// package, whose published files are JSON and YAML (its tests check the contracts with the
// development tools, on Node 20 with everything else).
// One vitest run: `--project` selects the projects and the (absolute) folder filters their files, so from
// package-check only the consumer test runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const folders = ['specs', ...['packages', 'tools'].flatMap((parent) => readdirSync(parent).map((name) => join(parent, name)))];
const args = [];
for (const folder of folders) {
  const manifest = join(folder, 'package.json');
  if (!existsSync(manifest)) continue;
  const { private: isPrivate, scripts, exports, main, bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  const shipsJavaScript = /\.m?js"/.test(JSON.stringify([exports, main, bin]));
  if (isPrivate !== true && scripts?.test && shipsJavaScript) args.push(`--project=${basename(folder)}`, `${resolve(folder)}/`);
}
args.push('--project=package-check', resolve('tools/package-check/src/consumer.test.ts'));
console.log(args.join('\n'));
