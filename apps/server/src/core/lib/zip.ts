import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A ZIP of `files` whose compression runs on libuv's thread pool (`zlib.deflateRaw`), one file
 * after another, so the thread answering requests only sums each file's CRC and writes the
 * headers. fflate's own `zip` deflates every file under 160 KB synchronously on the calling
 * thread, and a backup is many such files: a whole restaurant compressed in one task.
 */
export async function zipOffThread(
  files: Iterable<[name: string, data: Uint8Array]>,
  level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 6,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const state: { failure: Error | null; ended: boolean } = { failure: null, ended: false };
  const archive = new Zip((err, chunk, final) => {
    if (err) state.failure = err;
    else chunks.push(chunk);
    if (final) state.ended = true;
  });
  for (const [filename, data] of files) {
    const compressed = await deflateRaw(data, { level });
    // The sizes and checksum are read when the entry's last chunk arrives (a data descriptor).
    const entry: ZipInputFile = {
      filename,
      size: data.length,
      crc: zlib.crc32(data),
      compression: 8,
    };
    archive.add(entry);
    entry.ondata!(null, new Uint8Array(compressed), true);
    if (state.failure) throw state.failure;
  }
  archive.end();
  if (state.failure) throw state.failure;
  if (!state.ended) throw new Error('The ZIP did not end');
  return Buffer.concat(chunks);
}
