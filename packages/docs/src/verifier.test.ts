// The landing page's verifier section: every command it shows is one the verifier takes (parsed by
// its own argument parser) or one its README shows, and it names every credential variable it reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDENTIAL_SOURCES } from '@messaging-contracts/verify';
import { describe, expect, inject, it } from 'vitest';
import { readmeCommands } from './verifier.mjs';
import { parseCliArgs, textOf, verifyDir } from './verify-cli.js';
const readme = readFileSync(join(verifyDir, 'README.md'), 'utf8');

/** A command line's words as a POSIX shell splits these simple lines: quotes removed, a trailing `# comment` dropped. */
function words(line: string): string[] {
  const code = line.replace(/\s+#.*$/, '');
  return [...code.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

const { dist } = inject('site');
const landing = readFileSync(join(dist, 'index.html'), 'utf8');
const section = /<section class="verifier" id="verifier"[\s\S]*?<\/section>/.exec(landing)?.[0] ?? '';
const shown = [...section.matchAll(/<pre class="verify-commands"><code>([\s\S]*?)<\/code><\/pre>/g)].flatMap((m) => textOf(m[1] ?? '').split('\n'));

describe("the landing page's verifier section", () => {
  it('shows commands with --sandbox, --base-url, --live, --dry-run, --api and --operation', () => {
    expect(section, 'a verifier section on the landing page').not.toBe('');
    for (const flag of ['--sandbox', '--base-url', '--live', '--dry-run', '--api', '--operation']) expect(shown.join('\n'), flag).toContain(flag);
  });

  it.each(shown.map((line) => [line] as const))('%s: the verifier parses it, or its README shows it as it stands', (line) => {
    const argv = words(line);
    expect(argv.slice(0, 2)).toEqual(['npx', 'messaging-verify']);
    let parsed: unknown;
    try {
      parsed = parseCliArgs(argv.slice(2), {});
    } catch (error) {
      // --live reads its --destinations file, which only the reader has.
      expect(readme, `${line}: ${String(error)}`).toContain(line);
      return;
    }
    expect(parsed).toBeTypeOf('object');
  });

  it('would see a command the verifier refuses', () => {
    expect(() => parseCliArgs(words('npx messaging-verify --sandbox --operation im-v1.noSuchOperation').slice(2), {})).toThrow(/no such operation/);
  });

  it("names every credential environment variable the verifier reads, with its flag, and links its guide", () => {
    for (const { env, flag } of CREDENTIAL_SOURCES) {
      expect(section).toContain(`<code>${env}</code>`);
      expect(section).toContain(`<code>--${flag}</code>`);
    }
    expect(section).toContain('href="./verify.html"');
    expect(section).toContain('href="./verify.html#safety"');
  });
});

describe('readmeCommands', () => {
  it("reads the shell block under the README's Command heading, and says so when there is none", () => {
    expect(readmeCommands('# x\n\n## Command\n\ntext\n\n```sh\nnpx a --b   # c\n\nnpx d\n```\n\n## Next\n```sh\nnot this\n```\n')).toEqual(['npx a --b   # c', 'npx d']);
    expect(() => readmeCommands('# x\n\n## Other\n\n```sh\nnpx a\n```\n')).toThrow(/no ```sh block under ## Command/);
  });
});
