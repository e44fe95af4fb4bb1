/**
 * Reading and rewriting the box tree of MP4 files, to craft hostile files from the real
 * fixtures: a box is `size (4) · type (4) · payload`, containers hold boxes end to end.
 */
export type Mp4Box = { type: string; start: number; size: number; payload: number };

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'udta', 'mvex']);

/** The boxes laid end to end in `[start, end)` (32-bit sizes only, as the fixtures have). */
export function listBoxes(bytes: Buffer, start = 0, end = bytes.length): Mp4Box[] {
  const boxes: Mp4Box[] = [];
  const last = Math.min(end, bytes.length);
  for (let position = start; position + 8 <= last; ) {
    const size = bytes.readUInt32BE(position);
    if (size < 8) break;
    boxes.push({ type: bytes.toString('latin1', position + 4, position + 8), start: position, size, payload: position + 8 });
    position += size;
  }
  return boxes;
}

/** Every box of the tree (down to `maxDepth`), depth first, with the path of types that leads to it. */
export function allBoxes(bytes: Buffer, maxDepth = 32): Array<Mp4Box & { path: string }> {
  const found: Array<Mp4Box & { path: string }> = [];
  const visit = (start: number, end: number, parent: string, depth: number) => {
    for (const box of listBoxes(bytes, start, end)) {
      const path = parent ? `${parent}/${box.type}` : box.type;
      found.push({ ...box, path });
      if (CONTAINERS.has(box.type) && depth < maxDepth) visit(box.payload, box.start + box.size, path, depth + 1);
    }
  };
  visit(0, bytes.length, '', 1);
  return found;
}

/** The first box at a path such as `moov/trak/mdia/minf/stbl/stsz`. */
export function findBox(bytes: Buffer, path: string): Mp4Box {
  const box = allBoxes(bytes).find((candidate) => candidate.path === path);
  if (!box) throw new Error(`no ${path} box`);
  return box;
}

export const makeBox = (type: string, payload: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

/** A copy of the file with `child` appended inside the container at `path`, every enclosing size grown to match. */
export function appendInside(bytes: Buffer, path: string, child: Buffer): Buffer {
  const target = findBox(bytes, path);
  const insertAt = target.start + target.size;
  const grown = Buffer.concat([bytes.subarray(0, insertAt), child, bytes.subarray(insertAt)]);
  for (const box of allBoxes(bytes)) {
    if (path === box.path || path.startsWith(`${box.path}/`)) {
      if (box.start <= target.start && box.start + box.size >= insertAt) grown.writeUInt32BE(box.size + child.length, box.start);
    }
  }
  return grown;
}

/** Boxes nested `depth` deep, each holding the next: `udta › udta › … › free`. */
export function nestedBoxes(type: string, depth: number): Buffer {
  let inner = makeBox('free');
  for (let level = 0; level < depth; level++) inner = makeBox(type, inner);
  return inner;
}

const VIDEO_ENTRY = 'moov/trak/mdia/minf/stbl/stsd';

/**
 * A copy of a one-video-track file whose track header (tkhd, 16.16 fixed point) and sample entry
 * (the avc1 box's 16-bit width and height) declare these sizes; the H.264 stream itself is unchanged.
 */
export function withDeclaredSize(bytes: Buffer, { track, entry }: { track?: [number, number]; entry?: [number, number] }): Buffer {
  const copy = Buffer.from(bytes);
  if (track) {
    const tkhd = findBox(copy, 'moov/trak/tkhd');
    // version 0: the width and height are the last 8 of its 84 bytes.
    copy.writeUInt32BE(track[0] * 65536, tkhd.payload + 76);
    copy.writeUInt32BE(track[1] * 65536, tkhd.payload + 80);
  }
  if (entry) {
    // stsd: version/flags (4) · count (4) · the first sample entry, whose width and height are 24 bytes into its payload.
    const sampleEntry = findBox(copy, VIDEO_ENTRY).payload + 8 + 8;
    copy.writeUInt16BE(entry[0], sampleEntry + 24);
    copy.writeUInt16BE(entry[1], sampleEntry + 26);
  }
  return copy;
}
