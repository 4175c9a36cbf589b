// The generated-files gate, made to fail on purpose: a temporary git repository with a small
// generator laid out like this workspace (specs -> packages/*/src/generated), committed in step,
// then made stale in each way a commit can be.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBuild, generatedDirs, main } from './check-generated.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = 'node gen.mjs';

// Writes one generated file per spec into the types package, and one into a package added later
// (validators), with the "generated, do not edit" header the repository's rule asks for.
const generator = `
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
for (const pkg of ['packages/x-types', 'packages/validators']) rmSync(pkg + '/src/generated', { recursive: true, force: true });
for (const name of readdirSync('specs')) {
  const spec = JSON.parse(readFileSync('specs/' + name, 'utf8'));
  for (const pkg of ['packages/x-types', 'packages/validators']) {
    mkdirSync(pkg + '/src/generated', { recursive: true });
    writeFileSync(pkg + '/src/generated/' + name.replace('.json', '.ts'), '// generated, do not edit\\nexport const title = ' + JSON.stringify(spec.title) + ';\\n');
  }
}
`;

let repo: string;
afterEach(() => rmSync(repo, { recursive: true, force: true }));

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
}
function write(path: string, text: string) {
  mkdirSync(dirname(join(repo, path)), { recursive: true });
  writeFileSync(join(repo, path), text);
}
function commitAll(message: string) {
  git('add', '--all');
  git('commit', '--quiet', '--allow-empty', '-m', message);
}
/** A repository whose committed generated files are what the generator makes. */
function inStep() {
  repo = mkdtempSync(join(tmpdir(), 'check-generated-'));
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'commit.gpgsign', 'false');
  write('gen.mjs', generator);
  write('specs/a.json', '{"title":"one"}');
  execFileSync('node', ['gen.mjs'], { cwd: repo });
  commitAll('specs and generated files in step');
}
function check(args = ['--build', build]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, repo, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

describe('check-generated', () => {
  it('passes when the committed generated files are what the generator makes', () => {
    inStep();
    expect(check()).toEqual({
      code: 0,
      out: ['check-generated: 2 generated folder(s) match the committed specs (packages/validators/src/generated, packages/x-types/src/generated)'],
      err: [],
    });
  });

  const cases: [string, { stale: () => void; want: string[] }][] = [
    [
      'a spec change committed without regenerating',
      {
        stale: () => {
          write('specs/a.json', '{"title":"two"}');
          commitAll('change the spec only');
        },
        want: ['packages/validators/src/generated/a.ts differs from the committed file', 'packages/x-types/src/generated/a.ts differs from the committed file'],
      },
    ],
    [
      'a generated file reverted to an old version',
      {
        stale: () => {
          write('packages/x-types/src/generated/a.ts', '// generated, do not edit\nexport const title = "old";\n');
          commitAll('revert a generated file');
        },
        want: ['packages/x-types/src/generated/a.ts differs from the committed file'],
      },
    ],
    [
      'a new spec whose generated files were never committed',
      {
        stale: () => {
          write('specs/b.json', '{"title":"b"}');
          commitAll('add a spec only');
        },
        want: ['packages/validators/src/generated/b.ts is generated but not committed', 'packages/x-types/src/generated/b.ts is generated but not committed'],
      },
    ],
    [
      'a generated file committed that the generator no longer makes',
      {
        stale: () => {
          write('packages/x-types/src/generated/gone.ts', '// generated, do not edit\n');
          commitAll('a leftover');
        },
        want: ['packages/x-types/src/generated/gone.ts is committed but no longer generated'],
      },
    ],
  ];
  it.each(cases)('fails on %s, naming each file and the command to regenerate', (_title, { stale, want }) => {
    inStep();
    stale();
    const result = check();
    expect(result.code).toBe(1);
    expect(result.err).toEqual([...want.map((line) => `check-generated: ${line}`), `check-generated: the committed generated files are stale: run \`${build}\` and commit the generated folders`]);
  });

  it('reports a failing build as unusable (exit 2), not as drift', () => {
    inStep();
    expect(check(['--build', 'node -e "process.exit(3)"']).code).toBe(2);
  });

  it('without --no-build or --build, names the command that builds the owners of the generated folders', () => {
    inStep();
    write('specs/a.json', '{"title":"two"}');
    commitAll('change the spec only');
    execFileSync('node', ['gen.mjs'], { cwd: repo });
    // The folders belong to no package here, so the command is the whole build.
    expect(check(['--no-build']).err.at(-1)).toBe('check-generated: the committed generated files are stale: run `pnpm build` and commit the generated folders');
    write('packages/x-types/package.json', '{"name":"x-types"}');
    write('packages/validators/package.json', '{"name":"@scope/validators"}');
    expect(check(['--no-build']).err.at(-1)).toBe(
      'check-generated: the committed generated files are stale: run `pnpm exec turbo run build --filter=@scope/validators --filter=x-types` and commit the generated folders',
    );
  });

  it('builds by default the packages that own a generated folder, a package that declares one before its first commit, else everything', () => {
    inStep();
    const dirs = () => generatedDirs(repo);
    expect(defaultBuild(repo, dirs())).toBe('pnpm build');
    // The nearest package.json above the folder names its owner, however deep the folder is.
    write('packages/x-types/package.json', '{"name":"x-types"}');
    write('packages/validators/package.json', '{"name":"validators"}');
    expect(defaultBuild(repo, dirs())).toBe('pnpm exec turbo run build --filter=validators --filter=x-types');
    // A package whose turbo.json outputs src/generated, with no such folder yet (never committed).
    write('packages/new-types/package.json', '{"name":"new-types"}');
    write('packages/new-types/turbo.json', '{"tasks":{"build":{"outputs":["dist/**","src/generated/**"]}}}');
    expect(defaultBuild(repo, dirs())).toBe('pnpm exec turbo run build --filter=new-types --filter=validators --filter=x-types');
    // A generated folder that no package below the root owns: only the whole build regenerates it.
    write('tools/src/generated/loose.ts', '// generated, do not edit\n');
    expect(defaultBuild(repo, dirs())).toBe('pnpm build');
  });

  it('reports a package.json it cannot read as unusable (exit 2), naming the file, before building anything', () => {
    inStep();
    write('packages/x-types/package.json', '{"name":');
    const result = check([]);
    expect(result.code).toBe(2);
    expect(result.err).toEqual([expect.stringMatching(/^check-generated: cannot tell which packages own the generated folders: .*packages\/x-types\/package\.json: /)]);
  });

  it('finds every generated folder of this repository, whatever the package', () => {
    const dirs = generatedDirs(repoRoot);
    const types = ['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'].map((id) => `packages/${id}-types/src/generated`);
    expect(dirs).toEqual(expect.arrayContaining(types));
    expect(dirs.every((dir) => dir.endsWith('/src/generated') && !dir.includes('node_modules'))).toBe(true);
  });

  it("builds by default this repository's generated folders' owners (and through turbo what they depend on), nothing downstream", () => {
    // sandbox's folder holds its control API's types; verify's the Arazzo workflows of specs/<id>/workflows as data.
    const owners = [...['campaign-manager-v1', 'gateway-v1', 'im-v1'].map((id) => `${id}-types`), 'sandbox', 'sms-v2-types', 'validators', 'verify'];
    expect(defaultBuild(repoRoot, generatedDirs(repoRoot))).toBe(`pnpm exec turbo run build ${owners.map((name) => `--filter=@messaging-contracts/${name}`).join(' ')}`);
  });
});

describe("check-generated on a clone of this repository, with the repository's own generator", () => {
  const schema = 'packages/gateway-v1-types/src/generated/schema.d.ts';
  const regenerate = 'node tools/typegen/build-types.mjs gateway-v1';

  /** A clone of the committed branch; its dependencies are this work tree's (symlinked, read-only). */
  function clone() {
    repo = mkdtempSync(join(tmpdir(), 'check-generated-clone-'));
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, repo]);
    git('config', 'commit.gpgsign', 'false');
    for (const dir of ['', 'tools/typegen', 'packages/gateway-v1-types']) symlinkSync(join(repoRoot, dir, 'node_modules'), join(repo, dir, 'node_modules'));
  }

  it('passes on the clone as committed, and fails once schema.d.ts is committed stale, naming it', { timeout: 120_000 }, () => {
    clone();
    expect(check(['--build', regenerate]).code).toBe(0);
    // Revert one generated line, as a hand edit or an old version would, and commit it.
    const text = readFileSync(join(repo, schema), 'utf8');
    write(schema, text.replace(/^( *)(\S.*)$/m, '$1$2 // stale'));
    commitAll('a stale schema.d.ts');
    const result = check(['--build', regenerate]);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      `check-generated: ${schema} differs from the committed file`,
      `check-generated: the committed generated files are stale: run \`${regenerate}\` and commit the generated folders`,
    ]);
  });
});
