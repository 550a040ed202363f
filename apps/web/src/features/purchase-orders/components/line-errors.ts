/** Errors of a dialog's lines, by the order's line number. */
export type LineErrors = Record<number, Partial<Record<'quantity' | 'unitCostMinor', string>>>;

/**
 * The API's field errors ('lines.1.quantity', 'body.reason') onto the dialog: a line (by the
 * `lineNo` sent at that index), a named field, or the form.
 */
export function lineErrorsFrom(
  fieldErrors: readonly { field: string; message: string }[],
  sent: readonly { lineNo: number }[],
): { lines: LineErrors; fields: Record<string, string>; form: string | null } {
  const lines: LineErrors = {};
  const fields: Record<string, string> = {};
  let form: string | null = null;
  for (const { field, message } of fieldErrors) {
    const path = field.replace(/^body\./, '');
    const line = /^lines\.(\d+)(?:\.(\w+))?/.exec(path);
    if (line) {
      const lineNo = sent[Number(line[1])]?.lineNo;
      const key = line[2] === 'unitCostMinor' ? 'unitCostMinor' : 'quantity';
      if (lineNo !== undefined) lines[lineNo] = { ...lines[lineNo], [key]: lines[lineNo]?.[key] ?? message };
      else form ??= message;
    } else if (path && path !== 'lines') fields[path] ??= message;
    else form ??= message;
  }
  return { lines, fields, form };
}
