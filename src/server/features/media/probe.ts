import { open, type FileHandle } from 'node:fs/promises';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { AppError } from '../../errors';

export type VideoInfo = { width: number; height: number; durationSeconds: number };

/** Brands of the ISO base media / MP4 family that browsers play in a `<video>` element. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VP', 'M4VH', 'dash', 'msnv', 'MSNV', 'f4v ', 'av01', 'hvc1']);

/** A moov box larger than this is not a video we accept (a 2 GB upload's moov is a few MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** Top-level boxes we walk before giving up on finding `moov`. */
const MAX_TOP_LEVEL_BOXES = 10_000;

const notMp4 = () => new AppError('VIDEO_NOT_MP4', 'This file is not an MP4 video');

type BoxHeader = { type: string; start: number; size: number };

async function readExactly(file: FileHandle, position: number, length: number): Promise<Buffer | null> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return bytesRead === length ? buffer : null;
}

async function readBoxHeader(file: FileHandle, position: number, fileSize: number): Promise<BoxHeader | null> {
  if (position + 8 > fileSize) return null;
  const header = await readExactly(file, position, Math.min(16, fileSize - position));
  if (!header || header.length < 8) return null;
  let size = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  if (size === 1) {
    if (header.length < 16) return null;
    size = Number(header.readBigUInt64BE(8));
  } else if (size === 0) {
    size = fileSize - position;
  }
  if (size < 8 || position + size > fileSize) return null;
  return { type, start: position, size };
}

function brandsOf(ftyp: Buffer): string[] {
  // ftyp: header (8) · major brand (4) · minor version (4) · compatible brands (4 each)
  const brands = [ftyp.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= ftyp.length; offset += 4) brands.push(ftyp.toString('latin1', offset, offset + 4));
  return brands;
}

function parseMovie(ftyp: Buffer, moov: Buffer): Movie | null {
  const isoFile = createFile();
  let movie: Movie | null = null;
  let failed = false;
  isoFile.onReady = (info) => {
    movie = info;
  };
  isoFile.onError = () => {
    failed = true;
  };
  // Only the two boxes that describe the movie: mdat (the bulk of the file) is never read.
  const joined = Buffer.concat([ftyp, moov]);
  const arrayBuffer = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength);
  try {
    isoFile.appendBuffer(MP4BoxBuffer.fromArrayBuffer(arrayBuffer, 0), true);
    isoFile.flush();
  } catch {
    return null;
  }
  return failed ? null : movie;
}

/** A track whose matrix turns the picture a quarter turn shows with width and height swapped. */
function isQuarterTurn(matrix: ArrayLike<number> | undefined): boolean {
  if (!matrix || matrix.length < 5) return false;
  return matrix[0] === 0 && matrix[4] === 0 && matrix[1] !== 0 && matrix[3] !== 0;
}

/**
 * Reads a video's displayed width, height and duration from the file itself, whatever it
 * is called. Only the `ftyp` and `moov` boxes are read, so this costs the same for 1 MB
 * and 2 GB. Throws `VIDEO_NOT_MP4` for anything that is not an MP4 with a video track.
 */
export async function probeVideo(filePath: string): Promise<VideoInfo> {
  const file = await open(filePath, 'r');
  try {
    const { size: fileSize } = await file.stat();
    const first = await readBoxHeader(file, 0, fileSize);
    if (!first || first.type !== 'ftyp' || first.size > 4096) throw notMp4();
    const ftyp = await readExactly(file, 0, first.size);
    if (!ftyp || !brandsOf(ftyp).some((brand) => MP4_BRANDS.has(brand))) throw notMp4();

    let moovHeader: BoxHeader | null = null;
    let position = first.size;
    for (let count = 0; count < MAX_TOP_LEVEL_BOXES && position < fileSize; count++) {
      const box = await readBoxHeader(file, position, fileSize);
      if (!box || !/^[\x20-\x7e]{4}$/.test(box.type)) break;
      if (box.type === 'moov') {
        moovHeader = box;
        break;
      }
      position += box.size;
    }
    if (!moovHeader || moovHeader.size > MAX_MOOV_BYTES) throw notMp4();
    const moov = await readExactly(file, moovHeader.start, moovHeader.size);
    if (!moov) throw notMp4();

    const movie = parseMovie(ftyp, moov);
    const track = movie?.videoTracks[0];
    if (!movie || !track) throw notMp4();

    const seconds =
      movie.duration > 0 && movie.timescale > 0 ? movie.duration / movie.timescale : track.timescale > 0 ? track.duration / track.timescale : 0;
    let width = Math.round(track.track_width || track.video?.width || 0);
    let height = Math.round(track.track_height || track.video?.height || 0);
    if (isQuarterTurn(track.matrix as ArrayLike<number> | undefined)) [width, height] = [height, width];
    if (!(width > 0 && height > 0 && Number.isFinite(seconds) && seconds > 0)) throw notMp4();
    return { width, height, durationSeconds: Math.max(1, Math.round(seconds)) };
  } finally {
    await file.close();
  }
}
