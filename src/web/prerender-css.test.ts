import { describe, expect, it } from 'vitest';
import { criticalCss, htmlClasses, selectorClasses, withoutUnusedVariables } from './prerender-css';

const SHEET = [
  '/*! tailwindcss v4 | MIT License */',
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-red:red}}',
  '@layer base{*,:after,:before{box-sizing:border-box}body{margin:0}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  // What the theme declares is kept while a kept rule reads it (withoutUnusedVariables).
  '.size-1\\.5{width:.375rem;color:var(--color-red);translate:var(--tw-x)}',
  '.w-\\[min\\(24rem\\,calc\\(100vw-1rem\\)\\)\\]{width:min(24rem,calc(100vw - 1rem))}',
  '.dark\\:bg-slate-900:where(.dark,.dark *){background:#0f172a}',
  '.peer:not(.is-open)~.sibling{color:red}',
  '[data-x="1.5"] .flex{gap:1px}',
  '.group:hover .group-hover\\:underline,.unused-one{text-decoration:underline}',
  '@media (min-width:48rem){.md\\:grid{display:grid}.md\\:hidden{display:none}}',
  '@media (hover:hover){.hover\\:bg-muted:hover{background:gray}}',
  '}',
  '@property --tw-x{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

const MARKUP =
  '<html lang="en"><body><div class="flex size-1.5 w-[min(24rem,calc(100vw-1rem))] dark:bg-slate-900 peer group">' +
  '<a class="group-hover:underline sibling md:grid" href="/">x</a></div></body></html>';

describe("a prerendered page's own styles", () => {
  it('reads the classes of the markup, entities decoded', () => {
    expect([...htmlClasses('<p class="a  b&amp;c"></p><div class="d">')]).toEqual(['a', 'b&c', 'd']);
  });

  it("reads what a selector needs: escaped names, not what :not() or an attribute's value holds", () => {
    expect(selectorClasses('.hover\\:bg-muted:hover')).toEqual(['hover:bg-muted']);
    expect(selectorClasses('.size-1\\.5')).toEqual(['size-1.5']);
    expect(selectorClasses('.w-\\[10px\\]')).toEqual(['w-[10px]']);
    expect(selectorClasses('.\\32 xl\\:flex')).toEqual(['2xl:flex']);
    expect(selectorClasses('.peer:not(.is-open)~.sibling')).toEqual(['peer', 'sibling']);
    expect(selectorClasses('[data-x="1.5"] .flex')).toEqual(['flex']);
  });

  it('keeps the rules the markup uses and everything that is not a class rule, in order; drops the rest', () => {
    const css = criticalCss(SHEET, MARKUP);
    expect(css.startsWith('/*! tailwindcss v4 | MIT License */@layer theme,base,components,utilities;@layer theme{:root,:host')).toBe(true);
    for (const kept of [
      'body{margin:0}',
      '.flex{display:flex}',
      '.size-1\\.5{width:.375rem;',
      '.w-\\[min\\(24rem\\,calc\\(100vw-1rem\\)\\)\\]{',
      // The theme script's class on <html> counts as present.
      '.dark\\:bg-slate-900:where(.dark,.dark *){',
      '.peer:not(.is-open)~.sibling{color:red}',
      '[data-x="1.5"] .flex{gap:1px}',
      // Of a selector list, only the parts the markup uses.
      '.group:hover .group-hover\\:underline{text-decoration:underline}',
      '@media (min-width:48rem){.md\\:grid{display:grid}}',
      '@property --tw-x{syntax:"*";inherits:false}',
      '@keyframes spin{to{transform:rotate(360deg)}}',
    ])
      expect(css).toContain(kept);
    for (const dropped of ['.grid{', 'unused-one', '.md\\:hidden', 'hover:hover', '.hover\\:bg-muted']) expect(css).not.toContain(dropped);
  });

  it('keeps the whole sheet for markup that uses all of it', () => {
    const sheet = '.a{color:red}@media (min-width:1px){.b:hover{color:blue}}';
    expect(criticalCss(sheet, '<i class="a b"></i>')).toBe(sheet);
  });
});

describe("a page's styles without the variables nothing reads", () => {
  const sheet = [
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-blur{syntax:"*";inherits:false}',
    '@layer theme{:root{--color-red:red;--color-blue:blue;--font-sans:"A;B", sans-serif;--ring:var(--color-blue)}}',
    '@layer properties{*,:before{--tw-blur:initial;--tw-shadow:0 0 #0000}}',
    '@layer utilities{.shadow{box-shadow:var(--tw-shadow)}.ring{outline-color:var(--ring)}.font{font-family:var(--font-sans)}}',
  ].join('');

  it('keeps what a rule or the markup reads, and what a kept variable reads in turn', () => {
    const out = withoutUnusedVariables(sheet, '<div style="color:var(--color-red)"></div>');
    expect(out).toContain('--tw-shadow:0 0 #0000');
    expect(out).toContain('@property --tw-shadow{');
    expect(out).toContain('--ring:var(--color-blue)');
    expect(out).toContain('--color-blue:blue');
    expect(out).toContain('--color-red:red');
    // A quoted value with a semicolon in it is one declaration.
    expect(out).toContain('--font-sans:"A;B", sans-serif');
  });

  it('drops what nothing reads, with its @property, and leaves no empty rule', () => {
    const out = withoutUnusedVariables(sheet, '<div></div>');
    expect(out).not.toContain('--color-red');
    expect(out).not.toContain('--tw-blur');
    expect(out).toBe(
      [
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
        '@layer theme{:root{--color-blue:blue;--font-sans:"A;B", sans-serif;--ring:var(--color-blue)}}',
        '@layer properties{*,:before{--tw-shadow:0 0 #0000}}',
        '@layer utilities{.shadow{box-shadow:var(--tw-shadow)}.ring{outline-color:var(--ring)}.font{font-family:var(--font-sans)}}',
      ].join(''),
    );
    expect(withoutUnusedVariables('@layer properties{*{--tw-blur:initial}}.a{color:red}', '')).toBe('@layer properties{}.a{color:red}');
  });
});
