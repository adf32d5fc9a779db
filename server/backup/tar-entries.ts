import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

/** One member of a tar archive as its headers describe it. */
export type TarEntry = { name: string; type: string; link: string };

const BLOCK = 512;
const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;
/** Longer names or pax records than any archive of ours holds are refused, not collected. */
const META_LIMIT = 1 << 20;

const text = (bytes: Buffer) => {
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end < 0 ? bytes.length : end).toString('utf8');
};

/** A header's size field: octal digits, or base-256 when its first byte's high bit is set. */
function sizeOf(field: Buffer): number {
  if (field[0] & 0x80) {
    let size = field[0] & 0x7f;
    for (let i = 1; i < field.length; i++) size = size * 256 + field[i];
    return size;
  }
  return Number.parseInt(text(field).trim() || '0', 8);
}

/** pax extended header records: "<length> <key>=<value>\n". */
function paxRecords(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number.parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (space < 0 || !(length > 0)) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) records[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return records;
}

/**
 * Every member of a .tar.gz, read from its headers without unpacking anything: ustar names with
 * their prefix, GNU long names and links ('L', 'K') and pax records ('x'), as GNU tar and bsdtar
 * write them. A type of '0' is a file, '5' a folder, '1' a hard link, '2' a symbolic link.
 */
export async function tarEntries(file: string): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  let buffer: Buffer = Buffer.alloc(0);
  let skip = 0;
  let meta: { type: string; size: number } | null = null;
  let longName: string | undefined;
  let longLink: string | undefined;
  let pax: Record<string, string> = {};
  for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (skip) {
        const n = Math.min(skip, buffer.length);
        buffer = buffer.subarray(n);
        skip -= n;
        if (skip) break;
      }
      if (meta) {
        if (buffer.length < padded(meta.size)) break;
        const data = buffer.subarray(0, meta.size);
        buffer = buffer.subarray(padded(meta.size));
        if (meta.type === 'L') longName = text(data);
        else if (meta.type === 'K') longLink = text(data);
        else pax = { ...pax, ...paxRecords(data) };
        meta = null;
        continue;
      }
      if (buffer.length < BLOCK) break;
      const header = buffer.subarray(0, BLOCK);
      buffer = buffer.subarray(BLOCK);
      if (header.every((b) => b === 0)) continue;
      const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]);
      const size = sizeOf(header.subarray(124, 136));
      if (type === 'L' || type === 'K' || type === 'x') {
        if (size > META_LIMIT) throw new Error('a tar header larger than any backup holds');
        meta = { type, size };
        continue;
      }
      if (type === 'g') {
        skip = padded(size);
        continue;
      }
      // POSIX ustar keeps a name's first part in a prefix field; GNU's format uses those bytes
      // for other things.
      const ustar = header.subarray(257, 263).toString('latin1') === 'ustar\0';
      const prefix = ustar ? text(header.subarray(345, 500)) : '';
      const short = text(header.subarray(0, 100));
      entries.push({
        name: pax.path ?? longName ?? (prefix ? `${prefix}/${short}` : short),
        type,
        link: pax.linkpath ?? longLink ?? text(header.subarray(157, 257)),
      });
      pax = {};
      longName = undefined;
      longLink = undefined;
      skip = padded(size);
    }
  }
  return entries;
}

/**
 * Why restore refuses an entry, or null: only plain files and folders, under relative names that
 * stay inside the folder the archive is unpacked into.
 */
export function refusedEntry(entry: TarEntry): string | null {
  const name = entry.name.replace(/\\/g, '/');
  if (entry.type === '1') return `${entry.name} is a hard link (to ${entry.link})`;
  if (entry.type === '2') return `${entry.name} is a symbolic link (to ${entry.link})`;
  if (entry.type !== '0' && entry.type !== '7' && entry.type !== '5')
    return `${entry.name} is neither a file nor a folder`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return `${entry.name} is an absolute path`;
  if (name.split('/').includes('..')) return `${entry.name} points outside the backup's folder`;
  return null;
}
