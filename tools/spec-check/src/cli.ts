#!/usr/bin/env node
// spec-check: checks bundled contracts against the catalogue of documented limits and error shapes.
//   spec-check                     every catalogued interface's bundle, specs/dist/<id>.json
//   spec-check --api <id> <file>   one document (JSON or YAML) as interface <id>
//   spec-check <file>              one document, its interface read from the file name or base path
// Exit 0 clean, 1 violations, 2 unusable input.
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Catalog, catalogIds, loadApiCatalog, loadCatalog } from './catalog.js';
import { checkDocument, formatViolation, type Violation } from './check.js';
import { detectApi } from './detect.js';
import { loadDocument, UnusableInput } from './load-document.js';
import { jsonView } from './view.js';

/** The repository root, found from this file (tools/spec-check/dist/cli.js), never from the cwd. */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const USAGE = `usage: spec-check [--json] [--api <id> <file> | <file>] | --counts
  (no file)             check specs/dist/<id>.json for every interface in the catalogue
  --api <id> <file>     check one document (JSON or YAML) as interface <id>
  <file>                check one document; the interface is read from the file name or base path
  --json                print the violations as JSON
  --counts              print the catalogue's entry count per interface and per section
exit status: 0 clean, 1 violations, 2 unusable input`;

interface Job {
  api: string;
  file: string;
  /** The file as printed: as given, or relative to the working directory. */
  shown: string;
}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

interface Args {
  api?: string;
  files: string[];
  json: boolean;
  help: boolean;
  counts: boolean;
}

function parseArgs(argv: string[]): Args {
  const result: Args = { files: [], json: false, help: false, counts: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') result.help = true;
    else if (arg === '--json') result.json = true;
    else if (arg === '--counts') result.counts = true;
    else if (arg === '--api') {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError('--api needs an interface id');
      result.api = value;
    } else if (arg.startsWith('--api=')) result.api = arg.slice('--api='.length);
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else result.files.push(arg);
  }
  return result;
}

function jobsFor(args: Args, known: string[]): Job[] {
  if (args.api !== undefined && !known.includes(args.api)) {
    throw new UsageError(`unknown interface id "${args.api}" (known: ${known.join(', ')})`);
  }
  if (args.files.length > 1) throw new UsageError('give one document at a time');
  if (args.files.length === 0) {
    if (args.api !== undefined) throw new UsageError(`--api ${args.api} needs a file to check`);
    return known.map((api) => {
      const file = join(repoRoot, 'specs', 'dist', `${api}.json`);
      return { api, file, shown: relative(process.cwd(), file) };
    });
  }
  const file = args.files[0]!;
  if (args.api !== undefined) return [{ api: args.api, file, shown: file }];
  const byName = basename(file).replace(/\.(json|ya?ml)$/i, '');
  return [{ api: known.includes(byName) ? byName : '', file, shown: file }];
}

/** Entries per interface (rows) and per section (columns), as a Markdown table. */
export function countsTable(catalog: Catalog): string[] {
  const sections = [...new Set([...catalog.values()].flatMap((api) => api.entries.map((e) => e.section)))].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const lines = [row(['interface', ...sections, 'total']), row(['---', ...sections.map(() => '---:'), '---:'])];
  const totals = sections.map(() => 0);
  for (const api of [...catalog.values()].sort((a, b) => a.label.localeCompare(b.label))) {
    const counts = sections.map((s) => api.entries.filter((e) => e.section === s).length);
    counts.forEach((c, i) => (totals[i]! += c));
    lines.push(row([`${api.api} (${api.label})`, ...counts, api.entries.length]));
  }
  lines.push(row(['all', ...totals, totals.reduce((a, b) => a + b, 0)]));
  return lines;
}

export function main(argv: string[], io: Io = { out: console.log, err: console.error }): number {
  let args: Args;
  let jobs: Job[] = [];
  try {
    args = parseArgs(argv);
    if (args.help) {
      io.out(USAGE);
      return 0;
    }
    if (!args.counts) jobs = jobsFor(args, catalogIds());
  } catch (error) {
    io.err(`spec-check: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  // Parsed only once a document is loaded: a refused or unreadable one never needs it (each spawn
  // of the CLI in the robustness tests paid for it; issue 14). With `--api`, only that interface's
  // file; to detect the interface, all of them. An unusable catalogue is exit 2.
  let loaded: Catalog | undefined;
  const catalog = (id?: string): Catalog | undefined => {
    try {
      if (id !== undefined) return new Map([[id, loadApiCatalog(id)]]);
      loaded ??= loadCatalog();
      return loaded;
    } catch (error) {
      io.err(`spec-check: ${(error as Error).message}`);
      return undefined;
    }
  };
  if (args.counts) {
    const counted = catalog();
    if (!counted) return 2;
    for (const line of countsTable(counted)) io.out(line);
    return 0;
  }

  const violations: Violation[] = [];
  let unusable = false;
  for (const job of jobs) {
    const { shown } = job;
    if (!existsSync(job.file) && args.files.length === 0) {
      io.err(`spec-check: ${shown}: no such file (run \`pnpm build\` to bundle the specs)`);
      unusable = true;
      continue;
    }
    try {
      const document = loadDocument(job.file);
      const view = jsonView(document, job.file);
      const checked = catalog(job.api || undefined);
      if (!checked) return 2;
      const api = job.api || detectApi(view, checked);
      if (!api) {
        io.err(`spec-check: ${shown}: cannot tell which interface this is; use --api <id> (${[...checked.keys()].join(', ')})`);
        unusable = true;
        continue;
      }
      const found = checkDocument(view, checked.get(api)!);
      violations.push(...found);
      if (!args.json) {
        for (const violation of found) io.out(formatViolation(violation));
        const count = checked.get(api)!.entries.length;
        io.out(found.length === 0 ? `spec-check: ${api} ${shown}: ok (${count} entries)` : `spec-check: ${api} ${shown}: ${found.length} violation${found.length === 1 ? '' : 's'}`);
      }
    } catch (error) {
      // Unusable input is one line and exit 2, never a stack trace (issue 12, item 16).
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      io.err(error instanceof UnusableInput ? `spec-check: ${message}` : `spec-check: ${shown}: cannot check: ${message}`);
      unusable = true;
    }
  }
  if (args.json) {
    io.out(JSON.stringify(violations.map(({ loc: _loc, ...violation }) => violation), null, 2));
  }
  if (unusable) return 2;
  return violations.length > 0 ? 1 : 0;
}

// Run when executed (not when imported by the tests).
if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
