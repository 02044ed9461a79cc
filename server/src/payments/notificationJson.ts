/**
 * The one JSON reader for payment providers' notifications and answers (security probe 2026-12-01 N3, N10). A
 * notification arrives from anyone, before its signature is checked, so the reader is stricter than JSON.parse:
 *   - objects are built with no prototype, and the member names `__proto__`, `constructor` and `prototype` are refused:
 *     a member can never become inherited, so what a signature walks (own members) is all that can be read;
 *   - a name given twice is refused (JSON.parse keeps the last one; a signature may have covered the first);
 *   - nesting deeper than `maxDepth` (objects and arrays) is refused before any recursive code (a signature's walk,
 *     a canonical text) could overflow the stack: 500s from a 3,000-deep body were N10;
 *   - numbers may be kept as their text (`numbers: 'text'`, JsonNumber) where a signature covers that text.
 * Every refusal is a NotificationJsonError; a provider turns it into its own 400 (NotificationRefused).
 */

/** A JSON number kept as its text (a signature covers the text, not a float). */
export class JsonNumber {
  constructor(readonly text: string) {}
}
export type Json = null | boolean | string | number | JsonNumber | Json[] | { [k: string]: Json };

export class NotificationJsonError extends SyntaxError {}

/** Names that would reach an object's prototype rather than be a member of it. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export interface ReadOptions {
  /** 'text': numbers as JsonNumber; 'number' (default): JS numbers, as JSON.parse gives them. */
  numbers?: 'text' | 'number';
  /** Most levels of objects and arrays; providers' messages have a handful (PayPal's events the most). */
  maxDepth?: number;
}

/** A provider's messages nest at most this deep: a PayPal event (resource → purchase_units → payments → captures → amount) has 7. */
export const NOTIFICATION_MAX_DEPTH = 16;

export function readNotificationJson(text: string, opts: ReadOptions = {}): Json {
  const asText = opts.numbers === 'text';
  const maxDepth = opts.maxDepth ?? NOTIFICATION_MAX_DEPTH;
  let i = 0;
  const fail = (why = 'bad JSON'): never => {
    throw new NotificationJsonError(`${why} at ${i}`);
  };
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (text[i++] !== '"') fail();
    try {
      return JSON.parse(text.slice(start, i));
    } catch {
      return fail('bad string');
    }
  };
  const value = (depth: number): Json => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      if (depth >= maxDepth) fail(`nested deeper than ${maxDepth} levels`);
      i++;
      ws();
      if (c === '[') {
        const arr: Json[] = [];
        if (text[i] === ']') { i++; return arr; }
        for (;;) {
          arr.push(value(depth + 1));
          ws();
          if (text[i] === ',') { i++; continue; }
          if (text[i++] === ']') return arr;
          fail();
        }
      }
      const obj = Object.create(null) as { [k: string]: Json };
      if (text[i] === '}') { i++; return obj; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        const key = string();
        if (FORBIDDEN.has(key)) fail(`member name ${key} refused`);
        if (Object.prototype.hasOwnProperty.call(obj, key)) fail(`member ${key} given twice`);
        ws();
        if (text[i++] !== ':') fail();
        obj[key] = value(depth + 1);
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i++] === '}') return obj;
        fail();
      }
    }
    if (c === '"') return string();
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m) {
      i += m[0].length;
      return asText ? new JsonNumber(m[0]) : Number(m[0]);
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) { i += word.length; return v; }
    }
    return fail();
  };
  const v = value(0);
  ws();
  if (i !== text.length) fail();
  return v;
}
