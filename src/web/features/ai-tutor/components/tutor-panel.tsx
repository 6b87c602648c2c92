import { AiTutorMessages } from '@common/ai-tutor';
import { BotIcon, ChevronUpIcon, EyeIcon, LifeBuoyIcon, MinusIcon, SquarePenIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { LoadError } from '@web/components/load-error';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { lessonBadgeText, questionsLeft } from '../format';
import { codeAsText, currentPracticeFocus, usePracticeFailed, usePracticeFocused } from '@web/widgets/practice/practice-focus';
import { AskYourTutorButton } from '@web/widgets/questions/ask-your-tutor';
import { quickQuestionsFor, withPracticeQuestion } from '../quick-questions';
import type { useTutorChat } from '../use-tutor-chat';
import { MessageItem } from './message-item';
import { QuickQuestionList } from './quick-question-list';
import { TutorComposer } from './tutor-composer';

export type TutorPanelProps = {
  lesson: { id: string; title: string } | null;
  chat: ReturnType<typeof useTutorChat>;
  minimized: boolean;
  onMinimize: () => void;
  onRestore: () => void;
  onClose: () => void;
  inputRef: Ref<HTMLTextAreaElement>;
  panelRef: Ref<HTMLElement>;
};

/** The buttons under the conversation: compact enough for both on one line of the 380px panel, still a finger's height on a phone. */
const ROW_BUTTON = 'h-8 gap-1.5 px-2.5 text-xs max-md:min-h-11 [&_svg]:size-3.5';

/** Within this many pixels of the end, new words keep the list scrolled to the end. */
const STICK_TO_END_PX = 80;

function ThinkingIndicator() {
  return (
    <li className="flex gap-2" data-testid="ai-thinking">
      <span
        className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
        aria-hidden="true"
      >
        <BotIcon className="size-4" />
      </span>
      <div role="status" className="flex items-center gap-2 rounded-2xl rounded-tl-sm bg-muted px-3 py-2 text-sm text-muted-foreground">
        <span className="flex gap-1" aria-hidden="true">
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              className="size-1.5 animate-bounce rounded-full bg-current motion-reduce:animate-none"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </span>
        {AiTutorMessages.thinking}
      </div>
    </li>
  );
}

/**
 * The AI tutor's panel: title, lesson badge, minimize and close, the messages with their
 * times, 'AI is thinking...', words as they stream, 3 quick questions, the question box and its
 * hint. A bottom sheet below 768px, a 380px panel in the floating button's corner on wider screens.
 */
export default function TutorPanel({ lesson, chat, minimized, onMinimize, onRestore, onClose, inputRef, panelRef }: TutorPanelProps) {
  const titleId = useId();
  const bodyId = useId();
  const list = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const { query, conversation, stream, waiting, canSend, notSetUp } = chat;
  const messages = conversation?.messages ?? [];
  const [newChats, setNewChats] = useState(0);

  // The welcome's time: when the conversation began, else when this chat was opened (a new lesson
  // or a new chat is a new welcome, hence the dependencies the body does not read).
  const openedAt = useMemo(() => new Date().toISOString(), [lesson?.id, newChats]);
  const welcomeAt = messages[0]?.createdAt ?? openedAt;
  const lastFailed = usePracticeFailed(lesson?.id ?? null);
  const inExercise = usePracticeFocused(lesson?.id ?? null);
  const last = messages[messages.length - 1];
  // The help the conversation has reached in an exercise: 'More Help' goes one level further, up to 3.
  const hintLevel = [...messages].reverse().find((m) => m.role === 'user' && m.hintLevel)?.hintLevel ?? 1;
  const offerMoreHelp = inExercise && !stream && last?.role === 'assistant' && !last.local && hintLevel < 3;
  // 'Ask Your Tutor' takes the exercise in front of the student and its code as they are when the panel renders.
  const focus = lesson ? currentPracticeFocus(lesson.id) : null;
  const askYourTutor = (className?: string) =>
    lesson && conversation?.conversationId ? (
      <AskYourTutorButton
        lessonId={lesson.id}
        exerciseId={focus?.exerciseId}
        code={focus ? codeAsText(focus.code, focus.files) : undefined}
        exerciseTitle={focus?.title}
        aiConversationId={conversation.conversationId}
        className={className}
      />
    ) : null;
  const questions = useMemo(() => (lesson ? withPracticeQuestion(quickQuestionsFor(lesson.id), lastFailed) : []), [lesson, lastFailed]);

  useEffect(() => {
    atEnd.current = true;
  }, [lesson?.id]);

  // Minimizing hides the button that was pressed (and the input): keep focus on the one that brings them back.
  const expandButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (minimized) expandButton.current?.focus();
  }, [minimized]);

  useLayoutEffect(() => {
    const el = list.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, stream?.text, stream?.status, minimized, lesson?.id]);

  const budget = conversation?.budget;
  const budgetSpent = chat.budgetSpent;
  const loaded = !!lesson && !!conversation;

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="ai-tutor-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.stopPropagation();
          onClose();
        }
      }}
      className={cn(
        'fixed z-50 flex flex-col overflow-hidden border bg-card text-card-foreground shadow-2xl focus-visible:outline-none',
        // Phone: a full-width sheet from the bottom edge; minimized, a bar above the lesson navigation
        // (which stays usable). Wider: a 380px panel where the floating button sits.
        minimized
          ? 'inset-x-3 bottom-[calc(5rem+env(safe-area-inset-bottom))] h-auto rounded-2xl'
          : 'inset-x-0 bottom-0 h-[85dvh] rounded-t-2xl pb-[env(safe-area-inset-bottom)] md:h-[min(640px,calc(100dvh-6rem))]',
        'md:inset-x-auto md:right-6 md:bottom-6 md:w-[380px] md:rounded-2xl md:pb-0',
      )}
    >
      <header className="flex items-center gap-2 border-b px-3 py-2.5">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
          aria-hidden="true"
        >
          <BotIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base leading-tight font-semibold">
            {AiTutorMessages.title}
          </h2>
          {lesson && (
            <Badge variant="secondary" className="mt-0.5 max-w-full" title={lesson.title}>
              <span className="sr-only">Lesson: </span>
              <span className="truncate">{lessonBadgeText(lesson.title)}</span>
            </Badge>
          )}
        </div>
        {loaded && !minimized && (
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="New chat"
            title="New chat"
            disabled={waiting || messages.length === 0}
            onClick={() => {
              chat.newChat();
              setNewChats((n) => n + 1);
            }}
          >
            <SquarePenIcon aria-hidden="true" />
          </Button>
        )}
        {minimized ? (
          <Button
            ref={expandButton}
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Expand AI Tutor"
            title="Expand"
            aria-expanded={false}
            aria-controls={bodyId}
            onClick={onRestore}
          >
            <ChevronUpIcon aria-hidden="true" />
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Minimize AI Tutor"
            title="Minimize"
            aria-expanded
            aria-controls={bodyId}
            onClick={onMinimize}
          >
            <MinusIcon aria-hidden="true" />
          </Button>
        )}
        <Button variant="ghost" size="icon" className="size-9" aria-label="Close AI Tutor" title="Close" onClick={onClose}>
          <XIcon aria-hidden="true" />
        </Button>
      </header>

      <div id={bodyId} hidden={minimized} className="flex min-h-0 flex-1 flex-col">
        <p
          data-testid="ai-tutor-oversight"
          className="flex items-center gap-1.5 border-b bg-muted/40 px-3 py-1 text-xs text-muted-foreground"
        >
          <EyeIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {AiTutorMessages.oversight}
        </p>
        <div
          ref={list}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4"
          tabIndex={0}
          aria-label="Conversation"
          role="region"
          onScroll={(e) => {
            const el = e.currentTarget;
            atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_END_PX;
          }}
        >
          {!lesson ? (
            <p className="px-2 py-8 text-center text-sm text-muted-foreground">Select a lesson to ask the AI tutor about it.</p>
          ) : query.isError && !conversation ? (
            <LoadError
              message={
                isApiError(query.error) && query.error.status >= 400 && query.error.status < 500
                  ? query.error.message
                  : 'We could not load your conversation with the AI tutor.'
              }
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : !conversation ? (
            <Spinner label="Loading conversation..." showLabel className="py-8" />
          ) : (
            <ol className="flex flex-col gap-4" aria-label="Messages">
              {/* Without a model, said once instead of a welcome that invites questions; earlier messages stay readable. */}
              {notSetUp ? (
                <li>
                  <Alert role="note" data-testid="ai-tutor-not-set-up">
                    {AiTutorMessages.notConfigured}
                  </Alert>
                </li>
              ) : (
                <MessageItem role="assistant" content={AiTutorMessages.welcome(lesson.title)} createdAt={welcomeAt} copyable={false} />
              )}
              {messages.map((m) => (
                <MessageItem
                  key={m.id}
                  role={m.role}
                  content={m.content}
                  createdAt={m.createdAt}
                  tone={m.local === 'apology' ? 'apology' : undefined}
                  copyable={m.local !== 'apology'}
                  sources={m.sources}
                  listenLessonId={m.role === 'assistant' && !m.local ? lesson.id : undefined}
                >
                  {/* The leak guard's refusal sends the student to the person who can help without giving the answer away. */}
                  {m.guardOutcome === 'withheld' && askYourTutor('mt-2')}
                </MessageItem>
              ))}
              {stream &&
                (stream.status === 'waiting' ? (
                  <ThinkingIndicator />
                ) : (
                  <MessageItem role="assistant" content={stream.text} streaming>
                    <span
                      className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-current align-text-bottom motion-reduce:animate-none"
                      aria-hidden="true"
                    />
                  </MessageItem>
                ))}
            </ol>
          )}
        </div>

        {loaded && budgetSpent && budget && (
          <Alert variant="warning" className="mx-3 mb-2 w-auto" role="note">
            {AiTutorMessages.budgetSpent(budget.limit)}
          </Alert>
        )}
        {loaded && (offerMoreHelp || conversation.conversationId) && (
          <div className="flex flex-wrap items-center gap-2 px-3 pt-2">
            {offerMoreHelp && (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  className={ROW_BUTTON}
                  disabled={!canSend}
                  aria-label={AiTutorMessages.moreHelpLabel}
                  onClick={() => chat.send(AiTutorMessages.moreHelpQuestion, { moreHelp: true })}
                  data-testid="ai-tutor-more-help"
                >
                  <LifeBuoyIcon aria-hidden="true" />
                  {AiTutorMessages.moreHelp}
                </Button>
                <span className="text-xs text-muted-foreground">Hint level {hintLevel} of 3</span>
              </>
            )}
            {/* Under the conversation: a question to the person, with this conversation offered to attach. */}
            {askYourTutor(cn('ml-auto', ROW_BUTTON))}
          </div>
        )}
        {loaded && !budgetSpent && (
          <QuickQuestionList questions={questions} disabled={!canSend} onAsk={chat.send} compact={messages.length > 0} />
        )}
        <TutorComposer
          lessonId={lesson?.id ?? null}
          disabled={!canSend}
          onSend={chat.send}
          returnedDraft={chat.returnedDraft}
          footnote={
            loaded && !notSetUp && budget && !budget.unlimited && !budgetSpent ? questionsLeft(budget.remaining, budget.limit) : undefined
          }
          inputRef={inputRef}
        />
      </div>

      {/* Screen readers hear each finished answer once, not every word as it streams. */}
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {chat.announcement?.text}
      </div>
    </section>
  );
}
