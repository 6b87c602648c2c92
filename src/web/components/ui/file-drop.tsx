import { UploadIcon } from 'lucide-react';
import { useRef, useState, type ComponentProps, type DragEvent, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export type FileDropProps = Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'value' | 'children' | 'className'> & {
  /** Called with the chosen (or dropped) file; the input is cleared afterwards, so the same file can be chosen again. */
  onFile: (file: File) => void;
  /** Shown inside the drop area (defaults to a short prompt). */
  children?: ReactNode;
  className?: string;
};

/**
 * A real <input type="file"> (labelled by the caller's <Label htmlFor={id}>) inside a drop area.
 * The input stays in the tab order, visually hidden; the area shows its focus ring, a click on the
 * area opens the picker, and a file dropped on it is passed on like a chosen one.
 */
export function FileDrop({ onFile, children, className, disabled, ...inputProps }: FileDropProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div
      data-slot="file-drop"
      data-dragging={dragging || undefined}
      onClick={() => inputRef.current?.click()}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-input/60 bg-card px-4 py-5 text-center text-sm text-muted-foreground transition-colors',
        'hover:border-primary/60 hover:bg-muted/50 has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring/40',
        'data-[dragging]:border-primary data-[dragging]:bg-secondary',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <input
        ref={inputRef}
        type="file"
        className="sr-only"
        disabled={disabled}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
        {...inputProps}
      />
      {children ?? (
        <>
          <UploadIcon className="size-5" aria-hidden="true" />
          <span>
            <span className="font-medium text-primary">Choose a file</span> or drop it here
          </span>
        </>
      )}
    </div>
  );
}
