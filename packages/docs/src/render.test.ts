import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, RENDERER_FILE, renderLanding, renderReference } from './render.mjs';

const facts = {
  id: 'sms-v2',
  title: 'SMS interface v2',
  version: '1.0.0',
  basePath: '/rest/sms/v2',
  serverUrl: '{base_url}/rest/sms/v2',
  auth: ['API key in header `Authorization`'],
  purpose: 'Single SMS & <callbacks>.',
  operations: 3,
  callbacks: 2,
};

describe('jsonForScript', () => {
  it.each([
    ['a closing script tag', '</script><script>alert(1)</script>'],
    ['an HTML comment opener', '<!-- x'],
  ])('cannot end the JSON script element early: %s', (_title, text) => {
    const json = jsonForScript({ description: text });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ description: text });
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
  });
});

describe('renderReference', () => {
  const html = renderReference(facts, { openapi: '3.1.0', info: { title: 'SMS', version: '1.0.0', description: '</script>' }, paths: {} });

  it('loads the one shared renderer from the site, by a relative URL', () => {
    const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual([`./${RENDERER_FILE}`]);
  });

  it('names no other host: nothing on the page is fetched from the network', () => {
    expect(html).not.toMatch(/\b(?:src|href)="(?:https?:)?\/\//);
  });

  it('links back to the landing page and to its JSON and YAML bundles', () => {
    for (const href of ['./index.html', './sms-v2.json', './sms-v2.yaml']) expect(html).toContain(`href="${href}"`);
  });

  it('embeds the bundle so the description cannot break out of its script element', () => {
    expect(html.match(/<\/script>/g)).toHaveLength(4);
  });
});

describe('renderLanding', () => {
  const html = renderLanding([facts]);

  it.each([
    ['version', '<td class="version">1.0.0</td>'],
    ['base path', '<code>/rest/sms/v2</code>'],
    ['auth scheme, code spans as <code>', 'API key in header <code>Authorization</code>'],
    ['purpose, escaped', 'Single SMS &amp; &lt;callbacks&gt;.'],
    ['counts', '3 operations, 2 callbacks'],
    ['reference link', 'href="./sms-v2.html"'],
    ['JSON bundle link', 'href="./sms-v2.json"'],
    ['YAML bundle link', 'href="./sms-v2.yaml"'],
  ])('shows the %s', (_title, fragment) => {
    expect(html).toContain(fragment);
  });

  it('loads no script at all', () => {
    expect(html).not.toContain('<script');
  });
});
