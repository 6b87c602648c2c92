import { QUICK_QUESTIONS } from '../../../common/ai-tutor-texts';
import type { WebSource } from '../../../common/media-helpers-texts';
import type { WebResult, WebSearch } from '../../platform/ai/media/providers';
import type { UsageBudget } from './media-helpers-budget.service';

/** Characters of the student's question sent as the search query. */
const QUERY_CHARS = 300;

export type WebSources = {
  /** Whether a question is worth a search: the quick questions are about the lesson itself. */
  wanted(question: string): boolean;
  /**
   * Up to 3 web results for a question, for the tutor to cite when the lesson does not cover it.
   * Never throws and never waits past SEARCH_TIMEOUT_MS: a failing search, or a spent budget,
   * gives no results and the answer goes on without them.
   */
  find(user: { id: string; isAdmin: boolean }, question: string): Promise<WebResult[]>;
};

export function createWebSources(deps: {
  search: WebSearch | null;
  budget: UsageBudget;
  dailyLimit: number;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}): WebSources | null {
  const { search, budget, dailyLimit, log } = deps;
  if (!search) return null;
  const quick = new Set<string>(QUICK_QUESTIONS);
  return {
    wanted: (question) => !quick.has(question.trim()),
    async find(user, question) {
      const query = question.replace(/\s+/g, ' ').trim().slice(0, QUERY_CHARS);
      if (!query) return [];
      try {
        const spent = await budget.spend(user.id, 'search', 1, user.isAdmin ? null : dailyLimit);
        if (!spent.ok) {
          log.info({ userId: user.id }, 'web search skipped: the daily budget is spent');
          return [];
        }
        return await search.search(query);
      } catch (err) {
        log.warn({ err, userId: user.id }, 'web search failed; the answer goes on without web sources');
        return [];
      }
    },
  };
}

/**
 * The results an answer cites as [n], in number order. Marks inside code (`arr[1]`) or glued to a
 * word, and Markdown links ([1](...)), are not citations.
 */
export function citedSources(answer: string, results: WebResult[]): WebSource[] {
  const prose = answer.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const cited = new Set<number>();
  for (const m of prose.matchAll(/(?<![\w\]])\[(\d{1,2})\](?!\()/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= results.length) cited.add(n);
  }
  return [...cited].sort((a, b) => a - b).map((n) => ({ n, title: results[n - 1]!.title, url: results[n - 1]!.url }));
}
