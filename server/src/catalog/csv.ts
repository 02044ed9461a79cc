/**
 * RFC 4180 CSV as spreadsheets write it (comma, double quotes doubled, CRLF or LF, a quoted field may span lines), with
 * the line each record starts on, so a bad row is reported where the operator sees it.
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
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
    fieldStarted = false;
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
      fields.push(field);
      field = '';
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

function quote(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function writeCsv(rows: string[][]): string {
  return rows.map((r) => r.map(quote).join(',')).join('\n') + '\n';
}
