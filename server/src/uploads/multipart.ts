/** Just enough multipart/form-data to take a file from Taro.uploadFile / wx.uploadFile / my.uploadFile. */

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string | undefined): string | null {
  const m = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : null;
}

/** File parts of the body (plain fields are skipped); throws on a body that is not well-formed. */
export function fileParts(body: Buffer, boundary: string): FilePart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FilePart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new Error('No multipart boundary in the body');
  while (true) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const headerStart = afterDelimiter + CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, headerStart);
    if (headerEnd < 0) throw new Error('Multipart part without headers');
    const next = body.indexOf(delimiter, headerEnd);
    if (next < 0) throw new Error('Multipart body is not closed');
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const field = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (field !== undefined && filename !== undefined) {
      parts.push({
        field,
        filename,
        contentType: (/content-type:\s*([^\r\n;]*)/i.exec(headers)?.[1] ?? '').trim().toLowerCase(),
        // The part's data ends with the CRLF that precedes the next delimiter.
        data: body.subarray(headerEnd + HEADER_END.length, next - CRLF.length),
      });
    }
    at = next;
  }
  return parts;
}
