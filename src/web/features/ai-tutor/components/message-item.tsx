import type { WebSource } from '@common/media-helpers-texts';
import { speakableText } from '@common/media-helpers-texts';
import { BotIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListenButton } from '@web/widgets/media-helpers/components/listen-button';
import { WebSources } from '@web/widgets/media-helpers/components/web-sources';
import { Markdown } from '@web/components/markdown';
import { cn } from '@web/lib/cn';
import { messageTime } from '../format';
import { CopyButton } from './copy-button';

type Props = {
  role: 'user' | 'assistant';
  content: string;
  createdAt?: string;
  /** Shown while the answer streams in: no time and no copy yet. */
  streaming?: boolean;
  /** The apology after a failure: a notice in the tutor's voice, not an answer. */
  tone?: 'apology';
  copyable?: boolean;
  /** An answer's web sources, cited in it as [n]. */
  sources?: WebSource[];
  /** Set for the tutor's answers that may be read aloud: the lesson they are about. */
  listenLessonId?: string;
  children?: ReactNode;
};

/** One message of the chat: the student's on the right as plain text, the tutor's on the left as Markdown. */
export function MessageItem({ role, content, createdAt, streaming, tone, copyable = true, sources, listenLessonId, children }: Props) {
  const mine = role === 'user';
  return (
    <li className={cn('flex gap-2', mine && 'flex-row-reverse')} data-role={role}>
      {!mine && (
        <span
          className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
          aria-hidden="true"
        >
          <BotIcon className="size-4" />
        </span>
      )}
      <div className={cn('flex min-w-0 max-w-[85%] flex-col gap-1', mine && 'items-end')}>
        <div
          className={cn(
            'min-w-0 max-w-full rounded-2xl px-3 py-2',
            mine ? 'rounded-tr-sm bg-primary text-primary-foreground' : 'rounded-tl-sm bg-muted text-foreground',
            tone === 'apology' && 'border border-warning-border bg-warning-bg text-warning-foreground',
          )}
        >
          <span className="sr-only">{mine ? 'You said:' : 'AI Tutor said:'}</span>
          {mine ? (
            <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{content}</p>
          ) : (
            <Markdown markdown={content} surface="muted" />
          )}
          {children}
          {!mine && !streaming && sources && <WebSources sources={sources} />}
        </div>
        {!streaming && (createdAt || copyable || listenLessonId) && (
          <div className={cn('flex items-center gap-1 px-1', mine && 'flex-row-reverse')}>
            {createdAt && (
              <time dateTime={createdAt} className="text-xs text-muted-foreground">
                {messageTime(createdAt)}
              </time>
            )}
            {copyable && <CopyButton text={content} />}
            {listenLessonId && (
              <ListenButton text={speakableText(content)} lessonId={listenLessonId} label="Listen to this answer" compact />
            )}
          </div>
        )}
      </div>
    </li>
  );
}
