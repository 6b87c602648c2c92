import { describe, expect, it } from 'vitest';
import { chooseDraft, parseLocalDraft } from './draft-storage';

const at = (iso: string) => new Date(iso).toISOString();

describe('chooseDraft', () => {
  it('opens the starter code before anything was typed', () => {
    expect(chooseDraft(null, null, 'int main() {}')).toEqual({ code: 'int main() {}', source: 'starter', needsSync: false });
  });

  it('prefers the server draft when it is newer than the local one', () => {
    const chosen = chooseDraft(
      { code: 'server', savedAt: at('2025-01-02T10:00:00Z') },
      { code: 'local', savedAt: at('2025-01-02T09:00:00Z'), synced: true },
      '',
    );
    expect(chosen).toEqual({ code: 'server', source: 'server', needsSync: false });
  });

  it('prefers the local draft typed offline after the server saved, and asks to send it', () => {
    const chosen = chooseDraft(
      { code: 'server', savedAt: at('2025-01-02T10:00:00Z') },
      { code: 'typed offline', savedAt: at('2025-01-02T10:05:00Z'), synced: false },
      '',
    );
    expect(chosen).toEqual({ code: 'typed offline', source: 'local', needsSync: true });
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
      source: 'local',
      needsSync: true,
    });
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
    expect(parseLocalDraft('not json')).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ code: 1, savedAt: 'x' }))).toBeNull();
    expect(parseLocalDraft(JSON.stringify({ code: 'x', savedAt: 'yesterday' }))).toBeNull();
  });
});
