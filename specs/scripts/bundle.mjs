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
const config = parse(readFileSync(join(specsDir, 'redocly.yaml'), 'utf8'));
const apiIds = Object.keys(config.apis);

const redocly = join(specsDir, 'node_modules', '.bin', 'redocly');

rmSync(distDir, { recursive: true, force: true });
mkdirSync(distDir);
// One Redocly run bundles every API (Redocly starting up is most of a bundling's cost: four runs
// took 2.1 s of CPU, one takes 0.5 s). It needs each API's output in the config, so it reads
// redocly.yaml with the outputs added, written beside it (its relative paths stay right) for the
// run only.
const runConfig = join(specsDir, `.bundle-${process.pid}.redocly.yaml`);
const apis = Object.fromEntries(apiIds.map((id) => [id, { ...config.apis[id], output: join(distDir, `${id}.json`) }]));
writeFileSync(runConfig, stringify({ ...config, apis }));
let failure;
try {
  execFileSync(redocly, ['bundle', '--config', runConfig, '--lint-config', 'error'], {
    cwd: specsDir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
} catch (error) {
  failure = error.stderr ?? error.message;
} finally {
  rmSync(runConfig, { force: true });
}
if (failure !== undefined) {
  console.error(`bundling ${apiIds.join(', ')} failed:\n${failure}`);
  process.exit(1);
}
for (const id of apiIds) {
  const jsonPath = join(distDir, `${id}.json`);
  const document = refCallbackPathItems(JSON.parse(readFileSync(jsonPath, 'utf8')));
  writeFileSync(jsonPath, `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync(join(distDir, `${id}.yaml`), stringify(document, { lineWidth: 0 }));
  console.log(`bundled ${id} -> ${relative(process.cwd(), jsonPath)} (+ .yaml)`);
}
