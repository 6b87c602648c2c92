/**
 * The student's code kept in this browser, per user and exercise, so it survives a reload, a lost
 * connection and a closed tab. `synced` says whether the server has this very code already.
 */
export type LocalDraft = { code: string; savedAt: string; synced: boolean };
export type ServerDraft = { code: string; savedAt: string } | null;

const PREFIX = 'practice-draft';
export const draftKey = (userId: string, exerciseId: string) => `${PREFIX}:${userId}:${exerciseId}`;

export function readLocalDraft(userId: string, exerciseId: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(userId, exerciseId));
    return raw ? parseLocalDraft(raw) : null;
  } catch {
    return null;
  }
}

export function parseLocalDraft(raw: string): LocalDraft | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { code, savedAt, synced } = value as Record<string, unknown>;
    if (typeof code !== 'string' || typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return null;
    return { code, savedAt, synced: synced === true };
  } catch {
    return null;
  }
}

export function writeLocalDraft(userId: string, exerciseId: string, draft: LocalDraft) {
  try {
    localStorage.setItem(draftKey(userId, exerciseId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the server copy still saves while online.
  }
}

export function removeLocalDraft(userId: string, exerciseId: string) {
  try {
    localStorage.removeItem(draftKey(userId, exerciseId));
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/**
 * Which code the editor opens with: the newer of the server's draft and this browser's, else the
 * starter code. A local draft the server has not seen yet (typed offline) must be sent when the
 * connection is back, so `needsSync` says so.
 */
export function chooseDraft(
  server: ServerDraft,
  local: LocalDraft | null,
  starterCode: string,
): { code: string; source: 'server' | 'local' | 'starter'; needsSync: boolean } {
  if (!server && !local) return { code: starterCode, source: 'starter', needsSync: false };
  if (!local) return { code: server!.code, source: 'server', needsSync: false };
  if (!server) return { code: local.code, source: 'local', needsSync: local.code !== starterCode || !local.synced };
  const localNewer = Date.parse(local.savedAt) > Date.parse(server.savedAt);
  if (localNewer && local.code !== server.code) return { code: local.code, source: 'local', needsSync: true };
  return { code: server.code, source: 'server', needsSync: false };
}
