/** What a spreadsheet would run as a formula, or a ' (docs/catalogue.md#formulas-in-a-spreadsheet). */
const ESCAPED_START = /^[=+\-@\t\r']/;

export function escapedCell(text: string): string {
  return ESCAPED_START.test(text) ? `'${text}` : text;
}

export function unescapedCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED_START.test(cell.charAt(1)) ? cell.slice(1) : cell;
}
