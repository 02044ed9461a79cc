/** Reads outbox .eml files in tests: the headers (encoded words decoded) and the decoded text and HTML parts, as nodemailer writes them. */
export function parseEml(raw: string) {
  const [head] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => {
    const m = head.replace(/\r?\n[ \t]+/g, ' ').match(new RegExp(`^${name}: (.*)$`, 'mi'));
    return decodeWords(m?.[1] ?? '');
  };
  const boundary = head.match(/boundary="?([^";\r\n]+)"?/)![1];
  const parts: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const [ph, ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const type = ph.match(/Content-Type: ([^;\r\n]+)/i)![1];
    const enc = (ph.match(/Content-Transfer-Encoding: (\S+)/i)?.[1] ?? '7bit').toLowerCase();
    parts[type] = enc === 'base64' ? Buffer.from(body, 'base64').toString('utf8')
      : enc === 'quoted-printable' ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
      : body;
  }
  return { to: header('To'), subject: header('Subject'), text: parts['text/plain'], html: parts['text/html'] };
}

function decodeWords(s: string) {
  return s.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, e, t) => e.toUpperCase() === 'B' ? Buffer.from(t, 'base64').toString('utf8')
    : Buffer.from(t.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x: string, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
}

