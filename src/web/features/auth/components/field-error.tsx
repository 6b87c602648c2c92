/** The message under a field in error, which the field names in its aria-describedby. */
export function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="text-sm font-medium text-red-700 [overflow-wrap:anywhere] dark:text-red-400">
      {children}
    </p>
  );
}
