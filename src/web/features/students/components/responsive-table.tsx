import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/*
 * A table at 768px and wider; below, every row becomes a stacked card whose cells carry their own
 * label. One DOM for both, so tests and screen readers meet the same elements. The ARIA roles are
 * the elements' own: they are spelled out because some browsers drop a table's semantics once
 * its display is changed (Adrian Roselli, "Tables, CSS Display Properties, and ARIA").
 */

export function ResponsiveTable({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('md:overflow-x-auto md:rounded-xl md:border md:bg-card md:shadow-sm', className)}>
      <table role="table" className="w-full text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The column headers; a `srOnly` header (the checkbox column) is read out but not shown. */
export function ResponsiveTableHead({ columns }: { columns: { label: string; className?: string; srOnly?: boolean }[] }) {
  return (
    <thead role="rowgroup" className="max-md:sr-only">
      <tr role="row" className="border-b bg-muted/50">
        {columns.map((c) => (
          <th
            key={c.label}
            role="columnheader"
            scope="col"
            className={cn('px-4 py-3 text-left font-medium text-muted-foreground', c.className)}
          >
            {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function ResponsiveTableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody role="rowgroup" className={cn('max-md:flex max-md:flex-col max-md:gap-3', className)} {...props} />;
}

export function ResponsiveTableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      role="row"
      className={cn(
        'border-b last:border-b-0 md:hover:bg-muted/30',
        'max-md:flex max-md:flex-col max-md:gap-2.5 max-md:rounded-xl max-md:border max-md:bg-card max-md:p-4 max-md:shadow-sm max-md:last:border-b',
        className,
      )}
      {...props}
    />
  );
}

/** A cell; `label` is shown before the value only in the stacked layout (the column header says it on wide screens). */
export function ResponsiveTableCell({ label, className, children, ...props }: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      role="cell"
      className={cn('px-4 py-3 align-middle max-md:flex max-md:items-baseline max-md:gap-3 max-md:p-0', className)}
      {...props}
    >
      {label && (
        <span aria-hidden="true" className="w-24 shrink-0 text-xs font-medium uppercase tracking-wide text-muted-foreground md:hidden">
          {label}
        </span>
      )}
      {children}
    </td>
  );
}
