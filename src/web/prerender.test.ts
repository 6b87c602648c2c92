import { describe, expect, it, vi } from 'vitest';

// The service worker's registration module exists only inside Vite's browser build.
vi.mock('virtual:pwa-register', () => ({ registerSW: () => async () => undefined }));
// Under Vitest, 'react-router/dom' loads a second copy of the router (its CommonJS build) whose
// context the pages would not see; the build has one copy. Its RouterProvider differs only in
// flushSync, which the app does not use.
vi.mock('react-router/dom', async () => ({ RouterProvider: (await import('react-router')).RouterProvider }));

const { render, prerenderedPaths } = await import('./prerender');

/** The text a reader sees in a piece of markup, without its tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('prerendered public pages', () => {
  it('renders the landing page itself: its headline, sections and courses, as static markup', async () => {
    const { html, title } = await render('/');
    expect(text(html)).toContain('Learn to code with a tutor who has your back');
    expect(html).toMatch(/<h1[^>]*id="hero-title"/);
    for (const course of ['C Programming Fundamentals', 'Java Object-Oriented Programming', 'WebGL 3D Graphics'])
      expect(html).toContain(course);
    expect(html).toContain('id="main-content"');
    // Nothing that depends on the visitor: the session is not known at build time.
    expect(text(html)).not.toContain('Dashboard');
    expect(title).toBe('CodeTutor · Learn programming with a personal tutor');
    // The title goes to the page's head; no script of any kind inside the markup (the CSP allows none inline).
    expect(html).not.toContain('<title>');
    expect(html).not.toContain('<script');
  });

  it('renders sign-in and registration with their forms', async () => {
    expect(prerenderedPaths).toEqual(['/', '/login', '/register']);
    const login = await render('/login');
    expect(login.title).toBe('Sign In · CodeTutor');
    expect(login.html).toContain('<form');
    const register = await render('/register');
    expect(register.html).toContain('<form');
  });
});
