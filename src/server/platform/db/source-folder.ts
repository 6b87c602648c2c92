import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A checked-in folder of the server's source (migrations, SQL files), found both from src/ (tsx,
 * tests) and from dist/ (the built server, which keeps reading them from the source tree): the
 * first folder upwards, from this module and from the working directory, that holds `marker`.
 */
export function sourceFolder(relative: string, marker: string): string {
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, relative);
      if (fs.existsSync(path.join(candidate, marker))) return candidate;
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error(`Could not find the folder ${relative}`);
}
