import { describe, expect, it } from 'vitest';
import { notPrecached, pageRoutes, routePreloads } from './route-manifest';

describe('the route manifest', () => {
  it('names exactly the page files the router loads (features/*/*-page.tsx), each existing', () => {
    // The router's own pattern (router.tsx), resolved by Vite as the build resolves it.
    const onDisk = Object.keys(import.meta.glob('../features/*/*-page.tsx')).map((key) => key.replace(/^\.\.\//, 'src/web/'));
    expect(onDisk.length).toBeGreaterThan(10);
    expect(new Set(pageRoutes.map((r) => r.page))).toEqual(new Set(onDisk));
  });

  it('declares each path once, and preloads the shell (and the admin view switch) with signed-in pages', () => {
    const paths = pageRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const table = routePreloads();
    expect(table['/']!.modules).toEqual(['src/web/features/landing/landing-page.tsx']);
    expect(table['/admin/analytics']!.modules).toContain('src/web/features/shell/view-mode-switch.tsx');
    expect(table['/student/dashboard']!.modules).not.toContain('src/web/features/shell/view-mode-switch.tsx');
    expect(table['/dashboard']).toEqual({ modules: [], data: ['/api/session'] });
  });

  it("keeps the tutor's pages, and only those, out of the precache", () => {
    expect(notPrecached().sort()).toEqual(
      [
        'admin-home-page',
        'admin-students-page',
        'analytics-page',
        'backups-page',
        'course-editor-page',
        'courses-page',
        'database-helper-page',
        'gradebook-page',
        'invitations-page',
        'notification-settings-page',
        'questions-page',
        'student-page',
      ].sort(),
    );
  });
});
