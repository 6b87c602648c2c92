import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { cn } from '@web/lib/cn';
import { CODE_BLOCK_CLASSES, CODE_TOKEN_COLOURS, rehypeHighlightCode } from '@web/components/highlight-code';

const rehypePlugins = [rehypeHighlightCode];

const components: Components = {
  a: ({ node: _node, children, ...props }) => (
    <a {...props} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  // A long line scrolls inside its block: the block takes focus so the keyboard can scroll it too.
  pre: ({ node: _node, children, ...props }) => (
    <pre {...props} tabIndex={0}>
      {children}
    </pre>
  ),
  // No pictures from answers: a remote image would load (and report the reader) without a click.
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow">
        {alt || src}
      </a>
    ) : (
      <>{alt}</>
    ),
};

const prose = [
  'text-sm leading-relaxed break-words',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_p]:my-2',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5',
  '[&_h1]:mt-3 [&_h1]:mb-1 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_hr]:my-3',
  // Inline code, then blocks (whose code must not get the inline chip).
  '[&_code]:rounded [&_code]:bg-white [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] dark:[&_code]:bg-slate-950',
  CODE_BLOCK_CLASSES,
].join(' ');

/**
 * An answer as Markdown. Raw HTML in it is shown as text (react-markdown turns it into text when
 * rehype-raw is not used) and unsafe link targets are removed by its default URL filter, so
 * nothing in an answer can run script in the page.
 */
export const MarkdownMessage = memo(function MarkdownMessage({ content, className }: { content: string; className?: string }) {
  return (
    <div className={cn(prose, CODE_TOKEN_COLOURS, className)}>
      <Markdown rehypePlugins={rehypePlugins} components={components}>
        {content}
      </Markdown>
    </div>
  );
});
