// Reads facts out of the spec document (../shared/messaging-interfaces.md), the single source
// of truth, so that tests compare the bundles with the document itself and not with a copy.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { specsDir } from './bundles.ts';

const documentPath =
  process.env.SPEC_DOCUMENT ?? join(specsDir, '..', '..', 'shared', 'messaging-interfaces.md');

export function readSpecDocument(): string {
  if (!existsSync(documentPath)) {
    throw new Error(
      `The spec document is not at ${documentPath}: clone the repository beside shared/ or set SPEC_DOCUMENT.`,
    );
  }
  return readFileSync(documentPath, 'utf8');
}

export interface InterfaceRow {
  label: string;
  name: string;
  basePath: string;
}

export interface EndpointRow {
  method: string;
  path: string;
  request: string;
  success: string;
  other: string;
}

function tableRows(lines: string[], header: string): string[][] {
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) throw new Error(`table "${header}" not found in the spec document`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows;
}

/** The table at the top of the document: label, name and base path of each interface. */
export function interfaceTable(markdown: string): InterfaceRow[] {
  return tableRows(markdown.split('\n'), '| Label | Name used here | Base path |').map(
    ([label, name, basePath]) => ({ label: label!, name: name!, basePath: basePath! }),
  );
}

/** Section 4's endpoint table of each interface, keyed by the interface's label (A to D). */
export function endpointTables(markdown: string): Map<string, EndpointRow[]> {
  const tables = new Map<string, EndpointRow[]>();
  const sections = markdown.split(/^### 4\.\d+ Interface /m).slice(1);
  for (const section of sections) {
    const label = section.charAt(0);
    const rows = tableRows(section.split('\n'), '| Method | Path | Request | Success | Other |');
    tables.set(
      label,
      rows.map(([method, path, request, success, other]) => ({
        method: method!,
        path: path!,
        request: request!,
        success: success!,
        other: other!,
      })),
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
  for (const section of markdown.split(/^### 4\.\d+ Interface /m).slice(1)) {
    const sentences = section.split('\n').filter((line) => line.startsWith('Callback (service to receiver):'));
    const placeholders = sentences.flatMap((line) => [...line.matchAll(/`(\{\$\w+\})`/g)].map((match) => match[1]!));
    if (placeholders.length > 0) addresses.set(section.charAt(0), [...new Set(placeholders)]);
  }
  return addresses;
}

/** Section 6's events table: how many events each interface sends, keyed by its label. */
export function eventCounts(markdown: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, label] of tableRows(markdown.split('\n'), '| Event | Interface | Trigger | Body |')) {
    counts.set(label!, (counts.get(label!) ?? 0) + 1);
  }
  return counts;
}
