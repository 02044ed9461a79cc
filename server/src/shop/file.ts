/**
 * Reading a shop file: JSON, then its schema (schema.ts, checked with Ajv), then its rules (rules.ts). Every problem is
 * answered at once, each as `JSON path (line N): why`; a file with any problem is never applied.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { ShopFile } from './schema.ts';
import { shopProblems, type ShopProblem } from './rules.ts';

export class ShopFileProblems extends Error {
  constructor(public problems: (ShopProblem & { line: number | null })[]) {
    super(problems.map(problemLine).join('\n'));
  }
}

export const problemLine = (p: ShopProblem & { line: number | null }) =>
  `${p.path || '(the file)'}${p.line ? ` (line ${p.line})` : ''}: ${p.message}`;

// Date-times are checked by the rules (rules.ts isoTime), with a message an operator can act on. Compiled when a shop
// file is first read, not when the module loads (0.2 s of CPU every server process would pay at start).
let validator: ValidateFunction<ShopFile> | undefined;
const shopFileValidator = () =>
  (validator ??= new Ajv.default({ allErrors: true, strict: false, formats: { 'date-time': true } }).compile<ShopFile>(ShopFile));

/** `/a/b/0` (Ajv's instancePath) as `a.b[0]`. */
export function jsonPath(pointer: string, extra?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts.reduce((path, p) => (/^\d+$/.test(p) ? `${path}[${p}]` : path ? `${path}.${p}` : p), '');
}

/** The line each value of a (valid) JSON text starts on, by its path as jsonPath writes it; a member's is its key's. */
export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;
  const ws = () => {
    while (i < text.length && /[\s\uFEFF]/.test(text[i])) {
      if (text[i] === '\n') line++;
      i++;
    }
  };
  const str = () => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string) => {
    ws();
    if (!lines.has(path)) lines.set(path, line);
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        const keyLine = line;
        const key = str();
        const child = path ? `${path}.${key}` : key;
        lines.set(child, keyLine);
        ws();
        i++; // :
        value(child);
        ws();
        if (text[i++] === '}') return;
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (let n = 0; ; n++) {
        value(`${path}[${n}]`);
        ws();
        if (text[i++] === ']') return;
      }
    }
    if (ch === '"') return void str();
    while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  };
  value('');
  return lines;
}

const lineOf = (lines: Map<string, number>, path: string): number | null => {
  for (let p = path; ; p = p.replace(/(\.[^.[\]]+|\[\d+\])$/, '')) {
    const l = lines.get(p);
    if (l !== undefined) return l;
    if (!p) return null;
  }
};

/** The shop file in `text`, checked whole; throws ShopFileProblems with every problem. */
export function readShopFile(text: string): ShopFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message);
    throw new ShopFileProblems([{ path: '', line: pos ? text.slice(0, Number(pos[1])).split('\n').length : null, message: `not JSON: ${(e as Error).message}` }]);
  }
  const lines = jsonLines(text.replace(/^\uFEFF/, ''));
  const at = (p: ShopProblem) => ({ ...p, line: lineOf(lines, p.path) });
  const validate = shopFileValidator();
  if (!validate(doc)) {
    const seen = new Set<string>();
    const problems = (validate.errors ?? []).flatMap((e) => {
      const p: ShopProblem = e.keyword === 'additionalProperties'
        ? { path: jsonPath(e.instancePath, String(e.params.additionalProperty)), message: 'is not a field here (a misspelling?)' }
        : e.keyword === 'required'
          ? { path: jsonPath(e.instancePath, String(e.params.missingProperty)), message: 'is required' }
          : e.keyword === 'const' && e.instancePath === '/format'
            ? { path: 'format', message: `must be "${e.params.allowedValue}"` }
            : { path: jsonPath(e.instancePath), message: e.message ?? 'is not valid' };
      const key = `${p.path}: ${p.message}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [at(p)];
    });
    // The rules too, as far as a file of the wrong shape lets them run: every problem at once.
    let more: ShopProblem[] = [];
    try {
      more = shopProblems(doc as ShopFile);
    } catch {
      // a part the rules read is missing or of another type: the schema's problems above say which
    }
    throw new ShopFileProblems([...problems, ...more.map(at)]);
  }
  const problems = shopProblems(doc);
  if (problems.length) throw new ShopFileProblems(problems.map(at));
  return doc;
}
