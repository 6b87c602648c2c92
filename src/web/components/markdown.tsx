import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { cn } from '@web/lib/cn';
import { CODE_BLOCK_CLASSES, CODE_TOKEN_COLOURS, rehypeHighlightCode } from './highlight-code';

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

type MarkdownProps = {
  /** The Markdown source. */
  markdown: string;
  /**
   * The level of the page's heading the text sits under, if any: the text's own headings go at
   * least one level below it so the page's outline stays right (an exercise's title is an h3, so
   * its statement's '#', '##' and '###' all become h4). Unset, headings keep the level written.
   */
  headingsBelow?: Exclude<HeadingLevel, 6>;
  /**
   * 'link' (the default) turns a picture into a link to it: a remote image would load (and report
   * the reader to its host) without a click, which text from the AI tutor must not do. 'show' is
   * for text the course's authors wrote, such as an exercise's statement.
   */
  images?: 'link' | 'show';
  /** What the text sits on: inline code takes a chip that stands out from it (white on a muted chat bubble). */
  surface?: 'plain' | 'muted';
  className?: string;
};

const rehypePlugins = [rehypeHighlightCode];

const shared: Components = {
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
};

const imageAsLink: Components['img'] = ({ src, alt }) =>
  typeof src === 'string' && src ? (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow">
      {alt || src}
    </a>
  ) : (
    <>{alt}</>
  );

const levels: HeadingLevel[] = [1, 2, 3, 4, 5, 6];

/**
 * The renderers for one choice of options, built once: a heading renderer made anew on each render
 * would be a new component type to React, which would then remount those headings every time.
 */
const componentsCache = new Map<string, Components>();
function componentsFor(headingsBelow: number | undefined, images: 'link' | 'show'): Components {
  const key = `${headingsBelow ?? 0}-${images}`;
  let components = componentsCache.get(key);
  if (!components) {
    components = { ...shared, ...(images === 'link' ? { img: imageAsLink } : {}) };
    for (const level of levels) {
      const shown = Math.max(level, (headingsBelow ?? 0) + 1);
      if (shown === level) continue;
      const Tag = `h${shown}` as `h${HeadingLevel}`;
      components[`h${level}`] = ({ node: _node, ...props }) => <Tag {...props} />;
    }
    componentsCache.set(key, components);
  }
  return components;
}

const prose = [
  'text-sm leading-relaxed break-words',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_p]:my-2',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5',
  '[&_h1]:mt-3 [&_h1]:mb-1 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-base [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:mb-1 [&_h4]:font-semibold',
  '[&_h5]:mt-3 [&_h5]:mb-1 [&_h5]:font-semibold [&_h6]:mt-3 [&_h6]:mb-1 [&_h6]:font-semibold',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_hr]:my-3',
  // Inline code; blocks (whose code must not get the inline chip) come after it.
  '[&_code]:rounded [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]',
  CODE_BLOCK_CLASSES,
  CODE_TOKEN_COLOURS,
].join(' ');

const inlineCodeOn = {
  plain: '[&_code]:bg-muted',
  muted: '[&_code]:bg-white dark:[&_code]:bg-slate-950',
};

/**
 * Markdown as the app shows it: the AI tutor's answers and exercises' statements. Raw HTML in it
 * is shown as text (react-markdown does so without rehype-raw) and its default URL filter drops
 * unsafe link targets, so nothing in the text can run script in the page. Fenced code of the
 * courses' languages is highlighted; links open in a new tab.
 */
export const Markdown = memo(function Markdown({ markdown, headingsBelow, images = 'link', surface = 'plain', className }: MarkdownProps) {
  const components = componentsFor(headingsBelow, images);
  return (
    <div className={cn(prose, inlineCodeOn[surface], className)}>
      <ReactMarkdown rehypePlugins={rehypePlugins} components={components}>
        {markdown}
      </ReactMarkdown>
    </div>
  );
});
