import type { TutorConversationResponse, TutorMessage } from '@common/ai-tutor';
import { AiTutorMessages } from '@common/ai-tutor-texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { currentPracticeFocus } from '@web/widgets/practice/practice-focus';
import { isApiError } from '@web/lib/api';
import { randomUuid } from '@web/lib/device-id';
import { useTutorConversation } from './api/get-tutor-conversation';
import { chatState } from './chat-state';
import { tutorKeys } from './api/tutor-keys';

/**
 * A message as the panel shows it. `local` ones exist only in this page: the question while the
 * server has not confirmed it yet, and the apology after a failure (the server stores neither).
 */
export type ChatMessage = TutorMessage & { local?: 'pending' | 'apology' };

export type ChatConversation = Omit<TutorConversationResponse, 'messages'> & { messages: ChatMessage[] };

/**
 * The answer in flight: waiting for its first word, then growing word by word; 'done' keeps it on
 * screen until the stored message (`messageId`) reaches the list, so the answer never blinks.
 */
export type ChatStream = { status: 'waiting' | 'streaming' | 'done'; text: string; messageId?: string };

type AskVariables = {
  lessonId: string;
  content: string;
  conversationId: string | null;
  /** The exercise the student works on and their code, read when the question is sent. */
  practice: { exerciseId: string; code: string; files: { name: string; content: string }[] } | null;
  /** 'More Help': one hint level further than the conversation's last. */
  moreHelp: boolean;
  controller: AbortController;
};

/** 429: today's questions are used up (the GET that follows gives the exact figures). */
const isBudgetRefusal = (error: unknown) => isApiError(error) && error.status === 429;
/** 503 with the not-configured text: the server has no model. Not an outage: no apology, no toast. */
const isNotConfigured = (error: unknown) => isApiError(error) && error.status === 503 && error.message === AiTutorMessages.notConfigured;
/** Refused before any answer for a reason the student can act on: their question comes back to the input. */
const isRefusal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * The chat with the AI tutor about one lesson: its stored conversation (kept in the query cache,
 * which this hook updates as the answer streams), the answer in flight, sending, and 'New chat'.
 * Switching lessons stops the answer in flight; the next visit to that lesson reloads what the
 * server stored.
 */
