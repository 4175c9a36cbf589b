import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown.mjs';

describe('markdownToHtml', () => {
  it.each([
    ['a heading, shifted, with its GitHub anchor', '# Sandbox `choices`!', 1, '<h2 id="sandbox-choices">Sandbox <code>choices</code>!</h2>'],
    ['a paragraph over lines, with code and bold', 'one `two`\n**three**', 1, '<p>one <code>two</code> <strong>three</strong></p>'],
    ['a list with a continued item', '- a\n  b\n- c', 1, '<ul><li>a b</li><li>c</li></ul>'],
    ['fenced code, escaped', '```sh\npnpm <x>\n```', 1, '<pre><code>pnpm &lt;x&gt;</code></pre>'],
    ['a relative link', '[doc](./a.md)', 1, '<p><a href="./a.md">doc</a></p>'],
    ['a javascript: link loses its href', '[x](javascript:alert(1))', 1, '<p>x)</p>'],
    ['raw HTML is text', '<script>alert(1)</script>', 1, '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ])('%s', (_title, markdown, shift, html) => {
    expect(markdownToHtml(markdown, shift)).toBe(html);
  });
});
