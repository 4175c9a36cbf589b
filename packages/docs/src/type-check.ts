// For the tests: TypeScript files compiled with tsc --noEmit against the real packages, with the
// workspace's TypeScript and the repository's compiler options.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tsc = join(createRequire(import.meta.url).resolve('typescript/package.json'), '..', 'bin', 'tsc');
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** Compiles the files (by name); the diagnostics, or '' when they compile. */
export function typeCheck(files: Record<string, string>): string {
  // Inside the docs package, so `@messaging-contracts/*` resolves through its node_modules.
  const dir = mkdtempSync(join(packageDir, '.samples-'));
  try {
    const names = Object.keys(files);
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: '../../../tsconfig.base.json', compilerOptions: { noEmit: true, types: ['node'], sourceMap: false, declaration: false, declarationMap: false }, files: names }),
    );
    execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
