import { describe, expect, it } from 'vitest';
import { checkDeclarationReferences } from './declaration-references.js';

const tarball = (files: Record<string, string>): Map<string, Uint8Array> =>
  new Map(Object.entries(files).map(([path, text]) => [path, new TextEncoder().encode(text)]));

describe('checkDeclarationReferences', () => {
  it('reports a .d.ts comment naming a source file that is not published, with its line', () => {
    const files = tarball({
      'package.json': '{}',
      'dist/verify.d.ts': '/**\n * Only these operations (selection.ts); see src/report.ts.\n */\nexport declare const x: 1;\n',
      'dist/verify.js': '// selection.ts is fine in JavaScript: no hover shows it\n',
    });
    expect(checkDeclarationReferences(files)).toEqual([
      'dist/verify.d.ts:2 names selection.ts, which the package does not publish',
      'dist/verify.d.ts:2 names src/report.ts, which the package does not publish',
    ]);
  });

  it('reports .mts, .tsx and unpublished .d.ts names too', () => {
    const files = tarball({ 'dist/a.d.ts': '// a.mts, b.tsx, missing.d.ts\n' });
    expect(checkDeclarationReferences(files).map((line) => line.split(' names ')[1]?.split(',')[0])).toEqual(['a.mts', 'b.tsx', 'missing.d.ts']);
  });

  it('accepts names the tarball ships, relative paths that resolve to them, and links', () => {
    const files = tarball({
      'src/report.ts': '',
      'dist/generated/schema.d.ts': '',
      'dist/index.d.ts':
        "// report.ts and src/report.ts ship; so do schema.d.ts and ./generated/schema.d.ts.\n" +
        '// See https://github.com/o/r/blob/main/packages/verify/src/selection.ts (a link opens).\n' +
        "export * from './generated/schema.js';\n//# sourceMappingURL=index.d.ts.map\n",
    });
    expect(checkDeclarationReferences(files)).toEqual([]);
  });

  it('does not take a longer name or a path segment for a file name', () => {
    const files = tarball({ 'dist/a.d.ts': '// node.tsconfig, x.tsbuildinfo, the ts/ folder, vitest.config.ts.bak\n' });
    expect(checkDeclarationReferences(files)).toEqual([]);
  });
});
