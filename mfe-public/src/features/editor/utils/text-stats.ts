/**
 * A word is a run of letters/digits (with inner apostrophes, hyphens, underscores); every Han,
 * Hiragana, Katakana and Hangul character counts as one word on its own, as word processors do.
 */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+(?:['’_-][\p{L}\p{N}]+)*/gu;

export interface TextStats {
  words: number;
  characters: number;
}

/** Words and characters (code points, line breaks excluded) of a document. */
export function textStats(text: string): TextStats {
  let words = 0;
  const matches = text.matchAll(WORD);
  while (!matches.next().done) words += 1;
  let characters = 0;
  for (const char of text) {
    if (char !== '\n' && char !== '\r') characters += 1;
  }
  return { words, characters };
}
