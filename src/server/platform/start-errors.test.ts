import { describe, expect, it } from 'vitest';
import { explainDatabaseError, explainFileError, explainListenError } from './start-errors';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('the sentences a failed start ends with', () => {
  it('a full disk, a folder the app may not write, a read-only disk', () => {
    expect(explainFileError(failure('ENOSPC'), '/srv/data')?.message).toBe(
      'There is no space left on the disk that holds /srv/data: free some space, or set DATA_DIR to a folder on another disk.',
    );
    expect(explainFileError(failure('EACCES'), '/srv/data')?.message).toMatch(
      /^The app may not write to \/srv\/data \(permission denied\): .*DATA_DIR/,
    );
    expect(explainFileError(failure('EROFS'), '/srv/data')?.message).toMatch(/read-only file system: set DATA_DIR/);
    expect(explainFileError(failure('EIO'), '/srv/data')).toBeUndefined();
  });

  it("the app's port taken or privileged, a host that is not this machine's", () => {
    expect(explainListenError(failure('EADDRINUSE'), '127.0.0.1', 3000)?.message).toBe(
      'Port 3000 on 127.0.0.1 is already in use (another program, or this app already running): stop that program, or set PORT to a free port.',
    );
    expect(explainListenError(failure('EACCES'), '0.0.0.0', 80)?.message).toMatch(
      /^Port 80 needs administrator rights.*set PORT to 1024 or above/,
    );
    expect(explainListenError(failure('EADDRNOTAVAIL'), '10.9.9.9', 3000)?.message).toMatch(
      /^HOST=10\.9\.9\.9 is not an address of this machine/,
    );
  });

  it("DATABASE_URL's server missing, refusing the password, or without the database; the URL's password never shown", () => {
    const url = 'postgres://app:s3cret@db.internal:6543/tutor';
    const refused = explainDatabaseError(failure('ECONNREFUSED'), url)!.message;
    expect(refused).toBe('No PostgreSQL server answers at db.internal:6543 (ECONNREFUSED): start it, or correct DATABASE_URL.');
    expect(explainDatabaseError(failure('28P01'), url)?.message).toMatch(/refused the user or password in DATABASE_URL/);
    expect(explainDatabaseError(failure('3D000'), url)?.message).toMatch(/does not exist on db\.internal:6543/);
    for (const code of ['ECONNREFUSED', '28P01', '3D000', '53100'])
      expect(explainDatabaseError(failure(code), url)!.message).not.toContain('s3cret');
    expect(explainDatabaseError(failure('42P01'), url)).toBeUndefined();
  });
});
