import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { CODE_BLOCK_CLASSES, CODE_TOKEN_COLOURS, rehypeHighlightCode } from '@web/components/highlight-code';
import { cn } from '@web/lib/cn';

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
  // The statement's headings sit under the exercise's own (an h3): one level down at least.
  h1: ({ node: _node, ...props }) => <h4 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
};

const prose = [
  'text-sm leading-relaxed break-words',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_p]:my-2',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5',
  '[&_h4]:mt-3 [&_h4]:mb-1 [&_h4]:font-semibold',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_table]:my-2 [&_table]:text-left [&_th]:border [&_th]:px-2 [&_td]:border [&_td]:px-2',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]',
  CODE_BLOCK_CLASSES,
].join(' ');

/**
 * The exercise's statement as Markdown. Raw HTML is shown as text (no rehype-raw) and unsafe link
 * targets are dropped by react-markdown's URL filter, so a statement cannot run script in the page.
 */
export const ExerciseStatement = memo(function ExerciseStatement({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div className={cn(prose, CODE_TOKEN_COLOURS, className)}>
      <Markdown rehypePlugins={rehypePlugins} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
});
