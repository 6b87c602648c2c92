import { emailSchema } from './auth';
import { INVITATION_MAX_ROWS, InvitationMessages } from './invitations';
import { NAME_MAX } from './limits';

/**
 * Reads the tutor's list of people to invite, as pasted or uploaded. The screen's preview and the
 * server read it with this one function, so what the tutor sees before sending is what is sent.
 *
 * One person per line, in any of these forms (INVITATION_LIST_FORMATS):
 *   omar@school.test Omar Haddad
 *   omar@school.test,Omar,Haddad      (also with a full name in one field: omar@school.test, Omar Haddad)
 *   omar@school.test;Omar;Haddad
 *   omar@school.test<TAB>Omar<TAB>Haddad   (columns pasted from a spreadsheet)
 *   Omar Haddad <omar@school.test>
 * The address may stand in any column; the names are the other columns in order. A name given as one
 * field is split: its first word is the first name, the rest the last name. Several addresses on a
 * line with no names are each a row (a pasted "To:" line). A CSV file whose first line names an
 * "email" column (and optional "first name", "last name" or "name" columns) is read by its header.
 */

/** One person of the list: `error` says what is wrong with the row, which is then left out. */
export type InvitationListRow = { row: number; email: string; firstName: string; lastName: string; error?: string };

export type InvitationList = { ok: true; rows: InvitationListRow[] } | { ok: false; message: string };

/** The forms a line may take, as the screen shows them under the box. */
export const INVITATION_LIST_FORMATS = [
  { example: 'omar@school.test Omar Haddad', note: 'address, then the name' },
  { example: 'omar@school.test, Omar, Haddad', note: 'separated by commas' },
  { example: 'omar@school.test; Omar; Haddad', note: 'separated by semicolons' },
  { example: 'omar@school.test\tOmar\tHaddad', note: 'columns pasted from a spreadsheet' },
  { example: 'Omar Haddad <omar@school.test>', note: 'as a mail program writes it' },
] as const;

type Entry = { email: string; firstName: string; lastName: string; error?: string };

const HEADER = { email: /^e-?mail/i, first: /^(first|given)/i, last: /^(last|family|surname)/i, name: /^(full\s*)?name$/i };
// Line breaks, control and text-direction characters could disguise a name in lists and mails (as at registration).
const UNSAFE_NAME = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
// A name, bare or in double quotes, then an address in angle brackets, then an optional separator.
const ANGLE = /\s*(?:"([^"]*)"|([^<>",;]*?))\s*<([^<>]*)>\s*[,;]?/y;

const hasAt = (cell: string) => cell.includes('@');

/** A name in one field: its first word is the first name, the rest the last name. */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** The cells of a line split at `delimiter`, outside double quotes ("" inside quotes is a quote), trimmed. */
function splitCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** A line's own separator: a tab (a spreadsheet's columns), else a semicolon, else a comma, else spaces. */
function cellsOf(line: string): { cells: string[]; spaced: boolean } {
  for (const delimiter of ['\t', ';', ',']) if (line.includes(delimiter)) return { cells: splitCells(line, delimiter), spaced: false };
  return { cells: line.trim().split(/\s+/), spaced: true };
}

/** Names from the columns beside the address: one field is a full name; more are first name, then last name. */
function namesOf(fields: string[]): { firstName: string; lastName: string } {
  const used = [...fields];
  while (used.length && !used.at(-1)) used.pop();
  if (used.length <= 1) return splitFullName(used[0] ?? '');
  return { firstName: used[0]!, lastName: used.slice(1).filter(Boolean).join(' ') };
}

/** `Name <address>`, one or several on a line; null when the line is not wholly of that form. */
function angleEntries(line: string): Entry[] | null {
  if (!line.includes('<')) return null;
  const entries: Entry[] = [];
  ANGLE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (ANGLE.lastIndex < line.length && (match = ANGLE.exec(line))) {
    entries.push({ email: match[3]!.trim(), ...splitFullName(match[1] ?? match[2] ?? '') });
  }
  return entries.length && line.slice(ANGLE.lastIndex).trim() === '' ? entries : null;
}

