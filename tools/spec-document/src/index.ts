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

/** One "Callback (service to receiver)" sentence of section 4: what it says of one callback. */
export interface DocumentedCallback {
  /** The method it names ("POST"). */
  method: string;
  /** The address placeholder, as the document writes it (`{$url}`). */
  address: string;
  /** The body it names ("StatusCallback"): which of the interface's callbacks the sentence is about. */
  body: string;
}

/**
 * Section 4's "Callback (service to receiver)" sentences, keyed by the interface's label: each
 * callback's method, address placeholder and body as the document writes them. A callback of
 * section 6 whose body no sentence names has no documented method or address (B's reply callback).
 */
export function documentedCallbacks(markdown: string): Map<string, DocumentedCallback[]> {
  const callbacks = new Map<string, DocumentedCallback[]>();
  for (const [label, section] of endpointSections(markdown)) {
    const sentences = section.split('\n').filter((line) => line.startsWith('Callback (service to receiver):'));
    const read = sentences.map((line) => {
      const said = line.match(/^Callback \(service to receiver\): ([A-Z]+) [^`]*`(\{\$\w+\})`, body (\w+)/);
      if (!said) throw new Error(`section 4: cannot read method, address and body in "${line}"`);
      return { method: said[1]!, address: said[2]!, body: said[3]! };
    });
    if (read.length > 0) callbacks.set(label, read);
  }
  return callbacks;
}

/** What section 3 says a new message is reported with: the status value and the reply's status code. */
export interface NewMessageState {
  label: string;
  /** The `status` value ("accepted"). */
  status: string;
  /** The HTTP status of the reply that carries it ("202"). */
  reply: string;
}

/**
 * Section 3's "A new message is reported with `<value>` in the <code> reply." sentences, one per
 * interface bullet that has one. Another wording of such a sentence throws, so it is noticed.
 */
export function newMessageStates(markdown: string): NewMessageState[] {
  const states: NewMessageState[] = [];
  for (const line of sectionText(markdown, '3').split('\n')) {
    const bullet = line.match(/^- Interface ([A-Z]):/);
    if (!bullet || !/new message/i.test(line)) continue;
    const said = line.match(/A new message is reported with `(\w+)` in the (\d{3}) reply\./);
    if (!said) throw new Error(`section 3: cannot read the status and reply of a new message in "${line}"`);
    states.push({ label: bullet[1]!, status: said[1]!, reply: said[2]! });
  }
  return states;
}

/** What a section 3 bullet lists as an interface's message states. */
export interface StateList {
  label: string;
  states: string[];
  /** The count the bullet gives them in words ("the twelve `status` values"), if it gives one. */
  count?: number;
  /** The section whose list the bullet says it repeats ("listed in section 2.2"), if it names one. */
  section?: string;
  /** The bullet, for messages. */
  statement: string;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

/** A count the document writes in words ("twelve"), else undefined. */
const countWord = (word: string): number | undefined => (NUMBER_WORDS.includes(word) ? NUMBER_WORDS.indexOf(word) : undefined);

/**
 * Section 3's "message states are ..." bullets: "`a`, `b`." or "the twelve `status` values listed
 * in section 2.2 (`a`, `b`)". Another wording of such a bullet throws, so it is noticed.
 */
export function stateLists(markdown: string): StateList[] {
  const lists: StateList[] = [];
  for (const line of sectionText(markdown, '3').split('\n')) {
    const bullet = line.match(/^- Interface ([A-Z]):.*?\bmessage states are (.*)$/);
    if (!bullet) continue;
    const said = bullet[2]!;
    const repeated = said.match(/^the (\w+) `\w+` values listed in section ([\d.]+) \(([^)]*)\)/);
    const states = readValues(repeated ? repeated[3]! : said.split(/\.(?:\s|$)/)[0]!);
    const count = repeated ? countWord(repeated[1]!) : undefined;
    if (states.length === 0 || (repeated && count === undefined)) throw new Error(`section 3: cannot read the message states in "${line}"`);
    lists.push({ label: bullet[1]!, states, ...(repeated ? { count: count!, section: repeated[2]! } : {}), statement: line });
  }
  return lists;
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
  /**
   * What the document says of each field besides its name and whether it is required: the other
   * cells of its table row ("string; maximum length 20"), or its parenthesis in the inline form
   * ("string, 2 to 5 characters, ..."), plus a sentence of the paragraph about it
   * ("`status` values: `accepted`, ...").
   */
  details: Record<string, string>;
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
        const details: Record<string, string> = {};
        const tell = (field: string, text: string) => {
          if (text) details[field] = details[field] === undefined ? text : `${details[field]}; ${text}`;
        };
        if (table >= 0 && pieces.at(-1)![1] === rawName) {
          const header = lines[table]!.split('|').slice(1, -1).map((c) => c.trim());
          const requiredColumn = header.indexOf('Required');
          for (const line of lines.slice(table + 2)) {
            if (!line.startsWith('|')) break;
            const cells = line.split('|').slice(1, -1).map((c) => c.trim());
            fields.push(cellName(cells[0]!));
            if (requiredColumn >= 0 && cells[requiredColumn] === 'yes') required.push(cellName(cells[0]!));
            tell(cellName(cells[0]!), cells.filter((cell, i) => i > 0 && i !== requiredColumn && cell !== '').join('; '));
          }
        } else {
          for (const [, field, detail] of body!.matchAll(/`(\w+)` \(([^)]*)\)/g)) {
            fields.push(field!);
            if (/\brequired\b/.test(detail!)) required.push(field!);
            tell(field!, detail!);
          }
          for (const [, field, values] of body!.matchAll(/`(\w+)` values: ([^.\n]*)/g)) tell(field!, `values: ${values}`);
          // "`param1` to `param6` (strings, optional)".
          const range = body!.match(/`(\w+?)(\d+)` to `\w+?(\d+)`/);
          if (range) {
            for (let i = Number(range[2]); i <= Number(range[3]); i++) fields.push(`${range[1]}${i}`);
          }
          fields = [...new Set(fields)];
          required = /\ball required\b/.test(body!) ? fields : [...new Set(required)];
        }
        if (fields.length > 0) for (const each of names) result.push({ label, name: each, fields, required, details });
      }
    }
  }
  return result;
}

/** A number or range the document states, with what it counts. */
export interface DocumentedBound {
  /** What is bounded: string length, array items, a number's value, days ahead (`scheduled`). */
  unit: 'characters' | 'items' | 'value' | 'days';
  lower?: number;
  upper?: number;
  /** The words the bound was read from, for messages. */
  said: string;
}

/** Digits the bound phrases do not cover: code spans, E164, `int32`/`int64`, "version 4 UUID", "8-4-4-4-12". */
const NOT_A_BOUND = /`[^`]*`|\bE164\b|\bint(?:32|64)\b|\bversion \d+\b|\b\d+(?:-\d+){2,}\b/g;

const unitOf = (text: string, fallback: DocumentedBound['unit']): DocumentedBound['unit'] =>
  /\bdays?\b/.test(text) ? 'days' : /\bitems?\b|\barray\b/.test(text) ? 'items' : /\bcharacters?\b|\blength\b/.test(text) ? 'characters' : fallback;

/**
 * The bounds one statement gives ("maximum length 20", "1 to 10 items", "range 100 to 600",
 * "at most 100", "length bound 320", "36 characters", "scheduling upper limit is 60 days",
 * "integer seconds, 10 to 1000"), each with its unit, read from the statement's own words
 * ("array of 1 to 10 ChannelSource" counts items). `unread` lists any number left over, so a
 * new way of writing a limit is noticed rather than skipped.
 */
export function readBounds(text: string): { bounds: DocumentedBound[]; unread: string[] } {
  const bounds: DocumentedBound[] = [];
  let rest = text.replace(NOT_A_BOUND, ' ');
  const take = (pattern: RegExp, make: (m: RegExpMatchArray) => Omit<DocumentedBound, 'said'>) => {
    rest = rest.replace(pattern, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpMatchArray;
      bounds.push({ ...make(match), said: match[0]!.trim() });
      return ' ';
    });
  };
  const unit = unitOf(text, 'value');
  take(/\b(?:maximum|max) length (\d+)/g, (m) => ({ unit: 'characters', upper: Number(m[1]) }));
  take(/\blength bound (\d+)/g, (m) => ({ unit: 'characters', upper: Number(m[1]) }));
  take(/\bupper limit is (\d+) days\b/g, (m) => ({ unit: 'days', upper: Number(m[1]) }));
  take(/\bat most (\d+)( days| items| characters)?/g, (m) => ({ unit: m[2] ? unitOf(m[2], unit) : unit, upper: Number(m[1]) }));
  take(/\b(\d+) to (\d+)( characters| items| seconds)?/g, (m) => ({ unit: m[3] ? unitOf(m[3], 'value') : unit, lower: Number(m[1]), upper: Number(m[2]) }));
  take(/\b(\d+) characters\b/g, (m) => ({ unit: 'characters', lower: Number(m[1]), upper: Number(m[1]) }));
  return { bounds, unread: rest.match(/\d+/g) ?? [] };
}

/** The values a statement enumerates: "`dynamic`, `eventbridge`, `sqs`", "`MO` or `MT`", "one of `wab`, ...". */
export function readValues(text: string): string[] {
  const listed = text.match(/(?:^|[:;]\s*|one of\s+)(`[^`]+`(?:(?:,\s*|\s+or\s+)`[^`]+`)+)/);
  return listed ? [...listed[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) : [];
}

/**
 * The formats a statement names, as OpenAPI writes them: "integer int32" (int32), "string uuid",
 * "string (uuid)" and "UUID" (uuid; not the type name "Uuid"), "date-time", "e-mail format"
 * (email), "URL format" (uri).
 */
export function readFormats(text: string): string[] {
  const words: Array<[RegExp, string]> = [
    [/\bint32\b/, 'int32'],
    [/\bint64\b/, 'int64'],
    [/\b(?:uuid|UUID)\b/, 'uuid'],
    [/\bdate-time\b/, 'date-time'],
    [/\be-mail format\b/, 'email'],
    [/\bURL format\b/, 'uri'],
  ];
  return words.filter(([pattern]) => pattern.test(text)).map(([, format]) => format);
}

export interface LimitFact {
  /** The Limit cell ("reference", "LongString / ShortString / MimeType / detail"). */
  limit: string;
  /** Which of the row's names this part speaks of ("source" in the channel_sources row). */
  name: string;
  /** Interface labels of the Applies-to cell. */
  labels: string[];
  value: string;
  bounds: DocumentedBound[];
  unread: string[];
}

/**
 * Section 8's limits table, one fact per name: "LongString / ShortString / MimeType / detail |
 * 10000 / 256 / 255 / 255 characters" gives four, "channel_sources | 1 to 10 items; `source` 1 to
 * 30 characters" two (the part after `;` names its own field).
 */
export function limitFacts(markdown: string): LimitFact[] {
  const facts: LimitFact[] = [];
  for (const [limitCell, value, appliesTo] of tableRows(sectionText(markdown, '8'), '| Limit | Value | Applies to |')) {
    const limit = cellName(limitCell!);
    const labels = appliesTo!.match(/\b[ABCD]\b/g) ?? [];
    const names = limit.split(' / ').map((n) => n.trim());
    const numbers = value!.match(/^([\d /]+?)\s+(\w+)$/);
    if (names.length > 1 && numbers) {
      const values = numbers[1]!.split('/').map((n) => n.trim());
      if (values.length !== names.length) throw new Error(`section 8 row "${limit}": ${names.length} names but ${values.length} values`);
      // Each number is that name's upper bound ("10000 characters": at most 10000).
      names.forEach((name, i) => facts.push({ limit, name, labels, value: value!, ...readBounds(`at most ${values[i]} ${numbers[2]}`) }));
      continue;
    }
    value!.split(/;\s*/).forEach((part, i) => {
      const named = i > 0 ? part.match(/^`(\w+)`/) : null;
      facts.push({ limit, name: named ? named[1]! : limit, labels, value: value!, ...readBounds(part) });
    });
  }
  return facts;
}

/** The prose after section 8's table that gives a header's bounds: "`Content-Security-Policy` (string, at most 255 characters)". */
export function limitProse(markdown: string): Array<{ name: string; detail: string } & ReturnType<typeof readBounds>> {
  const text = sectionText(markdown, '8');
  const prose = text.slice(text.lastIndexOf('\n|') + 1);
  return [...prose.matchAll(/`([\w-]+)` \(([^)]*)\)/g)].map(([, name, detail]) => ({ name: name!, detail: detail!, ...readBounds(detail!) }));
}

/** "**MessageBroadcast**: the same fields as Message, except `destination` is ...": a list given by reference. */
export interface SameFields {
  label: string;
  name: string;
  as: string;
  except: string[];
  statement: string;
}

export function sameFieldsAs(markdown: string): SameFields[] {
  const result: SameFields[] = [];
  for (const { label } of interfaceTable(markdown)) {
    const text = sectionText(markdown, `2.${'ABCD'.indexOf(label) + 1}`);
    for (const m of text.matchAll(/^\*\*(\w+)\*\*: the same fields as (\w+)(?:, except ([^.\n]*))?/gm)) {
      result.push({ label, name: m[1]!, as: m[2]!, except: [...(m[3] ?? '').matchAll(/`(\w+)`/g)].map((e) => e[1]!), statement: m[0] });
    }
  }
  return result;
}

/** The scalar formats table of a section 2 part ("| Name | Rule |"), empty where it has none. */
export function scalarFormats(markdown: string, section: string): Array<{ name: string; rule: string }> {
  const text = sectionText(markdown, section);
  if (!text.includes('| Name | Rule |')) return [];
  return tableRows(text, '| Name | Rule |').map(([name, rule]) => ({ name: name!, rule: rule! }));
}

/** Section 2's "**Destination**: object with at least one property present": the least number of properties, by name. */
export function leastProperties(markdown: string): Array<{ label: string; name: string; minProperties: number; statement: string }> {
  return interfaceTable(markdown).flatMap(({ label }) =>
    [...sectionText(markdown, `2.${'ABCD'.indexOf(label) + 1}`).matchAll(/^\*\*(\w+)\*\*[^\n]*?object with at least (\w+) propert(?:y|ies)/gm)].map((m) => {
      const minProperties = countWord(m[2]!) ?? Number(m[2]);
      if (!Number.isInteger(minProperties)) throw new Error(`section 2: cannot read the number "${m[2]}" in "${m[0]}"`);
      return { label, name: m[1]!, minProperties, statement: m[0] };
    }),
  );
}
