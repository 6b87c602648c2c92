/**
 * Work that must happen when a session ends, registered by features (the lib cannot import them):
 * `beforeSignOut` tasks run, and are waited for (briefly), while the session still exists;
 * `onUserChange` tasks run when another user's session (or none) replaces it, and must send
 * nothing more under the old user's name.
 */
type Task = () => void | Promise<void>;
const beforeSignOutTasks = new Set<Task>();
const userChangeTasks = new Set<Task>();

export function beforeSignOut(task: Task): () => void {
  beforeSignOutTasks.add(task);
  return () => beforeSignOutTasks.delete(task);
}

export function onUserChange(task: Task): () => void {
  userChangeTasks.add(task);
  return () => userChangeTasks.delete(task);
}

/** Runs the sign-out tasks, waiting at most `timeoutMs`: signing out never hangs on them. */
export async function runBeforeSignOut(timeoutMs = 2000): Promise<void> {
  const tasks = [...beforeSignOutTasks].map((task) => Promise.resolve().then(task));
  await Promise.race([Promise.allSettled(tasks), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

export function runUserChange(): void {
  for (const task of userChangeTasks) {
    try {
      void Promise.resolve(task()).catch(() => undefined);
    } catch {
      // One feature's cleanup must not stop the others'.
    }
  }
}
