import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown.mjs';

/** The HTML without the line breaks around block elements' tags, so an expectation reads on one line. */
const html = (markdown: string, shift = 1) =>
  markdownToHtml(markdown, shift).replace(/\n*(<\/?(?:p|ul|ol|li|h[1-6]|pre|div|table|thead|tbody|tr|th|td)\b[^>]*>)\n*/g, '$1');

describe('markdownToHtml', () => {
  it.each([
    ['a heading, shifted, with its GitHub anchor', '# Sandbox `choices`!', 1, '<h2 id="sandbox-choices">Sandbox <code>choices</code>!</h2>'],
    ['a heading shifted past h6 stays h6', '##### Deep', 3, '<h6 id="deep">Deep</h6>'],
    ['a heading with a link: the anchor is of its text, as GitHub makes it', '## See [the options](#options) of `startSandbox(options)`', 0, '<h2 id="see-the-options-of-startsandboxoptions">See <a href="#options">the options</a> of <code>startSandbox(options)</code></h2>'],
    ['a repeated heading gets GitHub\'s numbered anchor', '## Usage\n## Usage\n## Usage', 0, '<h2 id="usage">Usage</h2><h2 id="usage-1">Usage</h2><h2 id="usage-2">Usage</h2>'],
    ['a paragraph over lines, with code, bold and emphasis', 'one `two`\n**three** *four*', 1, '<p>one <code>two</code>\n<strong>three</strong> <em>four</em></p>'],
    ['a list with a continued item', '- a\n  b\n- c', 1, '<ul><li>a\nb</li><li>c</li></ul>'],
    ['a nested list', '- a\n  - b\n- c', 1, '<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>'],
    ['a numbered list', '1. one\n2. two', 1, '<ol><li>one</li><li>two</li></ol>'],
    ['fenced code, escaped', '```sh\npnpm <x>\n```', 1, '<pre><code class="language-sh">pnpm &lt;x&gt;\n</code></pre>'],
    ['a relative link', '[doc](./a.md)', 1, '<p><a href="./a.md">doc</a></p>'],
    ['an https link and an anchor', '[a](https://example.com/x) [b](#b)', 1, '<p><a href="https://example.com/x">a</a> <a href="#b">b</a></p>'],
    ['an escaped character is itself', 'a \\* b \\`c\\`', 1, '<p>a * b `c`</p>'],
  ])('%s', (_title, markdown, shift, expected) => {
    expect(html(markdown, shift)).toBe(expected);
  });

  describe('a table', () => {
    const table = [
      '| flag | default | |',
      '|---|---|---|',
      '| `--port <n>` | 4010 | 0 picks a free port |',
      '| `--cors loopback\\|off\\|<origin>,...` | loopback | CORS (see [Browser apps](#browser-apps)) |',
      '| `--https` | off | a \\| b, **bold** (see [HTTPS](#https)) |',
    ].join('\n');

    it('is a <table> whose first row is header cells', () => {
      expect(html(table)).toMatch(/<table><thead><tr><th>flag<\/th><th>default<\/th><th><\/th><\/tr><\/thead><tbody>/);
      expect(html(table)).toMatch(/<\/tbody><\/table>/);
    });

    it('scrolls sideways in a box a keyboard reaches, named by its header cells', () => {
      expect(html(table)).toMatch(/^<div class="table-scroll" role="group" tabindex="0" aria-label="Table: flag, default"><table>[\s\S]*<\/table><\/div>$/);
      expect(html('| `a` \\| b | c |\n|---|---|')).toMatch(/^<div [^>]*aria-label="Table: a \| b, c">/);
      expect(html('| |\n|---|\n| x |')).toMatch(/^<div [^>]*aria-label="Table">/);
    });

    it('renders code, links and emphasis in its cells, escaped pipes as pipes, one cell per column', () => {
      expect(html(table)).toContain(
        '<tr><td><code>--cors loopback|off|&lt;origin&gt;,...</code></td><td>loopback</td><td>CORS (see <a href="#browser-apps">Browser apps</a>)</td></tr>',
      );
      expect(html(table)).toContain('<tr><td><code>--https</code></td><td>off</td><td>a | b, <strong>bold</strong> (see <a href="#https">HTTPS</a>)</td></tr>');
      expect(html(table)).not.toContain('\\|');
    });
  });

  describe('keeps a file from injecting markup or script', () => {
    it.each([
      ['a javascript: link', '[x](javascript:alert(1))'],
      ['a javascript: link in capitals', '[x](JaVaScRiPt:alert(1))'],
      ['a javascript: link with an escaped colon', '[x](javascript&#58;alert(1))'],
      ['a javascript: autolink', '<javascript:alert(1)>'],
      ['a javascript: link in a table cell', '| a |\n|---|\n| [x](javascript:alert(1)) |'],
      ['a javascript: reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
      ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
      ['a vbscript: link', '[x](vbscript:msgbox(1))'],
      ['a mailto: link (only http(s), relative and #anchors are kept)', '[x](mailto:a@example.com)'],
    ])('%s has no link', (_title, markdown) => {
      expect(markdownToHtml(markdown)).not.toMatch(/<a\b|href=/);
    });

    it.each([
      ['a script block', '<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
      ['inline HTML with a handler', 'a <img src=x onerror=alert(1)> b', '<p>a &lt;img src=x onerror=alert(1)&gt; b</p>'],
      ['HTML in a table cell', '| a |\n|---|\n| <b onclick="x()">b</b> |', '<div class="table-scroll" role="group" tabindex="0" aria-label="Table: a"><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>&lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt;</td></tr></tbody></table></div>'],
      ['an HTML comment', '<!-- x --> y', '<p>&lt;!-- x --&gt; y</p>'],
      ['an image is a link to it, never loaded', '![logo](https://example.com/logo.png)', '<p><a href="https://example.com/logo.png">logo</a></p>'],
      ['a javascript: image is its text', '![logo](javascript:alert(1))', '<p>![logo](javascript:alert(1))</p>'],
    ])('%s is text', (_title, markdown, expected) => {
      expect(html(markdown)).toBe(expected);
    });
  });
});

describe('several files on one page (a guide of several READMEs)', () => {
  const first = '## Options\nSee [the options](#options) and [errors](#errors).\n## Errors';
  const second = '## Options\nSee [the options](#options), [elsewhere](#nowhere) and [their errors](#errors).\n## Errors';

  it("numbers a later file's repeated heading on the page, and points that file's own #anchor links at its own heading", () => {
    const page = new Map<string, number>();
    const a = markdownToHtml(first, 0, page);
    const b = markdownToHtml(second, 0, page);
    expect(a).toContain('<h2 id="options">');
    expect(a).toContain('<a href="#options">the options</a>');
    expect(b).toContain('<h2 id="options-1">');
    expect(b).toContain('<h2 id="errors-1">');
    expect(b).toContain('<a href="#options-1">the options</a>');
    expect(b).toContain('<a href="#errors-1">their errors</a>');
    // A link to no heading of the file is left as written.
    expect(b).toContain('<a href="#nowhere">elsewhere</a>');
    const ids = [...`${a}${b}`.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renders each file on its own as before when no page is shared', () => {
    expect(markdownToHtml(second, 0)).toContain('<h2 id="options">');
    expect(markdownToHtml(second, 0)).toContain('<a href="#options">the options</a>');
  });
});
