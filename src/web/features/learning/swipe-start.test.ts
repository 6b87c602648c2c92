import { describe, expect, it } from 'vitest';
import { NO_SWIPE_SELECTOR, swipeMayStart, type Overflow, type SwipeElement } from './swipe-start';

/** A stand-in for a DOM element: `match` is the selector it answers to (a tag, a class, an attribute). */
type Fake = SwipeElement & { match: string; overflow: Overflow };
function el(
  match: string,
  parent: Fake | null,
  size: Partial<Pick<Fake, 'scrollWidth' | 'clientWidth' | 'scrollHeight' | 'clientHeight'>> = {},
  overflow: Partial<Overflow> = {},
): Fake {
  const self: Fake = {
    match,
    parentElement: parent,
    scrollWidth: 100,
    clientWidth: 100,
    scrollHeight: 100,
    clientHeight: 100,
    ...size,
    overflow: { overflowX: 'visible', overflowY: 'visible', ...overflow },
    closest(selector: string) {
      const wanted = selector.split(', ');
      for (let e: Fake | null = self; e; e = e.parentElement as Fake | null) if (wanted.includes(e.match)) return e;
      return null;
    },
  };
  return self;
}
const page = (selectedText = '') => ({ overflowOf: (e: SwipeElement) => (e as Fake).overflow, selectedText });

const lesson = el('section', null);
const panel = el('div', lesson);

describe('swipeMayStart', () => {
  it('lets a swipe start on the lesson text', () => {
    expect(swipeMayStart(el('p', panel), lesson, page())).toBe(true);
  });

  it.each(['.cm-editor', 'pre', 'textarea', 'input', '[data-no-swipe]'])('refuses a swipe that starts inside %s', (match) => {
    expect(NO_SWIPE_SELECTOR).toContain(match);
    const inner = el('span', el('div', el(match, panel)));
    expect(swipeMayStart(inner, lesson, page())).toBe(false);
  });

  it('refuses a swipe while text is selected', () => {
    expect(swipeMayStart(el('p', panel), lesson, page('int main'))).toBe(false);
  });

  it('refuses a swipe inside an area that scrolls sideways or down', () => {
    const wide = el('div', panel, { scrollWidth: 400, clientWidth: 200 }, { overflowX: 'auto' });
    expect(swipeMayStart(el('span', wide), lesson, page())).toBe(false);
    const tall = el('div', panel, { scrollHeight: 400, clientHeight: 200 }, { overflowY: 'scroll' });
    expect(swipeMayStart(el('span', tall), lesson, page())).toBe(false);
  });

  it('lets a swipe start in an area that could scroll but has nothing more to show, or hides its overflow', () => {
    const fits = el('div', panel, {}, { overflowX: 'auto', overflowY: 'auto' });
    expect(swipeMayStart(el('span', fits), lesson, page())).toBe(true);
    const clipped = el('div', panel, { scrollWidth: 400, clientWidth: 200 }, { overflowX: 'hidden' });
    expect(swipeMayStart(el('span', clipped), lesson, page())).toBe(true);
  });

  it('looks no further up than the swiped area', () => {
    const page_ = el('main', null, { scrollHeight: 4000, clientHeight: 800 }, { overflowY: 'auto' });
    const section = el('section', page_);
    expect(swipeMayStart(el('p', section), section, page())).toBe(true);
  });

  it('lets a swipe start on a target that is not an element', () => {
    expect(swipeMayStart(null, lesson, page())).toBe(true);
  });
});