export function useTutorChat(lessonId: string | null, active: boolean) {
  const queryClient = useQueryClient();
  const query = useTutorConversation(lessonId, active);
  const [stream, setStream] = useState<ChatStream | null>(null);
  /** The last finished answer, for the screen reader's polite live region (not the words as they stream). */
  const [announcement, setAnnouncement] = useState<{ id: string; text: string } | null>(null);
  /** A question the server refused, handed back to the input so it is not lost. */
  const [returnedDraft, setReturnedDraft] = useState<{ id: string; text: string } | null>(null);
  const inFlight = useRef<AskVariables | null>(null);

  const patch = useCallback(
    (id: string, change: (c: ChatConversation) => ChatConversation) =>
      queryClient.setQueryData<ChatConversation>(tutorKeys.conversation(id), (c) => (c ? change(c) : c)),
    [queryClient],
  );

  useEffect(
    () => () => {
      setStream(null);
      setReturnedDraft(null);
      const current = inFlight.current;
      if (!current) return;
      current.controller.abort();
      inFlight.current = null;
      // The server may still store the answer: read it again on the next visit.
      void queryClient.invalidateQueries({ queryKey: tutorKeys.conversation(current.lessonId) });
    },
    [lessonId, queryClient],
  );

  const isCurrent = (v: AskVariables) => inFlight.current === v && !v.controller.signal.aborted;

  const fail = (v: AskVariables) => {
    patch(v.lessonId, (c) => ({
      ...c,
      messages: [
        ...c.messages.map((m) => (m.local === 'pending' ? { ...m, local: undefined } : m)),
        {
          id: `local-${randomUuid()}`,
          role: 'assistant',
          content: AiTutorMessages.apology,
          createdAt: new Date().toISOString(),
          local: 'apology',
        },
      ],
    }));
    setAnnouncement({ id: randomUuid(), text: AiTutorMessages.apology });
    toast.error(AiTutorMessages.unavailableTitle, { description: AiTutorMessages.unavailable });
  };

  const ask = useMutation({
    mutationFn: async (v: AskVariables) => {
      // The stream reader validates with zod: loaded with the first question, not with the course screen.
      const { askTutor } = await import('./api/ask-tutor');
      let text = '';
      for await (const event of askTutor(
        v.lessonId,
        {
          content: v.content,
          conversationId: v.conversationId,
          ...(v.practice ? { practice: v.practice } : {}),
          ...(v.moreHelp ? { moreHelp: true } : {}),
        },
        { signal: v.controller.signal },
      )) {
        if (!isCurrent(v)) return;
        switch (event.type) {
          case 'start':
            patch(v.lessonId, (c) => ({
              ...c,
              conversationId: event.conversationId,
              messages: c.messages.map((m) => (m.local === 'pending' ? event.userMessage : m)),
            }));
            break;
          case 'delta':
            text += event.text;
            setStream({ status: 'streaming', text });
            break;
          case 'retry':
            // The words so far gave the exercise away and are withdrawn: wait for the new answer.
            text = '';
            setStream({ status: 'waiting', text });
            break;
          case 'done':
            patch(v.lessonId, (c) => ({ ...c, budget: event.budget, messages: [...c.messages, event.message] }));
            setStream({ status: 'done', text: event.message.content, messageId: event.message.id });
            setAnnouncement({ id: event.message.id, text: event.message.content });
            break;
          case 'error':
            fail(v);
            break;
        }
      }
    },
    onError: (error, v) => {
      if (!isCurrent(v)) return;
      // No model configured on the server (it restarted without one since the panel loaded): no apology and no
      // "try again", which are for passing failures; the panel says once that the tutor is not set up, and the
      // question goes back to the input.
      if (isNotConfigured(error)) {
        patch(v.lessonId, (c) => ({ ...c, available: false, messages: c.messages.filter((m) => m.local !== 'pending') }));
        setReturnedDraft({ id: randomUuid(), text: v.content });
        return;
      }
      if (isRefusal(error)) {
        patch(v.lessonId, (c) => {
          const messages = c.messages.filter((m) => m.local !== 'pending');
          if (isBudgetRefusal(error)) return { ...c, messages, budget: { ...c.budget, used: c.budget.limit, remaining: 0 } };
          // The conversation is gone (404): the next question starts a new one.
          if (isApiError(error) && error.status === 404) return { ...c, messages, conversationId: null };
          return { ...c, messages };
        });
        setReturnedDraft({ id: randomUuid(), text: v.content });
        if (isBudgetRefusal(error)) void queryClient.invalidateQueries({ queryKey: tutorKeys.conversation(v.lessonId) });
        // The budget shows in the panel; a 401 is the query client's (it signs the page out).
        else if (isApiError(error) && error.status !== 401) {
          toast.error(error.title ?? AiTutorMessages.title, { description: error.message });
        }
        return;
      }
      fail(v);
    },
    onSettled: (_data, _error, v) => {
      if (inFlight.current !== v) return;
      inFlight.current = null;
      setStream((s) => (s?.status === 'done' ? s : null));
    },
  });

  const conversation = query.data as ChatConversation | undefined;
  const waiting = !!stream && stream.status !== 'done';
  // Without a configured model nothing can be asked: the panel says so once (no apology, no toast).
  const { notSetUp, budgetSpent, canSend } = chatState(lessonId, conversation, waiting);
  // The finished answer is shown from the list once it is there.
  const visibleStream =
    stream && !(stream.status === 'done' && conversation?.messages.some((m) => m.id === stream.messageId)) ? stream : null;

  const send = (raw: string, options: { moreHelp?: boolean } = {}): boolean => {
    const content = raw.trim();
    if (!lessonId || !conversation || !content || !canSend) return false;
    const focus = currentPracticeFocus(lessonId);
    // 'More Help' is about the exercise in front of the student: without one it is not offered.
    if (options.moreHelp && !focus) return false;
    const v: AskVariables = {
      lessonId,
      content,
      conversationId: conversation.conversationId,
      practice: focus && { exerciseId: focus.exerciseId, code: focus.code, files: focus.files ?? [] },
      moreHelp: !!options.moreHelp,
      controller: new AbortController(),
    };
    inFlight.current = v;
    patch(lessonId, (c) => ({
      ...c,
      messages: [
        ...c.messages,
        { id: `local-${randomUuid()}`, role: 'user', content, createdAt: new Date().toISOString(), local: 'pending' },
      ],
    }));
    setStream({ status: 'waiting', text: '' });
    ask.mutate(v);
    return true;
  };

  /** 'New chat': the next question starts a new conversation (conversationId null); the old one stays stored. */
  const newChat = () => {
    if (!lessonId || waiting) return;
    setStream(null);
    patch(lessonId, (c) => ({ ...c, conversationId: null, messages: [] }));
  };

  return {
    query,
    conversation,
    stream: visibleStream,
    waiting,
    canSend,
    notSetUp,
    budgetSpent,
    send,
    newChat,
    announcement,
    returnedDraft,
  };
}
