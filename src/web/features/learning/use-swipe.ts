import { useRef, type TouchEvent } from 'react';
import { swipeDirection } from './course-navigation';
import { swipeMayStart, type SwipeElement } from './swipe-start';

const selectedText = () => (typeof window === 'undefined' ? '' : (window.getSelection()?.toString() ?? ''));
const overflowOf = (el: SwipeElement) => getComputedStyle(el as unknown as Element);

/**
 * Touch handlers that call onSwipe for a horizontal swipe over the threshold (50 px). A swipe that starts in the code
 * editor, an output box, a field or a scrolling area, or while text is selected, is left to that area (swipe-start.ts).
 */
export function useSwipe(onSwipe: (direction: 'next' | 'previous') => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      const may =
        event.touches.length === 1 &&
        !!touch &&
        swipeMayStart(event.target, event.currentTarget, { overflowOf, selectedText: selectedText() });
      start.current = may && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      // A drag that selected text (or moved a selection's handle) is a selection, not a swipe.
      if (!from || !touch || selectedText().trim() !== '') return;
      const direction = swipeDirection(touch.clientX - from.x, touch.clientY - from.y);
      if (direction) onSwipe(direction);
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}
