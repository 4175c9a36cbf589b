import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, renderReference } from './render.mjs';
import { loadedFiles } from './weights.mjs';

const facts = {
  id: 'sms-v2',
  letter: 'B',
  authDetails: ['Send the key.'],
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
  const html = renderReference(facts, { openapi: '3.1.0', info: { title: 'SMS', version: '1.0.0', description: '</script>' }, paths: {} }, new Map(), 'redoc.standalone.0123456789ab.js');

  it('loads the one shared renderer from the site, by a relative URL', () => {
    const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['./redoc.standalone.0123456789ab.js']);
  });

  it('names no other host: nothing on the page is fetched from the network', () => {
    expect(html).not.toMatch(/\bsrc="(?:https?:)?\/\//);
    expect(loadedFiles(html)).toEqual(['./redoc.standalone.0123456789ab.js'.slice(2)]);
    // The one link to another host is Redoc's credit in its sidebar, a link a reader may follow.
    expect([...html.matchAll(/\bhref="((?:https?:)?\/\/[^"]*)"/g)].map((match) => match[1])).toEqual(['https://redocly.com/redoc/']);
  });

  it('has the reference in the HTML itself, not only in the script that renders it', () => {
    const withoutScripts = html.replace(/<script\b[\s\S]*?<\/script>/g, '');
    expect(withoutScripts).toContain('SMS');
    expect(withoutScripts).not.toContain('Loading the');
  });

  it('keeps raw HTML in a description inert in the server-rendered part: no script element, no event handler', () => {
    const hostile = renderReference(
      facts,
      { openapi: '3.1.0', info: { title: 'SMS', version: '1.0.0', description: 'a <script>alert(1)</script> b <img src="x" onerror="alert(2)">' }, paths: {} },
      new Map(),
      'redoc.standalone.0123456789ab.js',
    );
    const main = /<main id="redoc">([\s\S]*)<\/main>/.exec(hostile)?.[1] ?? '';
    expect(main).toContain('alert(1)');
    expect(main).not.toMatch(/<script/i);
    expect(main).not.toMatch(/\sonerror=/i);
  });

  it('links back to the landing page, to its changelog and to its JSON and YAML bundles, which download', () => {
    for (const href of ['./index.html', './changelog-sms-v2.html']) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('href="./sms-v2.json" download="sms-v2.json"');
    expect(html).toContain('href="./sms-v2.yaml" download="sms-v2.yaml"');
  });

  it('shows the letter in the site bar', () => {
    expect(html).toContain('<span class="here">B · SMS interface v2 <span class="version">1.0.0</span></span>');
  });

  it('embeds the bundle so the description cannot break out of its script element', () => {
    // Also in the server-rendered part, where the description is shown (inert: see above); the
    // fifth is the search box's loader (search-box.mjs).
    expect(html.match(/<\/script>/g)).toHaveLength(5);
  });
});

