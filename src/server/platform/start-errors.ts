/**
 * A start that cannot succeed ends with one sentence that names the cause and the fix, printed
 * as it is: the person reading it is setting the app up, not debugging it.
 */
export class StartError extends Error {}

/** The file-system failures a start meets in DATA_DIR, as sentences; undefined for anything else. */
export function explainFileError(err: NodeJS.ErrnoException, dir: string): StartError | undefined {
  switch (err.code) {
    case 'ENOSPC':
      return new StartError(
        `There is no space left on the disk that holds ${dir}: free some space, or set DATA_DIR to a folder on another disk.`,
        { cause: err },
      );
    case 'EACCES':
    case 'EPERM':
      return new StartError(
        `The app may not write to ${dir} (permission denied): run it as the user who owns that folder, or set DATA_DIR to a folder it may write to.`,
        { cause: err },
      );
    case 'EROFS':
      return new StartError(`${dir} is on a read-only file system: set DATA_DIR to a writable folder.`, { cause: err });
    default:
      return undefined;
  }
}

/** Why the app's own port could not be opened, as a sentence; undefined for anything else. */
export function explainListenError(err: NodeJS.ErrnoException, host: string, port: number): StartError | undefined {
  if (err.code === 'EADDRINUSE') {
    return new StartError(
      `Port ${port} on ${host} is already in use (another program, or this app already running): stop that program, or set PORT to a free port.`,
      { cause: err },
    );
  }
  if (err.code === 'EACCES') {
    return new StartError(
      `Port ${port} needs administrator rights on this system: set PORT to 1024 or above (and put a reverse proxy in front for port 80 or 443).`,
      { cause: err },
    );
  }
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
    return new StartError(`HOST=${host} is not an address of this machine: set HOST to one of its addresses, 127.0.0.1 or 0.0.0.0.`, {
      cause: err,
    });
  }
  return undefined;
}

/** Why DATABASE_URL's server could not be reached, as a sentence; undefined for anything else. */
export function explainDatabaseError(err: NodeJS.ErrnoException & { code?: string }, url: string): StartError | undefined {
  let where = 'DATABASE_URL';
  try {
    const u = new URL(url);
    where = `${u.hostname}:${u.port || 5432}`;
  } catch {
    // keep the variable's name
  }
  switch (err.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return new StartError(`No PostgreSQL server answers at ${where} (${err.code}): start it, or correct DATABASE_URL.`, { cause: err });
    case '28P01':
    case '28000':
      return new StartError(`PostgreSQL at ${where} refused the user or password in DATABASE_URL: correct them.`, { cause: err });
    case '3D000':
      return new StartError(
        `The database named in DATABASE_URL does not exist on ${where}: create it (createdb), or correct DATABASE_URL.`,
        { cause: err },
      );
    case '53100':
      return new StartError(`The PostgreSQL server at ${where} has no disk space left: free some space on its disk.`, { cause: err });
    default:
      return undefined;
  }
}
