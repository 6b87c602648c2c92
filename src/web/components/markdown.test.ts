import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

type Options = Omit<Parameters<typeof Markdown>[0], 'markdown'>;
const render = (markdown: string, options: Options = {}) => renderToStaticMarkup(createElement(Markdown, { markdown, ...options }));

describe('Markdown', () => {
  it('highlights fenced code of the courses’ languages', () => {
    for (const [lang, code, keyword] of [
      ['c', 'int main(void) { return 0; }', 'return'],
      ['java', 'public class Main { }', 'public'],
      ['javascript', 'const gl = canvas.getContext("webgl");', 'const'],
      ['glsl', 'uniform vec4 color;\nvoid main() { gl_FragColor = color; }', 'uniform'],
    ] as const) {
      const html = render('```' + lang + '\n' + code + '\n```');
      expect(html, lang).toContain(`<code class="hljs language-${lang}">`);
      expect(html, lang).toContain(`<span class="hljs-keyword">${keyword}</span>`);
    }
  });

  it('lets the keyboard reach a code block, which scrolls sideways when a line is long', () => {
    expect(render('```c\nint x;\n```')).toContain('<pre tabindex="0">');
  });

  it('leaves code without a known language plain', () => {
    expect(render('```\nint x;\n```')).toContain('<code>int x;\n</code>');
    expect(render('```rust\nfn main() {}\n```')).toContain('<code class="language-rust">fn main() {}\n</code>');
  });

  it('shows HTML in the text as text, never as elements', () => {
    const html = render('Look: <img src=x onerror=alert(1)> and <script>alert(2)</script>\n\n<iframe src="https://example.com"></iframe>');
    expect(html).not.toMatch(/<img|<script|<iframe/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('keeps HTML inside a code block as text too', () => {
    const html = render('```javascript\ndocument.body.innerHTML = "<b onclick=x()>hi</b>";\n```');
    expect(html).not.toContain('<b onclick');
    expect(html).toContain('&lt;b onclick=x()&gt;');
  });

  it('drops script links and opens other links in a new tab', () => {
    const html = render('[click](javascript:alert(1)) and [docs](https://developer.mozilla.org/)');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://developer.mozilla.org/" target="_blank" rel="noopener noreferrer nofollow">docs</a>');
  });

  it('turns an image into a link, so nothing loads without a click', () => {
    const html = render('![diagram](https://tracker.example/pixel.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://tracker.example/pixel.png"');
  });

  it('shows a picture the course’s authors put in a statement when asked to', () => {
    expect(render('![diagram](https://example.com/figure.png)', { images: 'show' })).toContain(
      '<img src="https://example.com/figure.png" alt="diagram"/>',
    );
  });

  it('keeps headings as written, or puts them below the heading the text sits under', () => {
    expect(render('# One\n\n### Three\n\n##### Five')).toMatch(/<h1>One<\/h1>.*<h3>Three<\/h3>.*<h5>Five<\/h5>/s);
    const under = render('# One\n\n## Two\n\n### Three\n\n##### Five', { headingsBelow: 3 });
    expect(under).toMatch(/<h4>One<\/h4>.*<h4>Two<\/h4>.*<h4>Three<\/h4>.*<h5>Five<\/h5>/s);
    expect(under).not.toMatch(/<h[1-3]/);
  });

  it('gives inline code a chip that stands out from what the text sits on', () => {
    expect(render('`x`')).toContain('_code]:bg-muted');
    const onMuted = render('`x`', { surface: 'muted' });
    expect(onMuted).toContain('_code]:bg-white');
    expect(onMuted).not.toContain('_code]:bg-muted');
  });
});
