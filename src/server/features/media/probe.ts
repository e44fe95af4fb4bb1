import { open } from 'node:fs/promises';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import type { VideoLimits } from '../../config';
import { AppError } from '../../errors';

export type VideoInfo = { width: number; height: number; durationSeconds: number };

/** Brands of the ISO base media / MP4 family that browsers play in a `<video>` element. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VP', 'M4VH', 'dash', 'msnv', 'MSNV', 'f4v ', 'av01', 'hvc1']);

/** A moov box larger than this is not a video we accept (a 2 GB upload's moov is a few MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** Top-level boxes we walk before giving up on finding `moov`. */
const MAX_TOP_LEVEL_BOXES = 10_000;

const notMp4 = () => new AppError('VIDEO_NOT_MP4', 'This file is not an MP4 video');
const inconsistent = (detail: string) => new AppError('VIDEO_INCONSISTENT', `This video's file contradicts itself (${detail}); export it again as an MP4 (H.264) and upload it again`);

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
 * What a track declares about its size and its samples, read while its boxes are checked (the
 * sample tables are blanked afterwards): the probe compares them with each other and with the
 * file, since ffmpeg believes them.
 */
export type TrackFacts = {
  handler: string;
  /** tkhd's presentation size (16.16 fixed point, rounded). */
  trackWidth: number;
  trackHeight: number;
  timescale: number;
  duration: number;
  /** The first sample entry: its four-character code, and a visual entry's width and height. */
  codec: string;
  entryWidth: number;
  entryHeight: number;
  /** H.264: the sizes each sequence parameter set of avcC codes, uncropped and cropped. */
  codedSizes: Array<{ width: number; height: number; croppedWidth: number; croppedHeight: number }>;
  firstEntry?: Box;
  /** stsz / stz2: the samples there are, and the bytes they take together. */
  sampleCount: number;
  sampleBytes: number;
  /** stts: the samples it times, and their total duration (in the track's timescale); ctts: the samples it offsets. */
  timedSamples: number;
  timedDuration: number;
  offsetSamples: number;
};

const newTrackFacts = (): TrackFacts => ({
  handler: '',
  trackWidth: 0,
  trackHeight: 0,
  timescale: 0,
  duration: 0,
  codec: '',
  entryWidth: 0,
  entryHeight: 0,
  codedSizes: [],
  sampleCount: 0,
  sampleBytes: 0,
  timedSamples: 0,
  timedDuration: 0,
  offsetSamples: 0,
});

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
function checkSampleTable(buffer: Buffer, box: Box, fileSize: number, facts: TrackFacts) {
  const payload = payloadBytes(box);
  const entryBytes = TABLE_ENTRY_BYTES[box.type];
  if (entryBytes !== undefined) {
    // version/flags (4) · entry_count (4) · entries
    if (payload < 8 || buffer.readUInt32BE(box.payload + 4) * entryBytes > payload - 8) throw notMp4();
    if (box.type === 'stts' || box.type === 'ctts') {
      // Entries of sample_count (4) · sample_delta or sample_offset (4): the counts add up to samples.
      const entries = buffer.readUInt32BE(box.payload + 4);
      for (let entry = 0, at = box.payload + 8; entry < entries; entry++, at += 8) {
        const count = buffer.readUInt32BE(at);
        if (box.type === 'stts') {
          facts.timedSamples += count;
          facts.timedDuration += count * buffer.readUInt32BE(at + 4);
        } else facts.offsetSamples += count;
      }
    }
  } else if (box.type === 'stsz') {
    // version/flags (4) · sample_size (4) · sample_count (4) · a size per sample when sample_size is 0
    if (payload < 12) throw notMp4();
    const sampleSize = buffer.readUInt32BE(box.payload + 4);
    const sampleCount = buffer.readUInt32BE(box.payload + 8);
    if (sampleSize === 0 ? sampleCount * 4 > payload - 12 : sampleCount * sampleSize > fileSize) throw notMp4();
    facts.sampleCount = sampleCount;
    if (sampleSize !== 0) facts.sampleBytes = sampleCount * sampleSize;
    else for (let sample = 0, at = box.payload + 12; sample < sampleCount; sample++, at += 4) facts.sampleBytes += buffer.readUInt32BE(at);
  } else if (box.type === 'stz2') {
    // version/flags (4) · reserved (3) · field_size (1) · sample_count (4) · packed sizes
    if (payload < 12) throw notMp4();
    const fieldBits = buffer.readUInt8(box.payload + 7);
    const sampleCount = buffer.readUInt32BE(box.payload + 8);
    if (![4, 8, 16].includes(fieldBits) || Math.ceil((sampleCount * fieldBits) / 8) > payload - 12) throw notMp4();
    facts.sampleCount = sampleCount;
    for (let sample = 0; sample < sampleCount; sample++) {
      const bit = sample * fieldBits;
      const at = box.payload + 12 + Math.floor(bit / 8);
      facts.sampleBytes += fieldBits === 16 ? buffer.readUInt16BE(at) : fieldBits === 8 ? buffer.readUInt8(at) : (buffer.readUInt8(at) >> (bit % 8 === 0 ? 4 : 0)) & 0x0f;
    }
  }
}

