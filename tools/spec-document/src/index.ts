// The one reader of the spec document (../shared/messaging-interfaces.md): the audits
// (`pnpm audit-document`) hold the contracts and the spec-check catalogue against the document
// itself, not against a copy. The document lives outside the repository, so nothing that
// `pnpm test` runs may need it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Where the document is looked for: `SPEC_DOCUMENT`, else `shared/` beside the clone (as CI has it). */
export const specDocumentPath = resolve(process.env.SPEC_DOCUMENT ?? join(repoRoot, '..', 'shared', 'messaging-interfaces.md'));

export function readSpecDocument(): string {
  if (!existsSync(specDocumentPath)) {
    throw new Error(`The spec document is not at ${specDocumentPath}: clone the repository beside shared/ or set SPEC_DOCUMENT.`);
  }
  return readFileSync(specDocumentPath, 'utf8');
}

/** The rows of the first markdown table in `text` whose header line starts with `header`. */
export function tableRows(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) throw new Error(`table "${header}" not found in the spec document`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows;
}

/** Section numbers that head a part of the document: "2", "2.1", ..., "9". */
export function sectionNumbers(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)[. ]/gm)].map((m) => m[1]!));
}

/** The text of one section ("8") or subsection ("2.3"), up to the next heading of its level or above. */
export function sectionText(markdown: string, number: string): string {
  const level = number.includes('.') ? '###' : '##';
  const start = markdown.search(new RegExp(`^${level} ${number.replace('.', '\\.')}[. ]`, 'm'));
  if (start < 0) throw new Error(`section ${number} not found`);
  const body = markdown.indexOf('\n', start) + 1;
  const rest = markdown.slice(body);
  const end = rest.search(number.includes('.') ? /^#{2,3} /m : /^## /m);
  return markdown.slice(start, body) + (end < 0 ? rest : rest.slice(0, end));
}

export interface InterfaceRow {
  label: string;
  name: string;
  basePath: string;
}

/** The table at the top of the document: label, name and base path of each interface. */
export function interfaceTable(markdown: string): InterfaceRow[] {
  return tableRows(markdown, '| Label | Name used here | Base path |').map(([label, name, basePath]) => ({
    label: label!,
    name: name!,
    basePath: basePath!,
  }));
}

export interface EndpointRow {
  method: string;
  path: string;
  request: string;
  success: string;
  other: string;
}

/** The parts of section 4 about each interface ("### 4.2 Interface B ..."), keyed by its label. */
function endpointSections(markdown: string): Map<string, string> {
  return new Map(markdown.split(/^### 4\.\d+ Interface /m).slice(1).map((section) => [section.charAt(0), section]));
}

/** Section 4's endpoint table of each interface, keyed by the interface's label (A to D). */
export function endpointTables(markdown: string): Map<string, EndpointRow[]> {
  const tables = new Map<string, EndpointRow[]>();
  for (const [label, section] of endpointSections(markdown)) {
    const rows = tableRows(section, '| Method | Path | Request | Success | Other |');
    tables.set(
      label,
      rows.map(([method, path, request, success, other]) => ({ method: method!, path: path!, request: request!, success: success!, other: other! })),
    );
  }
  return tables;
}

/**
 * Section 4's "Callback (service to receiver)" sentences: the address placeholders each interface's
 * callbacks are sent to, as the document writes them (`{$url}`), keyed by the interface's label.
 */
export function callbackAddresses(markdown: string): Map<string, string[]> {
  const addresses = new Map<string, string[]>();
  for (const [label, section] of endpointSections(markdown)) {
    const sentences = section.split('\n').filter((line) => line.startsWith('Callback (service to receiver):'));
    const placeholders = sentences.flatMap((line) => [...line.matchAll(/`(\{\$\w+\})`/g)].map((match) => match[1]!));
    if (placeholders.length > 0) addresses.set(label, [...new Set(placeholders)]);
  }
  return addresses;
}

/** Section 6's events table: how many events each interface sends, keyed by its label. */
export function eventCounts(markdown: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, label] of tableRows(markdown, '| Event | Interface | Trigger | Body |')) {
    counts.set(label!, (counts.get(label!) ?? 0) + 1);
  }
  return counts;
}

export interface DocumentedFields {
  label: string;
  name: string;
  fields: string[];
  required: string[];
}

const cellName = (cell: string) => cell.replace(/`/g, '').trim();

/**
 * Field lists of section 2: a `| Field |` table under a bold name, or the inline form
 * "**Name**: `a` (string, required), `b` (integer)". Names the document describes only by
 * reference ("the same fields as Message") have no list here.
 */
export function documentedFields(markdown: string): DocumentedFields[] {
  const result: DocumentedFields[] = [];
  for (const row of interfaceTable(markdown)) {
    const label = row.label;
    const number = `2.${'ABCD'.indexOf(label) + 1}`;
    const text = sectionText(markdown, number);
    const blocks = text.split(/\n(?=\*\*)/);
    for (const block of blocks) {
      const lines = block.split('\n');
      const table = lines.findIndex((line) => line.startsWith('| Field |'));
      // Several bold names may share a paragraph ("**Source**: ... **ChannelSource**: ...").
      const paragraph = table < 0 ? lines.join('\n') : lines.slice(0, table).join('\n');
      const pieces = [...paragraph.matchAll(/\*\*([^*]+)\*\*([^]*?)(?=\*\*[^*]+\*\*|$)/g)];
      // "**ListCreateResponse** and **ScheduleCampaignResponse**: ..." gives both the same fields.
      let sharing: string[] = [];
      for (const [, rawName, body] of pieces) {
        const name = rawName!.replace(/ (\w)/g, (_, c: string) => c.toUpperCase()).replace(/^(\w)/, (c) => c.toUpperCase());
        if (body!.trim() === 'and') {
          sharing.push(name);
          continue;
        }
        const names = [...sharing, name];
        sharing = [];
        let fields: string[] = [];
        let required: string[] = [];
        if (table >= 0 && pieces.at(-1)![1] === rawName) {
          const header = lines[table]!.split('|').slice(1, -1).map((c) => c.trim());
          const requiredColumn = header.indexOf('Required');
          for (const line of lines.slice(table + 2)) {
            if (!line.startsWith('|')) break;
            const cells = line.split('|').slice(1, -1).map((c) => c.trim());
            fields.push(cellName(cells[0]!));
            if (requiredColumn >= 0 && cells[requiredColumn] === 'yes') required.push(cellName(cells[0]!));
          }
        } else {
          for (const [, field, detail] of body!.matchAll(/`(\w+)` \(([^)]*)\)/g)) {
            fields.push(field!);
            if (/\brequired\b/.test(detail!)) required.push(field!);
          }
          // "`param1` to `param6` (strings, optional)".
          const range = body!.match(/`(\w+?)(\d+)` to `\w+?(\d+)`/);
          if (range) {
            for (let i = Number(range[2]); i <= Number(range[3]); i++) fields.push(`${range[1]}${i}`);
          }
          fields = [...new Set(fields)];
          required = /\ball required\b/.test(body!) ? fields : [...new Set(required)];
        }
        if (fields.length > 0) for (const each of names) result.push({ label, name: each, fields, required });
      }
    }
  }
  return result;
}
