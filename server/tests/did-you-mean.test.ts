/**
 * "Did you mean" looks a word up in an index of the catalogue's words (src/services/search.ts, wordIndex) instead of
 * measuring its distance to every word: what it offers is what that scan of every word offered, and a lookup measures
 * a handful of words whatever the vocabulary's size. (The suggestions themselves, through the server: walkthrough.test.ts.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowance, editDistance, wordIndex } from '../src/services/search.ts';

/** The scan the index replaces: every word measured, closest first, then the most used, then alphabetical. */
function scanEveryWord(word: string, words: Map<string, number>, limit: number): string[] {
  const max = allowance(word);
  if (max === 0) return [];
  const found: { text: string; distance: number; uses: number }[] = [];
  for (const [text, uses] of words) {
    if (text === word) continue;
    const distance = editDistance(word, text);
    if (distance <= max) found.push({ text, distance, uses });
  }
  found.sort((a, b) => a.distance - b.distance || b.uses - a.uses || a.text.localeCompare(b.text));
  return found.slice(0, limit).map((f) => f.text);
}

/** A repeatable stream of numbers in [0, 1) (mulberry32), so a failure names the same words every run. */
function numbers(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const HAN = '咖啡茶叶礼盒月饼抹茶瑞士卷黄油牛角包乌龙普洱菊花姜汁蜂蜜';

/** One random edit: a letter inserted, deleted, replaced, or two neighbours swapped. */
function edit(chars: string[], alphabet: string, next: () => number): string[] {
  const out = [...chars];
  const at = Math.floor(next() * (out.length + 1));
  const letter = alphabet[Math.floor(next() * alphabet.length)];
  const kind = Math.floor(next() * 4);
  if (kind === 0) out.splice(at, 0, letter);
  else if (out.length === 0) return out;
  else if (kind === 1) out.splice(Math.min(at, out.length - 1), 1);
  else if (kind === 2) out[Math.min(at, out.length - 1)] = letter;
  else if (at + 1 < out.length) [out[at], out[at + 1]] = [out[at + 1], out[at]];
  return out;
}

function vocabularyOf(size: number, alphabet: string, lengths: [number, number], next: () => number): Map<string, number> {
  const words = new Map<string, number>();
  while (words.size < size) {
    const length = lengths[0] + Math.floor(next() * (lengths[1] - lengths[0] + 1));
    words.set(Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''), 1 + Math.floor(next() * 5));
  }
  return words;
}

test('the index offers what a scan of every word offers: one and two edits away, in Latin words and Chinese runs', () => {
  const next = numbers(28);
  // A small alphabet makes many words close to each other: ties on distance, on uses, and the limit all matter.
  const cases: [Map<string, number>, string][] = [
    [vocabularyOf(400, 'abcdeot', [1, 9], next), 'abcdeot'],
    [new Map([['coffee', 9], ['toffee', 2], ['beans', 4], ['bean', 3], ['hoodie', 1], ['panda', 2], ['tea', 7], ['teas', 1]]), LETTERS],
    [vocabularyOf(300, HAN.slice(0, 6), [1, 6], next), HAN],
  ];
  let compared = 0;
  let offered = 0;
  for (const [words, alphabet] of cases) {
    const index = wordIndex(words);
    const queries = new Set<string>();
    for (const word of words.keys()) {
      const one = edit([...word], alphabet, next);
      queries.add(word).add(one.join('')).add(edit(one, alphabet, next).join(''));
    }
    for (let i = 0; i < 200; i++) queries.add(Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    for (const query of queries) {
      for (const limit of [1, 3]) {
        const expected = scanEveryWord(query, words, limit);
        assert.deepEqual(index.closest(query, limit), expected, `"${query}" (limit ${limit})`);
        compared++;
        offered += expected.length;
      }
    }
  }
  assert.ok(compared > 2000 && offered > 1000, `${compared} lookups compared, ${offered} words offered`);
  assert.deepEqual(wordIndex(new Map([['coffee', 9], ['toffee', 2]])).closest('cofee', 3), ['coffee'], 'toffee is two edits away: too far for a five-letter word');
});

test('a lookup measures only the words near it, however large the vocabulary', () => {
  const next = numbers(2026);
  const words = vocabularyOf(20_000, LETTERS, [3, 12], next);
  const index = wordIndex(words);
  let most = 0;
  for (const word of [...words.keys()].slice(0, 60)) {
    const typo = edit(edit([...word], LETTERS, next), LETTERS, next).join('');
    const measured = index.candidates(typo);
    most = Math.max(most, measured.size);
    // Still complete: every word the scan finds is among those measured.
    for (const close of scanEveryWord(typo, words, Infinity)) assert.ok(measured.has(close), `${close} for "${typo}"`);
  }
  assert.ok(most * 100 < words.size, `at most ${most} of ${words.size} words measured for one lookup`);
  assert.equal(index.candidates('x'.repeat(40)).size, 0, 'a word longer than any known one is near none');
  assert.equal(index.candidates('qz').size, 0, 'a two-letter word is not guessed at');
});
