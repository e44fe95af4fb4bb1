import { open } from 'node:fs/promises';
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

/**
 * Random access to the bytes probed: a local file, or an object in a bucket read in ranges
 * (only the few boxes below are read, so a 2 GB upload costs a handful of small requests).
 * `read` fills `target` from `position` and answers how many bytes it put there.
 */
export type ByteSource = { size: number; read(target: Buffer, position: number): Promise<number> };

async function readExactly(file: ByteSource, position: number, length: number): Promise<Buffer | null> {
  const buffer = Buffer.alloc(length);
  const bytesRead = await file.read(buffer, position);
  return bytesRead === length ? buffer : null;
}

async function readBoxHeader(file: ByteSource, position: number, fileSize: number): Promise<BoxHeader | null> {
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

/**
 * The boxes of `moov` that mp4box reads to describe the movie, by parent. Everything else
 * (sample tables, edit lists, user data, metadata…) is overwritten as `free` after the
 * checks below, so the parser never builds a table or follows a count the file made up.
 */
const DESCRIPTIVE_CHILDREN: Record<string, ReadonlySet<string>> = {
  moov: new Set(['mvhd', 'trak']),
  trak: new Set(['tkhd', 'mdia']),
  mdia: new Set(['mdhd', 'hdlr', 'minf']),
  minf: new Set(['stbl']),
  stbl: new Set(['stsd']),
};
/** Every box a track needs to be playable; a track missing one is not a movie we accept. */
const REQUIRED_IN_TRACK = ['tkhd', 'mdia', 'mdhd', 'hdlr', 'minf', 'stbl', 'stsd', 'stts', 'stsc', 'stsz|stz2', 'stco|co64'];
/** Fixed-size entries of the sample tables: entry count × entry size must fit in the box. */
const TABLE_ENTRY_BYTES: Record<string, number> = { stts: 8, ctts: 8, stsc: 12, stco: 4, co64: 8, stss: 4, stps: 4 };
/** Far more than any real file (a handful of tracks, ~20 boxes each), far fewer than a crafted one needs. */
const MAX_MOOV_BOXES = 10_000;
const MAX_TRACKS = 64;
const MAX_SAMPLE_DESCRIPTIONS = 16;
/** A sample description (codec parameters) is a few hundred bytes; its boxes are parsed, so it stays small. */
const MAX_STSD_BYTES = 1024 * 1024;
/**
 * Containers that are blanked but still walked, so that their boxes count towards the limits
 * and their nesting depth is checked (a real file nests 6 deep at most: moov › trak › mdia ›
 * minf › stbl › stsd).
 */
const CHECKED_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'udta', 'mvex', 'tref', 'trgr', 'meco', 'strk', 'sinf', 'schi', 'rinf']);
const MAX_DEPTH = 8;
/** Payload bytes (after the header) the parser reads from these boxes, by version 0 / 1. */
const MIN_PAYLOAD: Record<string, [number, number]> = { mvhd: [100, 112], tkhd: [84, 96], mdhd: [24, 36], hdlr: [24, 24] };

type Box = { type: string; start: number; payload: number; end: number };

/**
 * The boxes laid end to end in `[start, end)` of `buffer`; any that does not fit is refused.
 * `zeroTail` accepts the 4 zero bytes QuickTime writes after the last box of user data.
 */
function childBoxes(buffer: Buffer, start: number, end: number, zeroTail = false): Box[] {
  const boxes: Box[] = [];
  for (let position = start; position < end; ) {
    if (end - position < 8) {
      if (zeroTail && buffer.subarray(position, end).every((byte) => byte === 0)) break;
      throw notMp4();
    }
    const declared = buffer.readUInt32BE(position);
    const type = buffer.toString('latin1', position + 4, position + 8);
    let header = 8;
    let size = declared;
    if (declared === 1) {
      if (end - position < 16) throw notMp4();
      const large = buffer.readBigUInt64BE(position + 8);
      if (large > BigInt(end - position)) throw notMp4();
      size = Number(large);
      header = 16;
    } else if (declared === 0) {
      // "Up to the end of the file" only makes sense for the last top-level box.
      throw notMp4();
    }
    if (type === 'uuid') header += 16;
    if (size < header || size > end - position) throw notMp4();
    boxes.push({ type, start: position, payload: position + header, end: position + size });
    position += size;
  }
  return boxes;
}

const payloadBytes = (box: Box) => box.end - box.payload;

/** A sample table whose entries cannot all be in the box (or, for sample sizes, in the file) is refused. */
function checkSampleTable(buffer: Buffer, box: Box, fileSize: number) {
  const payload = payloadBytes(box);
  const entryBytes = TABLE_ENTRY_BYTES[box.type];
  if (entryBytes !== undefined) {
    // version/flags (4) · entry_count (4) · entries
    if (payload < 8 || buffer.readUInt32BE(box.payload + 4) * entryBytes > payload - 8) throw notMp4();
  } else if (box.type === 'stsz') {
    // version/flags (4) · sample_size (4) · sample_count (4) · a size per sample when sample_size is 0
    if (payload < 12) throw notMp4();
    const sampleSize = buffer.readUInt32BE(box.payload + 4);
    const sampleCount = buffer.readUInt32BE(box.payload + 8);
    if (sampleSize === 0 ? sampleCount * 4 > payload - 12 : sampleCount * sampleSize > fileSize) throw notMp4();
  } else if (box.type === 'stz2') {
    // version/flags (4) · reserved (3) · field_size (1) · sample_count (4) · packed sizes
    if (payload < 12) throw notMp4();
    const fieldBits = buffer.readUInt8(box.payload + 7);
    if (![4, 8, 16].includes(fieldBits) || Math.ceil((buffer.readUInt32BE(box.payload + 8) * fieldBits) / 8) > payload - 12) throw notMp4();
  }
}