/** Visual sample entries (the codecs' four-character codes) whose width and height follow the common header. */
const VISUAL_ENTRY_PAYLOAD_BYTES = 78;

/** The fields of tkhd, mdhd and hdlr that describe the track, and the first sample entry of stsd. */
function readTrackFacts(buffer: Buffer, box: Box, facts: TrackFacts) {
  const version = buffer.readUInt8(box.payload);
  if (box.type === 'tkhd') {
    // …matrix (36) · width (4) · height (4), at the end of the fixed fields.
    const at = box.payload + (version === 1 ? 88 : 76);
    facts.trackWidth = Math.round(buffer.readUInt32BE(at) / 65536);
    facts.trackHeight = Math.round(buffer.readUInt32BE(at + 4) / 65536);
  } else if (box.type === 'mdhd') {
    facts.timescale = buffer.readUInt32BE(box.payload + (version === 1 ? 20 : 12));
    const duration = version === 1 ? buffer.readBigUInt64BE(box.payload + 24) : BigInt(buffer.readUInt32BE(box.payload + 16));
    // All ones: unknown (a fragmented file's).
    facts.duration = duration === (version === 1 ? 0xffff_ffff_ffff_ffffn : 0xffff_ffffn) ? 0 : Number(duration);
  } else if (box.type === 'hdlr') {
    facts.handler = buffer.toString('latin1', box.payload + 8, box.payload + 12);
  } else if (box.type === 'stsd') {
    const [entry] = childBoxes(buffer, box.payload + 8, box.end);
    if (!entry) return;
    facts.codec = entry.type;
    facts.firstEntry = entry;
  }
}

/** A video track's sample entry: width (2) and height (2) 24 bytes in, then the codec's boxes (avcC for H.264). */
function readVisualEntry(buffer: Buffer, facts: TrackFacts) {
  const entry = facts.firstEntry;
  if (facts.handler !== 'vide' || !entry) return;
  if (payloadBytes(entry) < VISUAL_ENTRY_PAYLOAD_BYTES) throw notMp4();
  facts.entryWidth = buffer.readUInt16BE(entry.payload + 24);
  facts.entryHeight = buffer.readUInt16BE(entry.payload + 26);
  if (entry.type !== 'avc1' && entry.type !== 'avc3') return;
  const avcC = childBoxes(buffer, entry.payload + VISUAL_ENTRY_PAYLOAD_BYTES, entry.end, true).find((child) => child.type === 'avcC');
  if (avcC) facts.codedSizes = codedSizesOf(buffer.subarray(avcC.payload, avcC.end));
}

/** avcC: version, profile, compatibility, level, length size (5 bytes) · SPS count (low 5 bits) · each: length (2) · NAL unit. */
function codedSizesOf(avcC: Buffer): TrackFacts['codedSizes'] {
  if (avcC.length < 6) throw notMp4();
  const count = avcC.readUInt8(5) & 0x1f;
  const sizes: TrackFacts['codedSizes'] = [];
  for (let index = 0, at = 6; index < count; index++) {
    if (at + 2 > avcC.length) throw notMp4();
    const length = avcC.readUInt16BE(at);
    if (at + 2 + length > avcC.length) throw notMp4();
    sizes.push(h264CodedSize(avcC.subarray(at + 2, at + 2 + length)));
    at += 2 + length;
  }
  return sizes;
}

