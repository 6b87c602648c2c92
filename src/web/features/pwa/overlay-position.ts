/**
 * Where the bottom-right overlays sit on a page, clear of the fixed controls other screens put
 * there: the login page's Dev Tools button, and on the course screen the phone's lesson bar and
 * the AI tutor's floating button (whose column stays free).
 */
export function bottomStackPosition(pathname: string): string {
  const width = 'w-[min(22rem,calc(100vw-2rem))]';
  if (pathname.startsWith('/course/'))
    return 'bottom-[4.75rem] left-4 right-[5.5rem] md:bottom-4 md:left-auto md:right-[6.5rem] md:w-[22rem]';
  if (pathname === '/login') return `bottom-16 right-4 ${width}`;
  return `bottom-4 right-4 ${width}`;
}

/**
 * Below the `md` breakpoint the headers are one short bar and the page's title follows right under
 * it, where a floating top-right card would sit on the title: there the offline and slow-connection
 * notices are a strip at the top of the page instead, which moves the page down rather than hiding
 * any of it.
 */
export const IN_FLOW_NOTICE_QUERY = '(max-width: 767.98px)';
