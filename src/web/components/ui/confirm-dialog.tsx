import { LoaderCircleIcon } from 'lucide-react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { buttonVariants } from './button';

export type ConfirmDialogProps = {
  /** Controlled open state; pair with onOpenChange. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Called when the confirm button is pressed. The dialog stays open: close it yourself when the work is done. */
  onConfirm: () => void;
  confirmLabel?: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for actions that delete or revoke something. */
  destructive?: boolean;
  /** Disables both buttons, blocks closing, and shows a spinner on the confirm button. */
  pending?: boolean;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
  className?: string;
};

/**
 * A confirmation built on Radix AlertDialog: focus moves to Cancel, Escape cancels, a click on the
 * overlay does not dismiss, and the title and description are announced by screen readers.
 * Controlled only, so the caller decides which item it is confirming.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel = 'Confirm',
  pendingLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  children,
  className,
}: ConfirmDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay
          data-slot="confirm-dialog-overlay"
          className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px]"
        />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          aria-busy={pending}
          onEscapeKeyDown={(event) => {
            if (pending) event.preventDefault();
          }}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl',
            className,
          )}
        >
          <div className="grid gap-2">
            <AlertDialogPrimitive.Title className="text-lg font-semibold leading-tight">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-muted-foreground">{description}</AlertDialogPrimitive.Description>
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'outline' })} disabled={pending}>
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            {/* A plain button, not AlertDialog.Action, so the dialog stays open while the work runs. */}
            <button
              type="button"
              className={buttonVariants({ variant: destructive ? 'destructive' : 'default' })}
              disabled={pending}
              onClick={onConfirm}
            >
              {pending && <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