/** Reads the bits of an H.264 RBSP (emulation-prevention bytes removed); past the end is a malformed file. */
class BitReader {
  private bit = 0;
  constructor(private readonly bytes: Buffer) {}
  u(bits: number): number {
    let value = 0;
    for (let index = 0; index < bits; index++) {
      if (this.bit >= this.bytes.length * 8) throw notMp4();
      value = value * 2 + ((this.bytes[this.bit >> 3]! >> (7 - (this.bit & 7))) & 1);
      this.bit += 1;
    }
    return value;
  }
  /** Exp-Golomb, unsigned. */
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      zeros += 1;
      if (zeros > 31) throw notMp4();
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }
  /** Exp-Golomb, signed. */
  se(): number {
    const code = this.ue();
    return code % 2 === 0 ? -(code / 2) : (code + 1) / 2;
  }
}

/** Profiles whose SPS carries the chroma format, bit depths and scaling lists (H.264 7.3.2.1.1). */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** The picture size an H.264 sequence parameter set codes: the decoder allocates frames of this size, whatever the container says. */
export function h264CodedSize(nal: Buffer): TrackFacts['codedSizes'][number] {
  if (nal.length < 4 || (nal.readUInt8(0) & 0x1f) !== 7) throw notMp4();
  const rbsp: number[] = [];
  for (let index = 1; index < nal.length; index++) {
    if (index >= 3 && nal[index] === 3 && nal[index - 1] === 0 && nal[index - 2] === 0 && rbsp.length >= 2 && rbsp.at(-1) === 0 && rbsp.at(-2) === 0) continue;
    rbsp.push(nal[index]!);
  }
  const bits = new BitReader(Buffer.from(rbsp));
  const profile = bits.u(8);
  bits.u(16); // constraint flags, level
  bits.ue(); // seq_parameter_set_id
  let chromaFormat = 1;
  let separatePlanes = 0;
  if (HIGH_PROFILES.has(profile)) {
    chromaFormat = bits.ue();
    if (chromaFormat > 3) throw notMp4();
    if (chromaFormat === 3) separatePlanes = bits.u(1);
    bits.ue(); // bit depths
    bits.ue();
    bits.u(1);
    if (bits.u(1) === 1) {
      for (let list = 0; list < (chromaFormat === 3 ? 12 : 8); list++) {
        if (bits.u(1) === 0) continue;
        let last = 8;
        let next = 8;
        for (let coefficient = 0; coefficient < (list < 6 ? 16 : 64); coefficient++) {
          if (next !== 0) next = (last + bits.se() + 256) % 256;
          last = next === 0 ? last : next;
        }
      }
    }
  }
  bits.ue(); // log2_max_frame_num_minus4
  const pocType = bits.ue();
  if (pocType === 0) bits.ue();
  else if (pocType === 1) {
    bits.u(1);
    bits.se();
    bits.se();
    const cycle = bits.ue();
    if (cycle > 255) throw notMp4();
    for (let index = 0; index < cycle; index++) bits.se();
  } else if (pocType !== 2) throw notMp4();
  bits.ue(); // max_num_ref_frames
  bits.u(1);
  const widthInMacroblocks = bits.ue() + 1;
  const heightInMapUnits = bits.ue() + 1;
  const frameMacroblocksOnly = bits.u(1);
  if (!frameMacroblocksOnly) bits.u(1);
  bits.u(1); // direct_8x8_inference_flag
  const width = widthInMacroblocks * 16;
  const height = (2 - frameMacroblocksOnly) * heightInMapUnits * 16;
  let [cropX, cropY] = [0, 0];
  if (bits.u(1) === 1) {
    const [left, right, top, bottom] = [bits.ue(), bits.ue(), bits.ue(), bits.ue()];
    const monochromeOrSeparate = chromaFormat === 0 || separatePlanes === 1;
    const unitX = monochromeOrSeparate || chromaFormat === 3 ? 1 : 2;
    const unitY = (monochromeOrSeparate || chromaFormat !== 1 ? 1 : 2) * (2 - frameMacroblocksOnly);
    [cropX, cropY] = [unitX * (left + right), unitY * (top + bottom)];
  }
  if (cropX >= width || cropY >= height) throw notMp4();
  return { width, height, croppedWidth: width - cropX, croppedHeight: height - cropY };
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
export function sanitizeMovieBox(moov: Buffer, fileSize: number): TrackFacts[] {
  const [root] = childBoxes(moov, 0, moov.length);
  if (!root || root.type !== 'moov' || root.end !== moov.length) throw notMp4();
  let boxCount = 0;
  let tracks = 0;
  const facts: TrackFacts[] = [];

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
  const walk = (parent: Box, depth: number, seen: Set<string>, track: TrackFacts) => {
    if (depth > MAX_DEPTH) throw notMp4();
    const keep = DESCRIPTIVE_CHILDREN[parent.type];
    for (const box of childBoxes(moov, parent.payload, parent.end)) {
      countBox();
      seen.add(box.type);
      if (parent.type === 'stbl') checkSampleTable(moov, box, fileSize, track);
      if (!keep?.has(box.type)) {
        moov.write('free', box.start + 4, 'latin1');
        if (CHECKED_CONTAINERS.has(box.type)) walkBlanked(box, depth + 1);
        continue;
      }
      checkFixedFields(moov, box);
      if (box.type === 'stsd') checkSampleDescriptions(moov, box);
      if (box.type === 'tkhd' || box.type === 'mdhd' || box.type === 'hdlr' || box.type === 'stsd') readTrackFacts(moov, box, track);
      if (box.type === 'trak') {
        tracks += 1;
        if (tracks > MAX_TRACKS) throw notMp4();
        const inTrack = new Set<string>();
        const trackFacts = newTrackFacts();
        walk(box, depth + 1, inTrack, trackFacts);
        if (!REQUIRED_IN_TRACK.every((names) => names.split('|').some((name) => inTrack.has(name)))) throw notMp4();
        readVisualEntry(moov, trackFacts);
        facts.push(trackFacts);
      } else if (DESCRIPTIVE_CHILDREN[box.type]) walk(box, depth + 1, seen, track);
    }
  };
  const inMovie = new Set<string>();
  walk(root, 1, inMovie, newTrackFacts());
  if (!inMovie.has('mvhd') || tracks === 0) throw notMp4();
  return facts;
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

/** Frames a second no camera or screen recorder makes: a video track with more samples than this for its length is made up. */
const MAX_FRAME_RATE = 300;
/**
 * tkhd's width may be the coded width stretched by the pixel aspect ratio (anamorphic video);
 * beyond this stretch it is not describing the same picture.
 */
const MAX_PIXEL_STRETCH = 4;

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(2, Math.ceil(Math.max(a, b) / 100));

/**
 * The track's parts must describe one picture and one set of samples: the track header's size
 * is the sample entry's (the width possibly stretched by the pixel aspect ratio), the sample
 * entry's is what the H.264 parameter sets code (cropped or not), the timing table times no
 * more samples than there are, the samples fit in the file, and there are not more frames
 * than the track's length allows. ffmpeg believes each of these, and sizes its work by them.
 */
function checkVideoTrack(track: TrackFacts, fileSize: number) {
  const { trackWidth, trackHeight, entryWidth, entryHeight } = track;
  if (!(entryWidth > 0 && entryHeight > 0)) throw inconsistent('no picture size in its sample description');
  if (trackWidth > 0 || trackHeight > 0) {
    const sameHeight = near(trackHeight, entryHeight);
    const stretch = trackWidth / entryWidth;
    if (!sameHeight || !(stretch >= 1 / MAX_PIXEL_STRETCH && stretch <= MAX_PIXEL_STRETCH)) {
      throw inconsistent(`its track declares ${trackWidth}×${trackHeight}, its video stream ${entryWidth}×${entryHeight}`);
    }
  }
  for (const coded of track.codedSizes) {
    const matches = (near(coded.croppedWidth, entryWidth) && near(coded.croppedHeight, entryHeight)) || (coded.width === entryWidth && coded.height === entryHeight);
    if (!matches) throw inconsistent(`its video stream declares ${entryWidth}×${entryHeight}, its H.264 parameters code ${coded.croppedWidth}×${coded.croppedHeight}`);
  }
  checkSampleCounts(track, fileSize);
  const seconds = Math.max(track.timescale > 0 ? track.duration / track.timescale : 0, track.timescale > 0 ? track.timedDuration / track.timescale : 0);
  if (track.sampleCount > Math.ceil(Math.max(1, seconds) * MAX_FRAME_RATE)) throw inconsistent(`${track.sampleCount} frames in ${Math.round(seconds)} s`);
}

/** Any track: its timing and offset tables name no more samples than its size table has, and those samples fit in the file. */
function checkSampleCounts(track: TrackFacts, fileSize: number) {
  if (track.timedSamples > track.sampleCount || track.offsetSamples > track.sampleCount) {
    throw inconsistent(`its tables claim ${Math.max(track.timedSamples, track.offsetSamples)} samples, it has ${track.sampleCount}`);
  }
  if (track.sampleBytes > fileSize) throw inconsistent(`its samples take ${track.sampleBytes} bytes, the file has ${fileSize}`);
}

/** Every size the video track declares, and its length, against the limits of what the transcoder takes on. */
function checkLimits(track: TrackFacts, seconds: number, limits: VideoLimits) {
  const sizes = [
    [track.trackWidth, track.trackHeight],
    [track.entryWidth, track.entryHeight],
    ...track.codedSizes.map((coded) => [coded.width, coded.height]),
  ].filter(([width, height]) => width! > 0 && height! > 0) as Array<[number, number]>;
  for (const [width, height] of sizes) {
    const [long, short] = [Math.max(width, height), Math.min(width, height)];
    const [maxLong, maxShort] = [Math.max(limits.maxWidth, limits.maxHeight), Math.min(limits.maxWidth, limits.maxHeight)];
    if (long > maxLong || short > maxShort) {
      throw new AppError('VIDEO_TOO_LARGE_PICTURE', `This video's picture is ${width}×${height}; at most ${limits.maxWidth}×${limits.maxHeight} is accepted`);
    }
  }
  for (const [width, height] of sizes) {
    if (Math.max(width, height) / Math.min(width, height) > limits.maxAspectRatio) {
      throw new AppError('VIDEO_ASPECT_RATIO_UNSUPPORTED', `This video's picture is ${width}×${height}; its long side may be at most ${limits.maxAspectRatio} times its short side`);
    }
  }
  if (seconds > limits.maxDurationSeconds) {
    throw new AppError('VIDEO_TOO_LONG', `This video lasts ${Math.round(seconds)} s; at most ${limits.maxDurationSeconds} s is accepted`);
  }
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
export async function probeVideo(source: string | ByteSource, limits?: VideoLimits): Promise<VideoInfo> {
  if (typeof source !== 'string') return probeBytes(source, limits);
  const file = await open(source, 'r');
  try {
    const { size } = await file.stat();
    return await probeBytes({ size, read: async (target, position) => (await file.read(target, 0, target.length, position)).bytesRead }, limits);
  } finally {
    await file.close();
  }
}

async function probeBytes(file: ByteSource, limits: VideoLimits | undefined): Promise<VideoInfo> {
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
  const tracks = sanitizeMovieBox(described.subarray(ftyp.length), fileSize);
  const movie = parseMovie(movieBytes);
  const track = movie?.videoTracks[0];
  if (!movie || !track) throw notMp4();
  const videoFacts = tracks.find((facts) => facts.handler === 'vide');
  if (!videoFacts) throw notMp4();

  const seconds =
    movie.duration > 0 && movie.timescale > 0 ? movie.duration / movie.timescale : track.timescale > 0 ? track.duration / track.timescale : 0;
  // The longest length any part declares: the work follows whichever ffmpeg believes.
  const longest = Math.max(seconds, ...tracks.map((facts) => (facts.timescale > 0 ? Math.max(facts.duration, facts.timedDuration) / facts.timescale : 0)));
  // What the file asks of the transcoder first (the refusal a teacher can act on), then whether its parts agree.
  if (limits) checkLimits(videoFacts, longest, limits);
  for (const facts of tracks) checkSampleCounts(facts, fileSize);
  checkVideoTrack(videoFacts, fileSize);
  let width = Math.round(track.track_width || track.video?.width || 0);
  let height = Math.round(track.track_height || track.video?.height || 0);
  if (isQuarterTurn(track.matrix as ArrayLike<number> | undefined)) [width, height] = [height, width];
  if (!(width > 0 && height > 0 && Number.isFinite(seconds) && seconds > 0)) throw notMp4();
  return { width, height, durationSeconds: Math.max(1, Math.round(seconds)) };
}
