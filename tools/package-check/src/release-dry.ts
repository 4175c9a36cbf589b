// `pnpm release:dry` (after `pnpm build:release`): packs every publishable package, prints each
// tarball's file list, checks it (file list, publishing fields, publint, attw), and only if all
// are clean runs `pnpm -r publish --dry-run --no-git-checks`, which packs again the way a real
// publish does and publishes nothing. Changesets 2 has no dry-run publish of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { checkTarball, reportProblems } from './check.js';
import { packAll } from './pack-all.js';
import { publishablePackages, repoRoot } from './workspace.js';

const destination = mkdtempSync(join(tmpdir(), 'release-dry-'));
let failed = 0;
try {
  const packages = publishablePackages();
  console.log(`Packing ${packages.length} publishable packages into ${destination}\n`);
  for (const outcome of await packAll(packages, destination)) {
    if (!outcome.ok) {
      failed += 1;
      console.log(`✗ ${outcome.name}: pnpm pack failed\n  ${outcome.error}\n`);
      continue;
    }
    const { packed } = outcome;
    const report = await checkTarball(packed);
    const problems = reportProblems(report);
    const size = statSync(packed.tarball).size;
    console.log(`${problems.length ? '✗' : '✓'} ${packed.name}@${packed.version}  ${basename(packed.tarball)}  ${packed.files.length} files, ${formatSize(size)}`);
    for (const file of packed.files) console.log(`    ${file}`);
    for (const problem of problems) console.log(`  ✗ ${problem}`);
    if (problems.length) failed += 1;
    console.log('');
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}

if (failed) {
  console.error(`${failed} package(s) are not ready to publish; not running pnpm publish --dry-run.`);
  process.exit(1);
}

console.log('All tarballs are as expected. pnpm -r publish --dry-run --no-git-checks:\n');
const publish = spawnSync('pnpm', ['-r', 'publish', '--dry-run', '--no-git-checks'], { cwd: repoRoot, stdio: 'inherit' });
process.exit(publish.status ?? 1);

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}
