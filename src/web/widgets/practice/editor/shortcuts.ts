/** The keys of Run and Submit, as the hint under the editor and the buttons' aria-keyshortcuts say them. */
export const RUN_SHORTCUT = 'Control+Enter';
export const SUBMIT_SHORTCUT = 'Control+Shift+Enter';
export const SHORTCUTS_HINT = 'Ctrl+Enter runs · Ctrl+Shift+Enter submits';

/** Whether a key press in a field (the custom input) is Run's (Ctrl+Enter) or Submit's (Ctrl+Shift+Enter). */
export function shortcutOf(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'run' | 'submit' | null {
  if (e.key !== 'Enter' || e.altKey || !(e.ctrlKey || e.metaKey)) return null;
  return e.shiftKey ? 'submit' : 'run';
}
