import { APP_NAME } from '@web/lib/brand';

/** The tab title of a page; React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${APP_NAME}` : `${APP_NAME} · Learn programming with a personal tutor`}</title>;
}
