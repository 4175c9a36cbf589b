// The refusal of a command-line argument that is no flag, one for both CLIs: the sandbox's
// (cli-args.ts) and the verifier's (@messaging-contracts/verify imports it from this package's
// index). parseArgs' own refusal quotes the argument ("Unexpected argument '<text>'"), and after a
// credential flag written with `=` and a space (`--im-api-key= <key>`) that argument is the
// credential, which nothing knows as one yet: credentials never appear in errors (the developers'
// guide). So its place is named, by the flag before it, and the text is not shown.
import { parseArgs } from 'node:util';

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** The error parseArgs throws for an argument that is no flag (strict, positionals not allowed). */
export const isStrayArgument = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL';

/** The refusal of the first argument of `args` that is no flag: where it is, never what it says. */
export function strayArgumentMessage(args: string[], options: Options): string {
  const { tokens } = parseArgs({ args, strict: false, allowPositionals: true, tokens: true, ...(options && { options }) });
  const at = tokens.findIndex((token) => token.kind === 'positional');
  const before = tokens[at - 1];
  const where = before?.kind === 'option' ? `an argument after ${before.rawName}` : before ? 'an argument after --' : 'the first argument';
  return `${where} is not a flag (not shown: it may be a credential); the command takes flags only, a value as --flag=value or --flag value`;
}
