// @ts-check
// The little Markdown the site shows outside Redoc (CHANGELOG.md files, package READMEs): headings,
// paragraphs, lists, fenced code, tables as text, `code`, **bold** and [links](url). Everything is
// escaped first, so a file cannot inject markup; links keep only http(s), relative and #anchors.
import { escapeHtml } from './html.mjs';

/** @param {string} text escaped already */
function inline(text) {
  return text
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_whole, label, href) =>
      /^(https?:\/\/|\.{0,2}\/|#)/.test(href) || !/^[a-z][a-z0-9+.-]*:/i.test(href) ? `<a href="${href}">${label}</a>` : label,
    );
}

/**
 * @param {string} markdown
 * @param {number} [shift] added to every heading level (a file's `#` under the page's own h1)
 * @returns {string} HTML
 */
export function markdownToHtml(markdown, shift = 1) {
  const out = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] ?? '';
    const fence = /^```/.exec(line);
    if (fence) {
      const body = [];
      for (i += 1; i < lines.length && !/^```/.test(lines[i] ?? ''); i += 1) body.push(lines[i] ?? '');
      i += 1;
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1] ?? '#').length + shift);
      // GitHub's anchor for the heading, so a README's own `#section` links lead somewhere.
      const slug = (heading[2] ?? '').toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
      out.push(`<h${level} id="${escapeHtml(slug)}">${inline(escapeHtml(heading[2] ?? ''))}</h${level}>`);
      i += 1;
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      const items = [];
      for (; i < lines.length && /^\s*([-*]\s+|\s{2,}\S)/.test(lines[i] ?? ''); i += 1) {
        const item = lines[i] ?? '';
        if (/^\s*[-*]\s+/.test(item)) items.push(item.replace(/^\s*[-*]\s+/, ''));
        else items[items.length - 1] += ` ${item.trim()}`;
      }
      out.push(`<ul>${items.map((item) => `<li>${inline(escapeHtml(item))}</li>`).join('')}</ul>`);
      continue;
    }
    if (/^\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\|/.test(lines[i] ?? ''); i += 1) rows.push(lines[i] ?? '');
      out.push(`<pre class="table">${escapeHtml(rows.filter((row) => !/^\|[\s|:-]+\|$/.test(row)).join('\n'))}</pre>`);
      continue;
    }
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const paragraph = [];
    for (; i < lines.length && (lines[i] ?? '').trim() !== '' && !/^(#{1,6}\s|```|\s*[-*]\s|\|)/.test(lines[i] ?? ''); i += 1) paragraph.push(lines[i] ?? '');
    out.push(`<p>${inline(escapeHtml(paragraph.join(' ')))}</p>`);
  }
  return out.join('\n');
}
