import { and, asc, between, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { TABLE_FILTER_OPERATORS, TABLE_PAGE_DEFAULT, TABLE_PAGE_MAX, type TableFilterOperator } from '../../../common/database-helper';
import { badRequest } from '../../platform/http/errors';
import { isUuid } from '../../platform/http/ids';
import { type FieldDef, type TableDef, findField, sortableFields } from './tables';

/**
 * The item query grammar, turned into Drizzle conditions: only allow-listed fields,
 * every value parsed to its column's type and passed as a parameter, never spliced into SQL.
 */

export type RawQuery = Record<string, string | string[] | undefined>;
type Cursor = { s: string; o: 'asc' | 'desc'; v: string | null; id: string };
export type TableQuery = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  sort: FieldDef;
  order: 'asc' | 'desc';
  idField: FieldDef;
};

const RESERVED = new Set(['_limit', '_cursor', '_sort', '_order']);
const VALUE_MAX = 1000;
const IN_MAX = 100;

const single = (name: string, v: string | string[] | undefined): string | undefined => {
  if (Array.isArray(v)) throw badRequest(`The parameter '${name}' is given more than once.`);
  return v;
};

function parseValue(field: FieldDef, raw: string): string | number | boolean | Date {
  const bad = (expected: string) => badRequest(`Invalid value '${raw.slice(0, 100)}' for field '${field.name}': expected ${expected}.`);
  switch (field.type) {
    case 'uuid':
      if (!isUuid(raw)) throw bad('a UUID');
      return raw;
    case 'int':
      if (!/^-?\d{1,10}$/.test(raw) || Math.abs(Number(raw)) > 2_147_483_647) throw bad('a whole number');
      return Number(raw);
    case 'bool': {
      const v = raw.toLowerCase();
      if (v !== 'true' && v !== 'false') throw bad('true or false');
      return v === 'true';
    }
    case 'timestamp': {
      if (!isRealTimestamp(raw)) throw bad('a date or time such as 2025-01-31 or 2025-01-31T12:00:00Z');
      return new Date(raw);
    }
    case 'enum': {
      const v = field.values?.find((x) => x.toLowerCase() === raw.toLowerCase());
      if (!v) throw bad(`one of ${field.values?.join(', ')}`);
      return v;
    }
    case 'text':
      return raw;
  }
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)?$/;

/**
 * A date or time that exists on the calendar. JavaScript rolls 2025-02-30 over to 2 March, while
 * PostgreSQL refuses it: a value only one of them accepts would reach the database and fail there.
 * The forms are ISO 8601 and PostgreSQL's own text output (a cursor carries that).
 */
export function isRealTimestamp(raw: string): boolean {
  const m = TIMESTAMP.exec(raw);
  if (!m) return false;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', zh = '0', zm = '0'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return false;
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59 || Number(zh) > 15 || Number(zm) > 59) return false;
  return !Number.isNaN(Date.parse(raw));
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterCondition(field: FieldDef, rawValue: string): SQL {
  if (rawValue.length > VALUE_MAX) throw badRequest(`The filter on '${field.name}' is longer than ${VALUE_MAX} characters.`);
  const m = /^([A-Za-z]+):([\s\S]*)$/.exec(rawValue);
  let op: TableFilterOperator = 'eq';
  let value = rawValue;
  if (m) {
    const name = m[1]!.toLowerCase();
    if (!(TABLE_FILTER_OPERATORS as readonly string[]).includes(name)) {
      throw badRequest(`Unknown operator '${m[1]}' in the filter on '${field.name}'. Operators: ${TABLE_FILTER_OPERATORS.join(', ')}.`);
    }
    op = name as TableFilterOperator;
    value = m[2]!;
  }
  const col = field.column;
  if (field.type === 'bool' && !['eq', 'ne', 'is'].includes(op))
    throw badRequest(`The operator '${op}' does not apply to the true/false field '${field.name}'.`);
  switch (op) {
    case 'eq':
      return eq(col, parseValue(field, value));
    case 'ne':
      return ne(col, parseValue(field, value));
    case 'gt':
      return gt(col, parseValue(field, value));
    case 'gte':
      return gte(col, parseValue(field, value));
    case 'lt':
      return lt(col, parseValue(field, value));
    case 'lte':
      return lte(col, parseValue(field, value));
    case 'like':
      if (field.type !== 'text') throw badRequest(`The operator 'like' applies to text fields only, not to '${field.name}'.`);
      return ilike(col, `%${escapeLike(value)}%`);
    case 'in': {
      const parts = value.split(',').map((p) => p.trim());
      if (parts.length > IN_MAX) throw badRequest(`The operator 'in' takes at most ${IN_MAX} values.`);
      return inArray(col, parts.map((p) => parseValue(field, p)) as never[]);
    }
    case 'is': {
      const v = value.toLowerCase();
      if (v === 'null') return isNull(col);
      if (v === 'notnull') return isNotNull(col);
      throw badRequest(`The operator 'is' takes null or notnull, as in ${field.name}=is:null.`);
    }
    case 'between': {
      const parts = value.split(',').map((p) => p.trim());
      if (parts.length !== 2 || !parts[0] || !parts[1]) {
        throw badRequest(`BETWEEN takes two values, as in ${field.name}=BETWEEN:low,high.`);
      }
      return between(col, parseValue(field, parts[0]), parseValue(field, parts[1]));
    }
  }
}

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.s === 'string' && (c.o === 'asc' || c.o === 'desc') && (typeof c.v === 'string' || c.v === null) && isUuid(c.id)) return c;
  } catch {
    // falls through to the error below
  }
  throw badRequest('The _cursor is not valid. Start again without _cursor.');
}

