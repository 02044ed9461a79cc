/**
 * Sanitises operator-written HTML to the blog's safe subset and answers it as a tree of blocks and spans
 * (contract/blog.ts RichBlock), which clients render with their own views (no HTML, no dangerouslySetInnerHTML).
 *
 * Kept: paragraphs; h1–h2 as headings, h3–h6 as subheadings; blockquote; ul/ol with li (nested lists are flattened
 * into their outer list); strong/b and em/i as marks; a with an https URL or a storefront path ('/…', not '//…') as a
 * link; img with an https URL or a CDN image name as an image block; br as a line break. Dropped with everything inside:
 * script, style, iframe, object, embed, template, svg, math and the like. Any other element is unwrapped (its text
 * stays, the element goes). Every attribute but href, src and alt is dropped; links and images with other URLs lose the
 * link (the text stays) or the image.
 */
import { Parser } from 'htmlparser2';
import type { RichBlock, RichSpan } from '../../../contract/blog.ts';

type TextType = 'paragraph' | 'heading' | 'subheading' | 'quote';

const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'noscript', 'head',
  'title', 'textarea', 'select', 'button', 'form', 'frame', 'frameset', 'applet', 'canvas', 'audio', 'video', 'link', 'meta']);
const TEXT_BLOCKS: Record<string, TextType> = {
  p: 'paragraph', div: 'paragraph', section: 'paragraph', article: 'paragraph',
  h1: 'heading', h2: 'heading', h3: 'subheading', h4: 'subheading', h5: 'subheading', h6: 'subheading',
  blockquote: 'quote',
};
const MAX_URL = 2000;

/** A link target the storefront may follow: https, or a path of this storefront. */
export function safeHref(raw: string | undefined): string | undefined {
  const href = (raw ?? '').trim();
  if (!href || href.length > MAX_URL || /[\s<>"'`\\]/.test(href)) return undefined;
  if (/^https:\/\/[^/]/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return undefined;
}

/** An image the storefront may show: https, or a CDN image name. */
export function safeImageSrc(raw: string | undefined): string | undefined {
  const src = (raw ?? '').trim();
  if (/^https:\/\/[^/]/i.test(src) && src.length <= MAX_URL && !/[\s<>"'`\\]/.test(src)) return src;
  if (/^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpe?g|gif|webp)$/i.test(src)) return src;
  return undefined;
}

const sameMarks = (a: RichSpan, b: RichSpan) => !!a.bold === !!b.bold && !!a.italic === !!b.italic && a.href === b.href;

/** Spans with their white space collapsed as a browser would show them; empty ones dropped. */
function tidy(spans: RichSpan[]): RichSpan[] {
  const out: RichSpan[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && sameMarks(last, s)) last.text += s.text;
    else out.push({ ...s });
  }
  for (const s of out) s.text = s.text.replace(/[ \t\r\f\v]*\n[ \t\r\f\v]*/g, '\n').replace(/[ \t\r\f\v]+/g, ' ');
  // No space after a space or a line break across spans, none at the edges.
  for (let i = 1; i < out.length; i++) {
    if (/[ \n]$/.test(out[i - 1].text)) out[i].text = out[i].text.replace(/^ /, '');
  }
  if (out.length) {
    out[0].text = out[0].text.replace(/^[ \n]+/, '');
    out[out.length - 1].text = out[out.length - 1].text.replace(/[ \n]+$/, '');
  }
  return out.filter((s) => s.text.length > 0);
}

export function sanitizeRichText(html: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  const textStack: TextType[] = [];
  let spans: RichSpan[] = [];
  let list: { type: 'bulletList' | 'numberedList'; items: RichSpan[][]; depth: number } | null = null;
  let item: RichSpan[] | null = null;
  let skip = 0;
  let bold = 0;
  let italic = 0;
  const hrefs: (string | undefined)[] = [];
  // Marks opened by each open element, so an unbalanced close undoes only what its element did.
  const opened: { tag: string; undo: () => void }[] = [];

  const flushText = () => {
    const clean = tidy(spans);
    spans = [];
    if (clean.length) blocks.push({ type: textStack[textStack.length - 1] ?? 'paragraph', spans: clean });
  };
  const flushItem = () => {
    if (list && item) {
      const clean = tidy(item);
      if (clean.length) list.items.push(clean);
    }
    item = null;
  };
  const flushList = () => {
    flushItem();
    if (list && list.items.length) blocks.push({ type: list.type, items: list.items });
    list = null;
  };
  const addText = (text: string) => {
    const href = hrefs.filter(Boolean).pop();
    const span: RichSpan = { text, ...(bold ? { bold: true } : {}), ...(italic ? { italic: true } : {}), ...(href ? { href } : {}) };
    if (list) (item ??= []).push(span);
    else spans.push(span);
  };

  const parser = new Parser({
    onopentag(tag, attrs) {
      if (skip) {
        if (DROPPED.has(tag)) skip++;
        return;
      }
      if (DROPPED.has(tag)) {
        skip = 1;
        return;
      }
      let undo = () => {};
      if (tag === 'ul' || tag === 'ol') {
        if (list) {
          flushItem();
          list.depth++;
          undo = () => { if (list) list.depth--; };
        } else {
          flushText();
          list = { type: tag === 'ul' ? 'bulletList' : 'numberedList', items: [], depth: 1 };
          undo = () => flushList();
        }
      } else if (tag === 'li') {
        if (list) {
          flushItem();
          item = [];
          undo = () => flushItem();
        }
      } else if (tag in TEXT_BLOCKS) {
        if (list) flushList();
        flushText();
        // A paragraph inside a quote is part of the quote.
        const inQuote = textStack[textStack.length - 1] === 'quote' && TEXT_BLOCKS[tag] === 'paragraph';
        textStack.push(inQuote ? 'quote' : TEXT_BLOCKS[tag]);
        undo = () => {
          flushText();
          textStack.pop();
        };
      } else if (tag === 'strong' || tag === 'b') {
        bold++;
        undo = () => bold--;
      } else if (tag === 'em' || tag === 'i') {
        italic++;
        undo = () => italic--;
      } else if (tag === 'a') {
        hrefs.push(safeHref(attrs.href));
        undo = () => hrefs.pop();
      } else if (tag === 'br') {
        addText('\n');
      } else if (tag === 'img') {
        const src = safeImageSrc(attrs.src);
        if (src) {
          if (list) flushList();
          flushText();
          blocks.push({ type: 'image', src, alt: (attrs.alt ?? '').replace(/\s+/g, ' ').trim().slice(0, 300) });
        }
      }
      opened.push({ tag, undo });
    },
    ontext(text) {
      // White space in the source (new lines included) is a space; only <br> breaks a line.
      if (!skip) addText(text.replace(/[ \t\n\r\f\v]+/g, ' '));
    },
    onclosetag(tag, implied) {
      if (skip) {
        if (DROPPED.has(tag)) skip--;
        return;
      }
      // Close the nearest open element of that name and any left open inside it.
      const at = opened.map((o) => o.tag).lastIndexOf(tag);
      if (at < 0) return;
      for (const o of opened.splice(at).reverse()) o.undo();
      void implied;
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true });
  parser.write(html);
  parser.end();
  for (const o of opened.splice(0).reverse()) o.undo();
  flushList();
  flushText();
  return blocks;
}
