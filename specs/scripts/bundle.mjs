// Bundles every API listed in redocly.yaml into dist/<id>.json and dist/<id>.yaml.
// Redocly writes the JSON; the YAML is serialised from that same JSON, so the two files
// always carry the same document and both are byte-for-byte deterministic.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { refCallbackPathItems } from './ref-callback-path-items.mjs';

const specsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--out <dir>` bundles elsewhere (the determinism test rebuilds into a temporary folder).
const outFlag = process.argv.indexOf('--out');
const distDir = outFlag > 0 ? process.argv[outFlag + 1] : join(specsDir, 'dist');
const apiIds = Object.keys(parse(readFileSync(join(specsDir, 'redocly.yaml'), 'utf8')).apis);

const redocly = join(specsDir, 'node_modules', '.bin', 'redocly');

rmSync(distDir, { recursive: true, force: true });
mkdirSync(distDir);
for (const id of apiIds) {
  const jsonPath = join(distDir, `${id}.json`);
  try {
    execFileSync(redocly, ['bundle', id, '--output', jsonPath, '--lint-config', 'error'], {
      cwd: specsDir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    console.error(`bundling ${id} failed:\n${error.stderr ?? error.message}`);
    process.exit(1);
  }
  const document = refCallbackPathItems(JSON.parse(readFileSync(jsonPath, 'utf8')));
  writeFileSync(jsonPath, `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync(join(distDir, `${id}.yaml`), stringify(document, { lineWidth: 0 }));
  console.log(`bundled ${id} -> ${relative(process.cwd(), jsonPath)} (+ .yaml)`);
}
