import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownMessage } from './markdown-message';

const render = (content: string) => renderToStaticMarkup(createElement(MarkdownMessage, { content }));

describe('MarkdownMessage', () => {
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

  it('shows HTML in an answer as text, never as elements', () => {
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
});
