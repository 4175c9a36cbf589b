// Section 9, read as data, row by row: the declared version is the bundle's `info.version`; the
// version marker ("base path /rest/im/v1"; A's also "vendor media type with `v1`") is named as the
// version marker in the bundle's own words (its info or server description), so a reader of the
// bundle learns what marks the version, not only a URL that happens to hold it; and "Deprecation and
// compatibility policy: not shown" holds: nothing is marked `deprecated`, and the info description
// says the policy is not shown.
import { describe, expect, it } from 'vitest';
import { apiIds, type Json, loadBundle } from './bundles.ts';
import { interfaceTable, readSpecDocument, sectionText, tableRows } from '@messaging-contracts/spec-document';

const markdown = readSpecDocument();
const section = sectionText(markdown, '9');
const rows = tableRows(section, '| Interface | Declared version | Version marker in address or media type |').map(([label, version, marker]) => ({
  label: label!,
  version: version!,
  marker: marker!,
  basePath: interfaceTable(markdown).find((row) => row.label === label)!.basePath,
}));
const squash = (text: unknown) => String(text ?? '').replace(/\s+/g, ' ');

/** Every place in `node` where `deprecated` is set, as a JSON pointer. */
function deprecatedAt(node: Json, at = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries<Json>(node).flatMap(([key, value]) => [
    ...(key === 'deprecated' && value !== false ? [`${at}/${key}`] : []),
    ...deprecatedAt(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  ]);
}

describe('the spec document', () => {
  it('gives each of the four interfaces a row of section 9, and leaves the deprecation policy open', () => {
    expect(rows.map((row) => row.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(section).toContain('Deprecation and compatibility policy: not shown.');
  });
});

describe.each(rows)('interface $label (section 9: $version, $marker)', ({ version, marker, basePath }) => {
  const id = apiIds.find((apiId) => loadBundle(apiId).servers?.[0]?.url?.endsWith(basePath))!;
  const bundle = loadBundle(id);
  const words = squash([bundle.info.description, ...(bundle.servers ?? []).map((server: Json) => server.description)].join(' '));

  it('declares that version', () => {
    expect(bundle.info.version).toBe(version);
  });

  it.each(marker.split(';').map((part) => part.trim()))('names "%s" as its version marker', (part) => {
    expect(words, `${id}: the info or server description names the version marker`).toMatch(/\bversion markers? (is|are)\b/i);
    const path = /^base path (\/\S+)$/.exec(part)?.[1];
    if (path !== undefined) expect(words).toContain(`\`${path}\``);
    else {
      const [, where, token] = /^(.+) with `([^`]+)`$/.exec(part) ?? [];
      expect(where, `a marker this test cannot read: ${part}`).toBeDefined();
      expect(words).toContain(`\`${token}\` in the ${where}`);
    }
  });

  it('marks nothing deprecated, and says its deprecation and compatibility policy is not shown', () => {
    expect(deprecatedAt(bundle)).toEqual([]);
    // "The ... policy is not shown in the spec document", or a list "Not shown in the spec document: ...; the ... policy".
    const sentences = squash(bundle.info.description).split(/\.\s+(?=[A-Z])/);
    expect(sentences.filter((text) => /deprecation and compatibility policy/i.test(text) && /not shown in the spec document/i.test(text))).toHaveLength(1);
  });
});
