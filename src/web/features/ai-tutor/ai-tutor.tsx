import { AiTutorMessages } from '@common/ai-tutor-texts';
import { MessageCircleIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { usePhone } from '@web/lib/use-phone';
import { listenForAiTutorRequests, takeAiTutorRequest } from '@web/widgets/practice/ask-ai-tutor';
import { askedQuestionFate } from './chat-state';
import { useTutorChat } from './use-tutor-chat';

// The panel (Markdown, highlighting) is its own chunk, fetched when the student first reaches for it.
const loadPanel = () => import('./components/tutor-panel');
const TutorPanel = lazy(loadPanel);

type View = 'closed' | 'open' | 'minimized';

/**
 * The AI tutor of the course-learning screen: a button that opens the chat panel about the lesson
 * in front of the student. On a wide screen it floats at the bottom right; on a phone it sits in
 * the lesson bar (`dock`), so nothing floats over Run, Submit, the results or the bar's buttons.
 * Changing lessons shows that lesson's conversation.
 */
export function AiTutor(props: {
  courseId: string;
  lesson: { id: string; title: string } | null;
  preview?: boolean;
  dock?: HTMLElement | null;
}) {
  // courseId and preview are part of the mount contract; the server decides per lesson who may ask and
  // tells the admin previewing a course that no budget applies (budget.unlimited).
  const { lesson } = props;
  const phone = usePhone();
  const dock = phone ? (props.dock ?? null) : null;
  const inDock = (node: ReactNode) => (dock ? createPortal(node, dock) : node);
  const [view, setView] = useState<View>('closed');
  const chat = useTutorChat(lesson?.id ?? null, view !== 'closed');
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const panel = useRef<HTMLElement>(null);
  /** Where focus goes once the panel (perhaps still loading) is there; back to the button on close. */
  const focusTarget = useRef<'panel' | 'button' | null>(null);

  useEffect(() => {
    if (focusTarget.current === 'button') {
      button.current?.focus();
      focusTarget.current = null;
    }
  });

  const loading = !!lesson && !chat.conversation && !chat.query.isError;
  /**
   * Focus into the panel once it is there (it loads lazily): the question box when it can be used,
   * else the panel itself. While the conversation loads the box is disabled, so the panel holds
   * focus until then, and hands it to the box unless the student has left the panel meanwhile.
   */
  const focusPanel = () => {
    if (focusTarget.current !== 'panel' || !panel.current) return;
    const active = document.activeElement;
    if (input.current && !input.current.disabled) {
      if (!active || active === document.body || panel.current.contains(active)) input.current.focus();
      focusTarget.current = null;
      return;
    }
    if (!panel.current.contains(active)) panel.current.focus();
    if (!loading) focusTarget.current = null;
  };
  // Runs after every render until the panel has mounted and its question box is ready.
  useEffect(focusPanel);

  // The answer finished (or failed) while the student was in the input, which was disabled meanwhile: give it back.
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (wasWaiting.current && !chat.waiting) {
      const active = document.activeElement;
      if (input.current && !input.current.disabled && (active === document.body || active === null || panel.current?.contains(active))) {
        input.current.focus();
      }
    }
    wasWaiting.current = chat.waiting;
  }, [chat.waiting]);

  const open = () => {
    focusTarget.current = 'panel';
    setView('open');
  };
  const close = () => {
    focusTarget.current = 'button';
    setView('closed');
  };

  // A question asked from an exercise ('Ask the AI Tutor' next to a failed result): the panel opens and sends it as
  // soon as it can; when it cannot (no model is set up, today's questions are used up, the conversation did not load)
  // nothing is sent and the panel says why.
  const asked = useRef<string | null>(null);
  const [, setAsks] = useState(0);
  const lessonId = lesson?.id ?? null;
  useEffect(() => {
    if (!lessonId) return;
    return listenForAiTutorRequests(() => {
      const request = takeAiTutorRequest(lessonId);
      if (!request) return;
      asked.current = request.question;
      focusTarget.current = 'panel';
      setView('open');
      // Already open: a render all the same, so the question is sent.
      setAsks((n) => n + 1);
    });
  }, [lessonId]);
  useEffect(() => {
    const question = asked.current;
    if (!question || view !== 'open') return;
    const fate = askedQuestionFate(chat, chat.query.isError && !chat.conversation);
    if (fate === 'wait') return;
    asked.current = null;
    if (fate === 'send') chat.send(question);
  });

  return (
    <>
      {view === 'closed' ? (
        inDock(
          <button
            ref={button}
            type="button"
            onClick={open}
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
            aria-label={`Open ${AiTutorMessages.title}`}
            title={AiTutorMessages.title}
            className={cn(
              'flex items-center justify-center rounded-full bg-primary text-primary-foreground',
              'hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/50',
              dock
                ? // In the lesson bar, the size of its other buttons.
                  'size-11'
                : // Floating: no lesson bar here (a wide screen, or no lesson open).
                  'fixed right-4 bottom-4 z-40 size-14 shadow-lg transition-transform motion-safe:hover:scale-105 md:right-6 md:bottom-6',
            )}
          >
            <MessageCircleIcon className="size-6" aria-hidden="true" />
          </button>,
        )
      ) : (
        <Suspense
          fallback={inDock(
            <Spinner
              label="Opening the AI tutor..."
              className={cn(
                'rounded-full bg-card',
                dock ? 'size-11' : 'fixed right-4 bottom-4 z-50 size-14 shadow-lg md:right-6 md:bottom-6',
              )}
            />,
          )}
        >
          <TutorPanel
            lesson={lesson}
            chat={chat}
            minimized={view === 'minimized'}
            onMinimize={() => setView('minimized')}
            onRestore={() => {
              focusTarget.current = 'panel';
              setView('open');
            }}
            onClose={close}
            inputRef={input}
            panelRef={(el) => {
              panel.current = el;
              if (el) focusPanel();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
