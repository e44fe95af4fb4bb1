/**
 * Which frame of a video may stand for its course as a cover. A course without a picture of
 * its own shows a frame of its intro; a frame that is a test pattern (colour bars, ffmpeg's
 * `testsrc`/`smptebars`, which placeholder videos are made of) or next to blank (a black or
 * white screen, a fade) tells buyers nothing, and the drawn cover is better.
 *
 * The judgement reads a small copy of the frame, point-sampled (each sample is one pixel of the
 * source, not an average: flat areas stay exactly flat and a camera's grain stays), as raw RGB.
 * It costs a fraction of a millisecond a frame (at most 100 frames a video); ffmpeg makes the
 * samples while it decodes for the renditions anyway.
 */

/** The samples' long side, in pixels: about 2,300 samples for a 16:9 frame. */
export const COVER_SAMPLE_LONG_SIDE = 64;

/** The size of the samples of a frame of this (display) size, keeping its shape. */
export function coverSampleSize(width: number, height: number): { width: number; height: number } {
  const scale = COVER_SAMPLE_LONG_SIDE / Math.max(width, height, 1);
  return { width: Math.max(2, Math.round(width * scale)), height: Math.max(2, Math.round(height * scale)) };
}

/** The ffmpeg filter that makes a frame's samples: point-sampled to `size`, as rgb24. */
export const coverSampleFilter = (size: { width: number; height: number }) => `scale=${size.width}:${size.height}:flags=neighbor,format=rgb24`;

export type FrameKind = 'picture' | 'pattern' | 'blank';

export type FrameJudgement = {
  kind: FrameKind;
  /** Bits of the frame's colour histogram (16 levels a channel): how much there is to see; the best picture has the most. */
  entropy: number;
  /** Share of samples equal (within compression noise) to their right and lower neighbours. */
  flatShare: number;
  /** Share of samples in a vivid colour (saturation at least one half, not dark). */
  vividShare: number;
  /** How many of the six hue families (red, yellow, green, cyan, blue, magenta) cover at least 3 % of the frame in vivid colour. */
  vividHues: number;
};

/**
 * Below this, the frame is a handful of colours at most (about three in equal parts): black, a
 * plain colour, a white page with a line of text, a fade.
 */
const BLANK_ENTROPY_BITS = 1.5;
/**
 * A test pattern is large flat areas of several vivid colours at once: colour bars are the
 * whole frame in six or seven saturated hues, each a flat block. A photograph or a filmed
 * scene is almost never flat at this scale (grain, light, texture), and a flat slide or
 * drawing has one or two vivid colours, not most of the frame in three or more.
 */
const PATTERN = { flatShare: 0.4, vividShare: 0.3, vividHues: 3 } as const;
/** A rainbow (a spectrum sweep, a hue wheel) need not be flat: half the frame vivid, in every hue family. */
const RAINBOW = { vividShare: 0.5, vividHues: 6 } as const;
/** Neighbouring samples this close in every channel count as the same colour (a codec's noise on a flat area). */
const FLAT_TOLERANCE = 3;

/** Judges one frame's samples: `rgb` is `width × height` samples of three bytes (rgb24). */
export function judgeFrame(rgb: Uint8Array, width: number, height: number): FrameJudgement {
  const count = width * height;
  const histogram = new Uint32Array(4096);
  const hueFamilies = [0, 0, 0, 0, 0, 0];
  let vivid = 0;
  for (let index = 0; index < count; index++) {
    const red = rgb[3 * index]!;
    const green = rgb[3 * index + 1]!;
    const blue = rgb[3 * index + 2]!;
    const bin = ((red >> 4) << 8) | ((green >> 4) << 4) | (blue >> 4);
    histogram[bin]!++;
    const max = Math.max(red, green, blue);
    const spread = max - Math.min(red, green, blue);
    if (max >= 96 && spread * 2 >= max) {
      vivid++;
      // The hue in sixths of the circle, each family centred on a primary or secondary colour.
      const hue = max === red ? ((green - blue) / spread + 6) % 6 : max === green ? (blue - red) / spread + 2 : (red - green) / spread + 4;
      hueFamilies[Math.round(hue) % 6]!++;
    }
  }
  let entropy = 0;
  for (const samples of histogram) {
    if (samples === 0) continue;
    const share = samples / count;
    entropy -= share * Math.log2(share);
  }
  const same = (a: number, b: number) =>
    Math.abs(rgb[a]! - rgb[b]!) <= FLAT_TOLERANCE && Math.abs(rgb[a + 1]! - rgb[b + 1]!) <= FLAT_TOLERANCE && Math.abs(rgb[a + 2]! - rgb[b + 2]!) <= FLAT_TOLERANCE;
  let flat = 0;
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const at = 3 * (y * width + x);
      if (same(at, at + 3) && same(at, at + 3 * width)) flat++;
    }
  }
  const flatShare = flat / Math.max(1, (width - 1) * (height - 1));
  const vividShare = vivid / count;
  const vividHues = hueFamilies.filter((samples) => samples >= 0.03 * count).length;
  const kind: FrameKind =
    entropy < BLANK_ENTROPY_BITS
      ? 'blank'
      : (flatShare >= PATTERN.flatShare && vividShare >= PATTERN.vividShare && vividHues >= PATTERN.vividHues) ||
          (vividShare >= RAINBOW.vividShare && vividHues >= RAINBOW.vividHues)
        ? 'pattern'
        : 'picture';
  return { kind, entropy, flatShare, vividShare, vividHues };
}

/** Cuts a run of raw rgb24 frames (ffmpeg's `-f rawvideo` output) into frames; a partial last frame is dropped. */
export function splitFrames(raw: Uint8Array, width: number, height: number): Uint8Array[] {
  const size = width * height * 3;
  const frames: Uint8Array[] = [];
  for (let at = 0; at + size <= raw.length; at += size) frames.push(raw.subarray(at, at + size));
  return frames;
}

/** The index of the frame to take the cover from: the picture with the most to see; null when none is a picture. */
export function bestCoverFrame(judgements: readonly FrameJudgement[]): number | null {
  let best: number | null = null;
  judgements.forEach((judgement, index) => {
    if (judgement.kind === 'picture' && (best === null || judgement.entropy > judgements[best]!.entropy)) best = index;
  });
  return best;
}
