const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date in the reader's locale (e.g. "12 Mar 2026" or "Mar 12, 2026"). */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
