/**
 * The student's code kept in this browser, per user and exercise, so it survives a reload, a lost
 * connection and a closed tab. `synced` says whether the server has this very code already. `files`
 * are the further files of a Java exercise that asks for several (one editor tab each), kept with the
 * main file as one draft.
 */
export type DraftFile = { name: string; content: string };
export type LocalDraft = { code: string; files?: DraftFile[]; savedAt: string; synced: boolean };
export type ServerDraft = { code: string; files?: DraftFile[]; savedAt: string } | null;
/** A file the student writes, as the exercise gives it. */
export type StarterFile = { name: string; starterCode: string };

/**
 * The student's further files as the exercise names them now, in its order: each with its kept content, else its
 * starter (a file the tutor added since starts afresh; one the tutor removed is dropped).
 */
export function filesOf(starters: readonly StarterFile[], kept: readonly DraftFile[] | undefined): DraftFile[] {
  return starters.map((f) => ({ name: f.name, content: kept?.find((k) => k.name === f.name)?.content ?? f.starterCode }));
}

/** Whether two lists of files hold the same contents under the same names. */
export const sameFiles = (a: readonly DraftFile[], b: readonly DraftFile[]) =>
  a.length === b.length && a.every((f, i) => f.name === b[i]!.name && f.content === b[i]!.content);

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
    const { code, files, savedAt, synced } = value as Record<string, unknown>;
    if (typeof code !== 'string' || typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return null;
    const kept = Array.isArray(files)
      ? files
          .filter((f): f is DraftFile => typeof f?.name === 'string' && typeof f?.content === 'string')
          .map((f) => ({ name: f.name, content: f.content }))
      : [];
    return { code, ...(kept.length ? { files: kept } : {}), savedAt, synced: synced === true };
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
 * Which code the editor opens with (the main file and each further file, together): the newer of the
 * server's draft and this browser's, else the starter code. A local draft the server has not seen yet
 * (typed offline) must be sent when the connection is back, so `needsSync` says so.
 */
export function chooseDraft(
  server: ServerDraft,
  local: LocalDraft | null,
  starterCode: string,
  starters: readonly StarterFile[] = [],
): { code: string; files: DraftFile[]; source: 'server' | 'local' | 'starter'; needsSync: boolean } {
  const starterFiles = filesOf(starters, undefined);
  if (!server && !local) return { code: starterCode, files: starterFiles, source: 'starter', needsSync: false };
  const serverFiles = server && filesOf(starters, server.files);
  if (!local) return { code: server!.code, files: serverFiles!, source: 'server', needsSync: false };
  const localFiles = filesOf(starters, local.files);
  if (!server || !serverFiles) {
    const changed = local.code !== starterCode || !sameFiles(localFiles, starterFiles);
    return { code: local.code, files: localFiles, source: 'local', needsSync: changed || !local.synced };
  }
  const localNewer = Date.parse(local.savedAt) > Date.parse(server.savedAt);
  if (localNewer && (local.code !== server.code || !sameFiles(localFiles, serverFiles)))
    return { code: local.code, files: localFiles, source: 'local', needsSync: true };
  return { code: server.code, files: serverFiles, source: 'server', needsSync: false };
}
