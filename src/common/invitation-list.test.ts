import { describe, expect, it } from 'vitest';
import { parseInvitationList, splitFullName, type InvitationList } from './invitation-list';
import { INVITATION_MAX_ROWS, InvitationMessages } from './invitations';

const rowsOf = (list: InvitationList) => {
  if (!list.ok) throw new Error(list.message);
  return list.rows;
};
const people = (text: string) => rowsOf(parseInvitationList(text)).map(({ email, firstName, lastName }) => [email, firstName, lastName]);
const omar = ['omar@school.test', 'Omar', 'Haddad'];

describe('parseInvitationList: the forms a line may take', () => {
  it('reads an address followed by the name, separated by spaces', () => {
    expect(people('omar@school.test Omar Haddad')).toEqual([omar]);
    expect(people('  omar@school.test   Omar   Haddad  ')).toEqual([omar]);
  });
  it('reads commas, semicolons and tabs (columns pasted from a spreadsheet)', () => {
    expect(people('omar@school.test,Omar,Haddad')).toEqual([omar]);
    expect(people('omar@school.test, Omar, Haddad')).toEqual([omar]);
    expect(people('omar@school.test;Omar;Haddad')).toEqual([omar]);
    expect(people('jin@school.test;Jin;Park')).toEqual([['jin@school.test', 'Jin', 'Park']]);
    expect(people('omar@school.test\tOmar\tHaddad')).toEqual([omar]);
  });
  it('reads a name before the address in angle brackets, one or several on a line', () => {
    expect(people('Omar Haddad <omar@school.test>')).toEqual([omar]);
    expect(people('"Omar Haddad" <omar@school.test>')).toEqual([omar]);
    expect(people('Omar Haddad <omar@school.test>, Jin Park <jin@school.test>; <ada@school.test>')).toEqual([
      omar,
      ['jin@school.test', 'Jin', 'Park'],
      ['ada@school.test', '', ''],
    ]);
  });
  it('splits a full name in one field: first word first name, the rest last name', () => {
    expect(people('omar@school.test, Omar Haddad')).toEqual([omar]);
    expect(people('omar@school.test; Omar Al Haddad')).toEqual([['omar@school.test', 'Omar', 'Al Haddad']]);
    expect(people('omar@school.test Omar Al Haddad')).toEqual([['omar@school.test', 'Omar', 'Al Haddad']]);
    expect(people('maria@school.test\tMaria')).toEqual([['maria@school.test', 'Maria', '']]);
    // Given as two columns, the columns stand: a first name of two words stays one.
    expect(people('mary@school.test, Mary Ann, Smith')).toEqual([['mary@school.test', 'Mary Ann', 'Smith']]);
    expect(splitFullName('  Ada  ')).toEqual({ firstName: 'Ada', lastName: '' });
  });
  it('finds the address in any column, and takes the other columns as the name', () => {
    expect(people('Omar\tHaddad\tomar@school.test')).toEqual([omar]);
    expect(people('Omar Haddad omar@school.test')).toEqual([omar]);
  });
  it('takes one form per line, mixed in one list, with the address lower-cased and blank lines skipped', () => {
    expect(people('Omar@School.test Omar Haddad\n\n jin@school.test;Jin;Park\r\nAda Lovelace <ada@school.test>\n')).toEqual([
      omar,
      ['jin@school.test', 'Jin', 'Park'],
      ['ada@school.test', 'Ada', 'Lovelace'],
    ]);
  });
  it('makes each address of a line of addresses only a row of its own', () => {
    expect(people('a@school.test, b@school.test; c@school.test')).toEqual([
      ['a@school.test', '', ''],
      ['b@school.test', '', ''],
      ['c@school.test', '', ''],
    ]);
    expect(people('a@school.test b@school.test')).toEqual([
      ['a@school.test', '', ''],
      ['b@school.test', '', ''],
    ]);
  });
  it('reads a CSV file by its header, with quoted fields and a "name" column', () => {
    const csv = ['\uFEFFFirst Name,Last Name,Email', '"Lovelace, jr",Ada,ada@school.test', 'Grace,"Hopper ""Amazing""",grace@school.test'];
    expect(people(csv.join('\n'))).toEqual([
      ['ada@school.test', 'Lovelace, jr', 'Ada'],
      ['grace@school.test', 'Grace', 'Hopper "Amazing"'],
    ]);
    expect(people('email;name\nomar@school.test;Omar Haddad')).toEqual([omar]);
    // Rows are numbered from the first person, the header not counted.
    expect(rowsOf(parseInvitationList('email\nomar@school.test')).map((r) => r.row)).toEqual([1]);
  });
});

describe('parseInvitationList: refusals', () => {
  it('refuses a bad line with a message of its own, and keeps the good ones', () => {
    const rows = rowsOf(
      parseInvitationList(
        [
          'omar@school.test Omar Haddad',
          'not-an-address,Bad,Row',
          'ada@@school Ada',
          'a@school.test, b@school.test, Ann',
          `long@school.test ${'x'.repeat(81)}`,
          'odd@school.test,Ev\u202Eil',
          'OMAR@school.test',
        ].join('\n'),
      ),
    );
    expect(rows.map((r) => [r.row, r.email, r.error])).toEqual([
      [1, 'omar@school.test', undefined],
      [2, '', InvitationMessages.noAddress('not-an-address,Bad,Row')],
      [3, 'ada@@school', InvitationMessages.notAnAddress('ada@@school')],
      [4, 'a@school.test', InvitationMessages.severalOnALine],
      [5, 'long@school.test', InvitationMessages.nameTooLong],
      [6, 'odd@school.test', InvitationMessages.nameUnsafe],
      [7, 'omar@school.test', InvitationMessages.listedTwice(1)],
    ]);
    expect(InvitationMessages.noAddress('not-an-address,Bad,Row')).toBe('No e-mail address on this line: "not-an-address,Bad,Row".');
  });
  it('says a line that is only half in the angle form has a bad address', () => {
    const [row] = rowsOf(parseInvitationList('Omar Haddad <omar@school.test'));
    expect(row!.error).toBe(InvitationMessages.notAnAddress('<omar@school.test'));
  });
  it('refuses an empty list and one over the limit as a whole', () => {
    expect(parseInvitationList('  \n\t\n')).toEqual({ ok: false, message: InvitationMessages.emptyList });
    expect(parseInvitationList('email,first name\n')).toEqual({ ok: false, message: InvitationMessages.emptyList });
    const many = (n: number) => Array.from({ length: n }, (_, i) => `p${i}@school.test`);
    expect(parseInvitationList(many(INVITATION_MAX_ROWS + 1).join('\n'))).toEqual({ ok: false, message: InvitationMessages.tooManyRows });
    expect(parseInvitationList(many(INVITATION_MAX_ROWS + 1).join(', '))).toEqual({ ok: false, message: InvitationMessages.tooManyRows });
    expect(rowsOf(parseInvitationList(many(INVITATION_MAX_ROWS).join(', ')))).toHaveLength(INVITATION_MAX_ROWS);
  });
});
