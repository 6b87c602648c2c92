import type { TutorConversationResponse } from '@common/ai-tutor';

/**
 * What the panel may do with the conversation it has: ask (the model is set up, today's questions
 * are not used up, no answer is on its way), or say why not.
 */
export type ChatState = {
  /** No model is configured on the server: the panel says so once, its input and quick questions are off. */
  notSetUp: boolean;
  /** Today's questions are used up (never for the tutor, who has no daily limit). */
  budgetSpent: boolean;
  canSend: boolean;
};

export function chatState(
  lessonId: string | null,
  conversation: Pick<TutorConversationResponse, 'available' | 'budget'> | undefined,
  waiting: boolean,
): ChatState {
  const notSetUp = !!conversation && !conversation.available;
  const budgetSpent = !!conversation && !notSetUp && !conversation.budget.unlimited && conversation.budget.remaining <= 0;
  return { notSetUp, budgetSpent, canSend: !!lessonId && !!conversation && !notSetUp && !budgetSpent && !waiting };
}

/**
 * A question asked from an exercise ('Ask the AI Tutor'), waiting for the panel: sent as soon as it
 * can be, dropped (never sent) when it cannot be asked at all, else kept until the conversation is there.
 */
export function askedQuestionFate(state: ChatState, loadFailed: boolean): 'send' | 'drop' | 'wait' {
  if (state.canSend) return 'send';
  if (state.notSetUp || state.budgetSpent || loadFailed) return 'drop';
  return 'wait';
}
