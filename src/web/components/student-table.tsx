import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export type StudentTableColumn = {
  /** What the column holds; a column of buttons still names itself for screen readers (`srOnly`). */
  header: string;
  srOnly?: boolean;
  /** Left out on a phone, where the table would scroll sideways for it. */
  wideOnly?: boolean;
  align?: 'right';
};

/**
 * The tutor's tables of students' work (an exercise's students, a quiz's attempts, a similarity check's pairs): a
 * bordered table that scrolls on its own on a phone, reachable by keyboard, with a caption read out.
 */
export function StudentTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption?: string;
  columns: StudentTableColumn[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn('px-3 py-2 font-medium', c.wideOnly && 'hidden sm:table-cell', c.align === 'right' && 'text-right')}
              >
                {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

/** A student as these tables name them: the name, and the e-mail under it. */
export function StudentNameCell({ name, email }: { name: string; email: string }) {
  return (
    <td className="px-3 py-2">
      <span className="block font-medium break-words">{name}</span>
      <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{email}</span>
    </td>
  );
}
