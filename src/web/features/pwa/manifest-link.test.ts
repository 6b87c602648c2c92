import { describe, expect, it } from 'vitest';
import { MANIFEST_PATH } from '@common/web-page';
import { linkManifest } from './manifest-link';

/** A document head that keeps the elements appended to it. */
function fakeDocument() {
  const links: { rel: string; href: string }[] = [];
  const doc = {
    head: {
      querySelector: (selector: string) => (selector === 'link[rel="manifest"]' ? (links.find((l) => l.rel === 'manifest') ?? null) : null),
      append: (link: { rel: string; href: string }) => void links.push(link),
    },
    createElement: () => ({ rel: '', href: '' }),
  };
  return { doc: doc as unknown as Document, links };
}

describe('linkManifest', () => {
  it('links the server’s manifest once', () => {
    const { doc, links } = fakeDocument();
    linkManifest(doc);
    linkManifest(doc);
    expect(links).toEqual([{ rel: 'manifest', href: MANIFEST_PATH }]);
  });
});
