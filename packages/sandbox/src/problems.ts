// What went wrong with a request, before it is put into an interface's error shape. The fields of a
// Finding mirror the validators' Violation (pointer, property, rule, limit, message), so the
// sandbox's own findings (malformed JSON, wrong media type, ...) and schema violations read alike.
export interface Finding {
  /** RFC 6901 pointer: '/body/mask', '/path/list_id', '/query/id', '/headers/content-type', '' for the request. */
  pointer: string;
  /** The field the pointer ends in; '' for the request itself. */
  property: string;
  /** The rule that failed: a JSON Schema keyword, the contract's extension, or the sandbox's own ('json', 'media-type', 'max-body-bytes'). */
  rule: string;
  limit?: number | string;
  /** Letters, digits, spaces, '-' and '_' only, never the input. */
  message: string;
}

export interface Problem {
  status: number;
  /** A short summary, letters, digits, spaces, '-' and '_' only (fits C's LongString). */
  message: string;
  findings?: readonly Finding[];
}

/**
 * One line per finding, the field first, then what it must be, then the rule and its limit, the
 * bundle's: `body/mask must be at most N characters long (maxLength N)`. C's descriptions are worded where
 * C's error body is made (LongString allows no brackets and no pattern).
 */
export function describeFinding(finding: Finding): string {
  const where = finding.pointer.replace(/^\//, '');
  const subject = where === '' ? '' : `${where} `;
  // A text limit (a pattern, enum values) is already in the validators' message ("must match ^…$").
  const limit = finding.limit === undefined || typeof finding.limit === 'string' ? '' : ` ${finding.limit}`;
  return `${subject}${finding.message} (${finding.rule}${limit})`;
}