/** version/flags (4) · entry_count (4) · that many sample entries, each a box. */
function checkSampleDescriptions(buffer: Buffer, stsd: Box) {
  if (payloadBytes(stsd) < 8 || payloadBytes(stsd) > MAX_STSD_BYTES) throw notMp4();
  const count = buffer.readUInt32BE(stsd.payload + 4);
  if (count === 0 || count > MAX_SAMPLE_DESCRIPTIONS) throw notMp4();
  if (childBoxes(buffer, stsd.payload + 8, stsd.end).length !== count) throw notMp4();
}

function checkFixedFields(buffer: Buffer, box: Box) {
  const minimum = MIN_PAYLOAD[box.type];
  if (!minimum) return;
  const version = payloadBytes(box) > 0 ? buffer.readUInt8(box.payload) : 0;
  if (version > 1 || payloadBytes(box) < minimum[version]!) throw notMp4();
}

/**
 * Checks the `moov` box (in `moov`, a buffer holding just that box) before any parser sees it:
 * every box fits in its parent, there are not too many or too deeply nested, each track has
 * the boxes a player needs, and no sample table claims more entries than its bytes (or the
 * file) can hold. Then it blanks every box the description does not need, in place.
 * Throws `VIDEO_NOT_MP4` for a file that fails any check.
 */
export function sanitizeMovieBox(moov: Buffer, fileSize: number): void {
  const [root] = childBoxes(moov, 0, moov.length);
  if (!root || root.type !== 'moov' || root.end !== moov.length) throw notMp4();
  let boxCount = 0;
  let tracks = 0;

  const countBox = () => {
    boxCount += 1;
    if (boxCount > MAX_MOOV_BOXES) throw notMp4();
  };
  /** Inside a blanked box: only sizes, numbers and depth are checked. */
  const walkBlanked = (parent: Box, depth: number) => {
    if (depth > MAX_DEPTH) throw notMp4();
    for (const box of childBoxes(moov, parent.payload, parent.end, true)) {
      countBox();
      if (CHECKED_CONTAINERS.has(box.type)) walkBlanked(box, depth + 1);
    }
  };
  const walk = (parent: Box, depth: number, seen: Set<string>) => {
    if (depth > MAX_DEPTH) throw notMp4();
    const keep = DESCRIPTIVE_CHILDREN[parent.type];
    for (const box of childBoxes(moov, parent.payload, parent.end)) {
      countBox();
      seen.add(box.type);
      if (parent.type === 'stbl') checkSampleTable(moov, box, fileSize);
      if (!keep?.has(box.type)) {
        moov.write('free', box.start + 4, 'latin1');
        if (CHECKED_CONTAINERS.has(box.type)) walkBlanked(box, depth + 1);
        continue;
      }
      checkFixedFields(moov, box);
      if (box.type === 'stsd') checkSampleDescriptions(moov, box);
      else if (box.type === 'trak') {
        tracks += 1;
        if (tracks > MAX_TRACKS) throw notMp4();
        const inTrack = new Set<string>();
        walk(box, depth + 1, inTrack);
        if (!REQUIRED_IN_TRACK.every((names) => names.split('|').some((name) => inTrack.has(name)))) throw notMp4();
      } else if (DESCRIPTIVE_CHILDREN[box.type]) walk(box, depth + 1, seen);
    }
  };
  const inMovie = new Set<string>();
  walk(root, 1, inMovie);
  if (!inMovie.has('mvhd') || tracks === 0) throw notMp4();
}

function parseMovie(ftypAndMoov: ArrayBuffer): Movie | null {
  const isoFile = createFile();
  let movie: Movie | null = null;
  let failed = false;
  isoFile.onReady = (info) => {
    movie = info;
  };
  isoFile.onError = () => {
    failed = true;
  };
  try {
    isoFile.appendBuffer(MP4BoxBuffer.fromArrayBuffer(ftypAndMoov, 0), true);
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
export async function probeVideo(source: string | ByteSource): Promise<VideoInfo> {
  if (typeof source !== 'string') return probeBytes(source);
  const file = await open(source, 'r');
  try {
    const { size } = await file.stat();
    return await probeBytes({ size, read: async (target, position) => (await file.read(target, 0, target.length, position)).bytesRead });
  } finally {
    await file.close();
  }
}

async function probeBytes(file: ByteSource): Promise<VideoInfo> {
  const fileSize = file.size;
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
  // Only the two boxes that describe the movie, read into one buffer: mdat (the bulk of the file) is never read.
  const movieBytes = new ArrayBuffer(ftyp.length + moovHeader.size);
  const described = Buffer.from(movieBytes);
  ftyp.copy(described, 0);
  const bytesRead = await file.read(described.subarray(ftyp.length), moovHeader.start);
  if (bytesRead !== moovHeader.size) throw notMp4();
  sanitizeMovieBox(described.subarray(ftyp.length), fileSize);
  const movie = parseMovie(movieBytes);
  const track = movie?.videoTracks[0];
  if (!movie || !track) throw notMp4();

  const seconds =
    movie.duration > 0 && movie.timescale > 0 ? movie.duration / movie.timescale : track.timescale > 0 ? track.duration / track.timescale : 0;
  let width = Math.round(track.track_width || track.video?.width || 0);
  let height = Math.round(track.track_height || track.video?.height || 0);
  if (isQuarterTurn(track.matrix as ArrayLike<number> | undefined)) [width, height] = [height, width];
  if (!(width > 0 && height > 0 && Number.isFinite(seconds) && seconds > 0)) throw notMp4();
  return { width, height, durationSeconds: Math.max(1, Math.round(seconds)) };
}
