/**
 * The comparison itself, over Dolos' fingerprint index (`@dodona/dolos-core`, MIT, Ghent University): every program
 * is cut into k-grams of tokens (code-tokens.ts), winnowing keeps a few per window as its fingerprints, and two
 * programs are similar by the share of their fingerprints that the other has too. The starter code's fingerprints
 * are left out of every program, so what the tutor gave everyone makes no two students similar. Pure computation on
 * text: nothing here runs a student's code. Decision 031 says why Dolos' core and not its tree-sitter parsers.
 */
import { File, FingerprintIndex, TokenizedFile, Region, type FileEntry } from '@dodona/dolos-core';
import { tokenize, type TokenLanguage, type TokenRegion } from './code-tokens';

/** Tokens per k-gram and k-grams per winnowing window: matches shorter than K_GRAM tokens are not seen. */
export const K_GRAM = 12;
export const WINDOW = 8;
/** At most this many fragments of one pair are kept, the first in the left program (near copies have a few long ones). */
const FRAGMENTS_KEPT = 100;

export type Program = { key: string; code: string };
export type CompareInput = {
  language: TokenLanguage;
  starterCode: string;
  programs: Program[];
  /** 0 to 1: pairs at or above it are counted, the most similar kept. */
  threshold: number;
  maxPairs: number;
};
export type MatchedFragment = { left: TokenRegion; right: TokenRegion };
export type ComparedPair = { left: string; right: string; similarity: number; fragments: MatchedFragment[] };
export type CompareOutput = { compared: number; pairsAbove: number; pairs: ComparedPair[] };

/** The language whose tokens an exercise's code is cut into (a WebGL exercise is written in JavaScript). */
export const tokenLanguageOf = (language: string): TokenLanguage => (language === 'c' || language === 'java' ? language : 'javascript');

function tokenized(path: string, code: string, language: TokenLanguage): TokenizedFile {
  const { tokens, regions } = tokenize(code, language);
  return new TokenizedFile(
    new File(path, code),
    tokens,
    regions.map((r) => new Region(r.startRow, r.startCol, r.endRow, r.endCol)),
  );
}

const regionOf = (r: Region): TokenRegion => ({ startRow: r.startRow, startCol: r.startCol, endRow: r.endRow, endCol: r.endCol });

export function comparePrograms(input: CompareInput): CompareOutput {
  const n = input.programs.length;
  if (n < 2) return { compared: n, pairsAbove: 0, pairs: [] };
  const index = new FingerprintIndex(K_GRAM, WINDOW);
  const files = input.programs.map((p, i) => tokenized(String(i), p.code, input.language));
  index.addFiles(files);
  // After the programs, as Dolos does: every fingerprint the starter code has is then ignored in all of them.
  index.addIgnoredFile(tokenized('starter', input.starterCode, input.language));

  const entries = index.entries();
  const position = new Map<number, number>(files.map((f, i) => [f.id, i]));
  // Per program, its k-grams that count: all of them but those of the starter code.
  const counted = entries.map((e: FileEntry) => {
    let ignored = 0;
    for (const shared of e.ignored) ignored += shared.occurrencesOf(e.file).length;
    return e.kgrams.length - ignored;
  });
  // covered[i * n + j]: how many k-grams of program i program j has too. Counted fingerprint by fingerprint, so the
  // work grows with what programs share, not with every pair: most pairs of a class share little.
  const covered = new Uint32Array(n * n);
  for (const shared of index.sharedFingerprints()) {
    if (shared.ignored || shared.fileCount() < 2) continue;
    const holders = shared.files().map((f) => ({ at: position.get(f.id)!, count: shared.occurrencesOf(f).length }));
    for (let a = 0; a < holders.length; a++) {
      for (let b = a + 1; b < holders.length; b++) {
        const x = holders[a]!;
        const y = holders[b]!;
        covered[x.at * n + y.at]! += x.count;
        covered[y.at * n + x.at]! += y.count;
      }
    }
  }

  const above: { i: number; j: number; similarity: number }[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const both = covered[i * n + j]! + covered[j * n + i]!;
      if (both === 0) continue;
      const similarity = Math.min(1, both / (counted[i]! + counted[j]!));
      if (similarity >= input.threshold) above.push({ i, j, similarity });
    }
  }
  above.sort((a, b) => b.similarity - a.similarity || a.i - b.i || a.j - b.j);
  const pairs = above.slice(0, input.maxPairs).map(({ i, j, similarity }): ComparedPair => {
    const fragments = index
      .getPair(files[i]!, files[j]!)
      .buildFragments()
      .map((f) => ({ left: regionOf(f.leftSelection), right: regionOf(f.rightSelection) }))
      // In reading order of the left program: the pair view numbers them so.
      .sort((a, b) => a.left.startRow - b.left.startRow || a.left.startCol - b.left.startCol || a.right.startRow - b.right.startRow)
      .slice(0, FRAGMENTS_KEPT);
    return { left: input.programs[i]!.key, right: input.programs[j]!.key, similarity, fragments };
  });
  return { compared: n, pairsAbove: above.length, pairs };
}
