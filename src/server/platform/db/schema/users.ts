import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('user_role', ['admin', 'student']);
export const approvalStatusEnum = pgEnum('approval_status', ['pending', 'approved', 'rejected']);

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: roleEnum('role').notNull().default('student'),
    approvalStatus: approvalStatusEnum('approval_status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    index('users_role_status_idx').on(t.role, t.approvalStatus),
    // Keyset pages of the admin's table API, one per sortable field (migration 0013).
    index('users_email_id_idx').on(t.email, t.id),
    index('users_first_name_id_idx').on(t.firstName, t.id),
    index('users_last_name_id_idx').on(t.lastName, t.id),
    index('users_approval_status_id_idx').on(t.approvalStatus, t.id),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    index('users_updated_at_id_idx').on(t.updatedAt, t.id),
  ],
);
export type UserRow = typeof users.$inferSelect;