/** The people on one line of a list without a header. */
function lineEntries(line: string): Entry[] {
  const angled = angleEntries(line);
  if (angled) return angled;
  // A pasted "To:" line: several addresses and nothing else, however separated.
  const tokens = line.split(/[\s,;]+/).filter(Boolean);
  if (tokens.length > 1 && tokens.every(hasAt)) return tokens.map((email) => ({ email, firstName: '', lastName: '' }));
  const { cells, spaced } = cellsOf(line);
  const addresses = cells.filter(hasAt);
  const others = cells.filter((c) => !hasAt(c));
  if (addresses.length === 0) {
    return [{ email: '', firstName: '', lastName: '', error: InvitationMessages.noAddress(line) }];
  }
  if (addresses.length > 1) return [{ email: addresses[0]!, firstName: '', lastName: '', error: InvitationMessages.severalOnALine }];
  const names = spaced ? splitFullName(others.join(' ')) : namesOf(others);
  return [{ email: addresses[0]!, ...names }];
}

/** A list whose first line names its columns (an uploaded CSV file). */
function headedEntries(lines: string[], head: string[], delimiter: string): Entry[] {
  const column = (pattern: RegExp) => head.findIndex((c) => pattern.test(c));
  const at = { email: column(HEADER.email), first: column(HEADER.first), last: column(HEADER.last), name: column(HEADER.name) };
  return lines.map((line) => {
    const cells = splitCells(line, delimiter);
    const email = cells[at.email] ?? '';
    if (!email) return { email: '', firstName: '', lastName: '', error: InvitationMessages.noAddress(line) };
    const firstName = cells[at.first] ?? '';
    const lastName = cells[at.last] ?? '';
    if (!firstName && !lastName && at.name >= 0) return { email, ...splitFullName(cells[at.name] ?? '') };
    return { email, firstName, lastName };
  });
}

function headerOf(line: string): { head: string[]; delimiter: string } | null {
  const delimiter = ['\t', ';', ','].find((d) => line.includes(d)) ?? ',';
  const head = splitCells(line, delimiter);
  return head.some((c) => HEADER.email.test(c)) && !head.some(hasAt) ? { head, delimiter } : null;
}

/** What is wrong with a row's names, if anything. */
function nameProblem(entry: Entry): string | undefined {
  for (const name of [entry.firstName, entry.lastName]) {
    if (name.length > NAME_MAX) return InvitationMessages.nameTooLong;
    if (UNSAFE_NAME.test(name)) return InvitationMessages.nameUnsafe;
  }
  return undefined;
}

/**
 * The list read row by row. A bad row carries its error and the good rows go ahead alone; an empty
 * list or one over INVITATION_MAX_ROWS is refused as a whole.
 */
export function parseInvitationList(input: string): InvitationList {
  const lines = input
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) return { ok: false, message: InvitationMessages.emptyList };
  const header = headerOf(lines[0]!);
  const body = header ? lines.slice(1) : lines;
  if (body.length > INVITATION_MAX_ROWS) return { ok: false, message: InvitationMessages.tooManyRows };
  const entries = header ? headedEntries(body, header.head, header.delimiter) : body.flatMap(lineEntries);
  if (entries.length === 0) return { ok: false, message: InvitationMessages.emptyList };
  if (entries.length > INVITATION_MAX_ROWS) return { ok: false, message: InvitationMessages.tooManyRows };

  const firstRowOf = new Map<string, number>();
  const rows = entries.map((entry, i): InvitationListRow => {
    const row = i + 1;
    const bad = (error: string, email = entry.email) => ({ row, email, firstName: entry.firstName, lastName: entry.lastName, error });
    if (entry.error) return bad(entry.error);
    const checked = emailSchema.safeParse(entry.email);
    if (!checked.success) return bad(InvitationMessages.notAnAddress(entry.email));
    const email = checked.data;
    const problem = nameProblem(entry);
    if (problem) return bad(problem, email);
    const first = firstRowOf.get(email);
    if (first !== undefined) return bad(InvitationMessages.listedTwice(first), email);
    firstRowOf.set(email, row);
    return { row, email, firstName: entry.firstName, lastName: entry.lastName };
  });
  return { ok: true, rows };
}
