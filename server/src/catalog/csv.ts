/**
 * RFC 4180 CSV as spreadsheets write it (comma, double quotes doubled, CRLF or LF, a quoted field may span lines), with
 * the line each record starts on, so a bad row is reported where the operator sees it.
 *
 * Cells are written safe for a spreadsheet and a terminal (security probe 2026-12-01 N8), in a form this reader turns
 * back into the same text (export → import round-trips): a cell a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return), or holding control characters (C0 but the line feed, DEL, C1, direction
 * overrides), or starting with an apostrophe, is written with a leading apostrophe (a spreadsheet shows it as text),
 * its backslashes doubled and those characters as \xNN or \uNNNN. Reading, a cell that starts with an apostrophe is
 * that form: the apostrophe goes and the escapes are undone. Every other cell is taken as it is.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const src = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(decodeCell(field));
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  const endField = () => {
    fields.push(decodeCell(field));
    field = '';
  };
  while (i < src.length) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        if (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') throw new CsvSyntaxError(line, 'text after a closing quote');
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i++;
    } else if (c === ',') {
      endField();
      fieldStarted = false;
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      start = line;
    } else {
      if (c === '"') throw new CsvSyntaxError(line, 'a quote inside an unquoted field (quote the whole field and double the quote)');
      field += c;
      fieldStarted = true;
      i++;
    }
  }
  if (quoted) throw new CsvSyntaxError(start, 'a quoted field is never closed');
  if (fieldStarted || fields.length) endRecord();
  return records;
}

/** Characters a cell never carries as they are: C0 but the line feed, DEL, C1, bidirectional overrides and isolates. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** What a spreadsheet runs at the start of a cell (and an apostrophe, the marker itself). */
const RUNS = /^\s*[=+\-@]|^[\t\r']/;

/** A cell as written: safe text as it is; anything a spreadsheet or terminal would act on in the apostrophe form. */
export function encodeCell(value: string): string {
  if (!RUNS.test(value) && !CONTROL.test(value)) return value;
  const escaped = value.replace(/\\/g, '\\\\').replace(new RegExp(CONTROL.source, 'g'), (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
  return `'${escaped}`;
}

/** A cell as read: the apostrophe form undone (encodeCell), any other text as it is. */
export function decodeCell(cell: string): string {
  if (!cell.startsWith("'")) return cell;
  return cell.slice(1).replace(/\\(\\|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4})/g, (_, e: string) => (e === '\\' ? '\\' : String.fromCharCode(parseInt(e.slice(1), 16))));
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function writeCsv(rows: string[][]): string {
  return rows.map((r) => r.map((cell) => quote(encodeCell(cell))).join(',')).join('\n') + '\n';
}