/**
 * Keyset paging on (sort field, id), written as one row comparison: PostgreSQL then starts the
 * (field, id) index scan right after the previous page instead of reading every row before it.
 * Sortable fields are never empty, so no NULL can fall outside the comparison.
 */
function afterCursor(sort: FieldDef, idField: FieldDef, order: 'asc' | 'desc', c: Cursor & { v: string }): SQL {
  const v = sql`cast(${c.v} as ${sql.raw(sort.pgType)})`;
  const id = sql`cast(${c.id} as uuid)`;
  return order === 'asc'
    ? sql`(${sort.column}, ${idField.column}) > (${v}, ${id})`
    : sql`(${sort.column}, ${idField.column}) < (${v}, ${id})`;
}

export function buildTableQuery(table: TableDef, query: RawQuery): TableQuery {
  const conditions: SQL[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    if (key.startsWith('_')) {
      if (!RESERVED.has(key)) throw badRequest(`Unknown parameter '${key}'. Use _limit, _cursor, _sort, _order or a field name.`);
      continue;
    }
    const field = findField(table, key);
    if (!field) {
      throw badRequest(`Unknown field '${key}' for table '${table.name}'. Fields: ${table.fields.map((f) => f.name).join(', ')}.`);
    }
    for (const value of Array.isArray(raw) ? raw : [raw]) conditions.push(filterCondition(field, value));
  }

  const rawLimit = single('_limit', query._limit);
  let limit = TABLE_PAGE_DEFAULT;
  if (rawLimit !== undefined) {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1) throw badRequest('_limit must be a whole number of 1 or more.');
    limit = Math.min(Number(rawLimit), TABLE_PAGE_MAX);
  }

  const sortName = single('_sort', query._sort) ?? 'createdAt';
  const sort = findField(table, sortName);
  const sortable = sortableFields(table)
    .map((f) => f.name)
    .join(', ');
  if (!sort) throw badRequest(`Unknown field '${sortName}' in _sort for table '${table.name}'. Sortable fields: ${sortable}.`);
  if (!sort.sortable)
    throw badRequest(
      `The field '${sort.name}' cannot be used in _sort for table '${table.name}' (no index serves it). Sortable fields: ${sortable}.`,
    );
  const rawOrder = (single('_order', query._order) ?? 'desc').toLowerCase();
  if (rawOrder !== 'asc' && rawOrder !== 'desc') throw badRequest('_order must be asc or desc.');
  const order = rawOrder;

  const idField = findField(table, 'id')!;
  const rawCursor = single('_cursor', query._cursor);
  if (rawCursor) {
    const c = decodeCursor(rawCursor);
    if (c.s !== sort.name || c.o !== order)
      throw badRequest('The _cursor belongs to another _sort or _order. Start again without _cursor.');
    // A forged cursor value must be a 400, not a failed cast in PostgreSQL (an impossible date included).
    const v = c.v;
    if (v === null) throw badRequest('The _cursor is not valid. Start again without _cursor.');
    try {
      parseValue(sort, v);
    } catch {
      const what = sort.type === 'timestamp' ? 'a date that exists' : `a valid ${sort.type} value`;
      throw badRequest(`The _cursor is not valid. Its value for '${sort.name}' is not ${what}. Start again without _cursor.`);
    }
    conditions.push(afterCursor(sort, idField, order, { ...c, v }));
  }

  // The same order as the (field, id) index, read forwards or backwards.
  const dir = order === 'asc' ? asc : desc;
  const orderBy = [dir(sort.column), dir(idField.column)];
  return { where: conditions.length ? and(...conditions) : undefined, orderBy, limit, sort, order, idField };
}
