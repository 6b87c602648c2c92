import Papa from 'papaparse';
import { emailSchema } from '../../../common/auth';
import { INVITATION_MAX_ROWS, InvitationMessages } from '../../../common/invitations';
import { NAME_MAX } from '../../../common/limits';
import { badRequest } from '../../platform/http/errors';

export type ListRow = { row: number; email: string; firstName: string; lastName: string; error?: string };

const HEADER = { email: /^e-?mail/i, first: /^(first|given)/i, last: /^(last|family|surname)/i };

/**
 * Reads the tutor's list: a CSV file (a header naming the e-mail column, with optional first and
 * last names) or pasted text (an address per line, optionally followed by first and last name;
 * several addresses on a line, separated by commas or semicolons, are each a row). Rows with a
 * malformed address come back with their error, for the good rows to go ahead alone.
 */
export function parseInvitationList(input: string): ListRow[] {
  const text = input.replace(/^\uFEFF/, '').trim();
  if (!text) throw badRequest(InvitationMessages.emptyList);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes('\t') ? '\t' : firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy', header: false });
  let lines = parsed.data.map((cells) => cells.map((c) => c.trim()));

  let columns = { email: 0, first: -1, last: -1 };
  const head = lines[0] ?? [];
  const isHeader = head.some((c) => HEADER.email.test(c)) && !head.some((c) => c.includes('@'));
  if (isHeader) {
    columns = {
      email: head.findIndex((c) => HEADER.email.test(c)),
      first: head.findIndex((c) => HEADER.first.test(c)),
      last: head.findIndex((c) => HEADER.last.test(c)),
    };
    lines = lines.slice(1);
  }

  const entries: { email: string; firstName: string; lastName: string }[] = [];
  for (const cells of lines) {
    const filled = cells.filter(Boolean);
    if (!isHeader && filled.length > 1 && filled.every((c) => c.includes('@'))) {
      // A pasted line of several addresses.
      for (const email of filled) entries.push({ email, firstName: '', lastName: '' });
      continue;
    }
    if (isHeader) {
      entries.push({ email: cells[columns.email] ?? '', firstName: cells[columns.first] ?? '', lastName: cells[columns.last] ?? '' });
    } else {
      const at = cells.findIndex((c) => c.includes('@'));
      const names = cells.filter((c, i) => c && i !== Math.max(at, 0));
      entries.push({ email: cells[Math.max(at, 0)] ?? '', firstName: names[0] ?? '', lastName: names.slice(1).join(' ') });
    }
    if (entries.length > INVITATION_MAX_ROWS) throw badRequest(InvitationMessages.tooManyRows);
  }
  if (entries.length === 0) throw badRequest(InvitationMessages.emptyList);
  if (entries.length > INVITATION_MAX_ROWS) throw badRequest(InvitationMessages.tooManyRows);

  const seen = new Set<string>();
  return entries.map((e, i): ListRow => {
    const row = i + 1;
    const checked = emailSchema.safeParse(e.email);
    if (!checked.success) return { row, email: e.email, firstName: '', lastName: '', error: `Not a valid e-mail address: "${e.email}"` };
    const email = checked.data;
    if (seen.has(email)) return { row, email, firstName: '', lastName: '', error: 'Listed twice; invited once.' };
    seen.add(email);
    // Names are a convenience for the form the invited person fills in; an unusable one is dropped.
    const clean = (name: string) => (name.length <= NAME_MAX && !/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(name) ? name : '');
    return { row, email, firstName: clean(e.firstName), lastName: clean(e.lastName) };
  });
}
