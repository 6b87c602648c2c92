/**
 * Where a lesson swipe may begin. A horizontal drag inside the code editor, an output box, a field or anything that
 * scrolls itself is the student selecting, scrolling or typing there, never a wish to change the lesson; nor is a
 * drag while text is selected (moving the selection's handles).
 */

/** Elements with gestures of their own: the editor, code and output boxes, fields, and any area marked data-no-swipe. */
export const NO_SWIPE_SELECTOR = [
  '.cm-editor',
  'pre',
  'code',
  'textarea',
  'input',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="slider"]',
  '[data-no-swipe]',
].join(', ');

/** What the filter reads of an element (a DOM Element has it all). */
export type SwipeElement = {
  closest(selector: string): unknown;
  readonly parentElement: SwipeElement | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
};

export type Overflow = { overflowX: string; overflowY: string };

const scrolls = (value: string) => value === 'auto' || value === 'scroll';

/** Whether the element scrolls its own content (it may, by its style, and has more than it shows). */
export function scrollsItself(el: SwipeElement, overflow: Overflow): boolean {
  return (
    (scrolls(overflow.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
    (scrolls(overflow.overflowY) && el.scrollHeight > el.clientHeight + 1)
  );
}

const isElement = (target: unknown): target is SwipeElement =>
  typeof target === 'object' && target !== null && typeof (target as { closest?: unknown }).closest === 'function';

/**
 * Whether a touch that starts on `target` inside `container` (the swiped area) may change the lesson: not while text
 * is selected, not inside NO_SWIPE_SELECTOR, and not inside an element between the two that scrolls itself.
 */
export function swipeMayStart(
  target: unknown,
  container: unknown,
  page: { overflowOf: (el: SwipeElement) => Overflow; selectedText: string },
): boolean {
  if (page.selectedText.trim() !== '') return false;
  if (!isElement(target)) return true;
  if (target.closest(NO_SWIPE_SELECTOR)) return false;
  for (let el: SwipeElement | null = target; el && el !== container; el = el.parentElement) {
    if (scrollsItself(el, page.overflowOf(el))) return false;
  }
  return true;
}
