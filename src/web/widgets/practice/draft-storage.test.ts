import { describe, expect, it } from 'vitest';
import { chooseDraft, parseLocalDraft } from './draft-storage';

const at = (iso: string) => new Date(iso).toISOString();

describe('chooseDraft', () => {
  it('opens the starter code before anything was typed', () => {
    expect(chooseDraft(null, null, 'int main() {}')).toEqual({ code: 'int main() {}', files: [], source: 'starter', needsSync: false });
  });

  it('prefers the server draft when it is newer than the local one', () => {
    const chosen = chooseDraft(
      { code: 'server', savedAt: at('2025-01-02T10:00:00Z') },
      { code: 'local', savedAt: at('2025-01-02T09:00:00Z'), synced: true },
      '',
    );
    expect(chosen).toEqual({ code: 'server', files: [], source: 'server', needsSync: false });
  });

  it('prefers the local draft typed offline after the server saved, and asks to send it', () => {
    const chosen = chooseDraft(
      { code: 'server', savedAt: at('2025-01-02T10:00:00Z') },
      { code: 'typed offline', savedAt: at('2025-01-02T10:05:00Z'), synced: false },
      '',
    );
    expect(chosen).toEqual({ code: 'typed offline', files: [], source: 'local', needsSync: true });
  });

  it('does not send again a newer local copy that holds the same code', () => {
    const chosen = chooseDraft(
      { code: 'same', savedAt: at('2025-01-02T10:00:00Z') },
      { code: 'same', savedAt: at('2025-01-02T10:00:01Z'), synced: true },
      '',
    );
    expect(chosen.needsSync).toBe(false);
  });

  it('uses the local draft when the server has none, sending it if the server never saw it', () => {
    expect(chooseDraft(null, { code: 'mine', savedAt: at('2025-01-01T00:00:00Z'), synced: false }, 'start')).toEqual({
      code: 'mine',
      files: [],
      source: 'local',
      needsSync: true,
    });
  });
});

describe('chooseDraft with several files', () => {
  const starters = [
    { name: 'Circle.java', starterCode: 'class Circle {}' },
    { name: 'Square.java', starterCode: 'class Square {}' },
  ];

  it("opens each file's starter, and keeps a file's draft under its name", () => {
    expect(chooseDraft(null, null, 'main', starters).files).toEqual([
      { name: 'Circle.java', content: 'class Circle {}' },
      { name: 'Square.java', content: 'class Square {}' },
    ]);
    const chosen = chooseDraft(
      {
        code: 'main',
        files: [
          { name: 'Square.java', content: 'mine' },
          { name: 'Gone.java', content: 'x' },
        ],
        savedAt: at('2025-01-02T10:00:00Z'),
      },
      null,
      'main',
      starters,
    );
    expect(chosen.files).toEqual([
      { name: 'Circle.java', content: 'class Circle {}' },
      { name: 'Square.java', content: 'mine' },
    ]);
  });

  it('sends a newer local copy that changed only a further file', () => {
    const chosen = chooseDraft(
      { code: 'main', savedAt: at('2025-01-02T10:00:00Z') },
      { code: 'main', files: [{ name: 'Circle.java', content: 'typed offline' }], savedAt: at('2025-01-02T10:05:00Z'), synced: false },
      'main',
      starters,
    );
    expect(chosen).toMatchObject({ source: 'local', needsSync: true });
    expect(chosen.files[0]).toEqual({ name: 'Circle.java', content: 'typed offline' });
  });
});

describe('parseLocalDraft', () => {
  it('reads what writeLocalDraft wrote', () => {
    expect(parseLocalDraft(JSON.stringify({ code: 'x', savedAt: at('2025-01-01T00:00:00Z'), synced: true }))).toEqual({
      code: 'x',
      savedAt: at('2025-01-01T00:00:00Z'),
      synced: true,
    });
  });

  it('ignores broken or foreign values', () => {
    expect(
      parseLocalDraft(
        JSON.stringify({ code: 'x', files: [{ name: 'A.java', content: 'a' }, { name: 1 }], savedAt: at('2025-01-01T00:00:00Z') }),
      ),
    ).toEqual({
      code: 'x',
      files: [{ name: 'A.java', content: 'a' }],
      savedAt: at('2025-01-01T00:00:00Z'),
      synced: false,
    });
    expect(parseLocalDraft('not json')).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ code: 1, savedAt: 'x' }))).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ code: 'x', savedAt: 'yesterday' }))).toBeNull();
  });
});
