import { unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * A ZIP archive of a few files held in memory (a data export: a JSON file and its readable
 * summary). ZIP, not tar: every desktop opens it with a double click. Written by fflate, a small
 * ZIP library without dependencies.
 */
export type ZipEntry = { name: string; content: string | Buffer; modifiedAt: Date };

const bytesOf = (content: string | Buffer) => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content);

export function zipArchive(entries: ZipEntry[]): Buffer {
  const files: Zippable = Object.fromEntries(entries.map((e) => [e.name, [bytesOf(e.content), { mtime: e.modifiedAt }]]));
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** The files of an archive by name (the tests read the export back with it). */
export function unzipArchive(zip: Buffer): Map<string, Buffer> {
  return new Map(Object.entries(unzipSync(zip)).map(([name, data]) => [name, Buffer.from(data)]));
}
