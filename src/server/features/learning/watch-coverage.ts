import { playbackRates } from '../../../shared/limits';
import { watchedShare } from '../../../shared/schemas/progress';

/**
 * What the server has seen of a video lesson: the stretches of its timeline that playback
 * reports covered, built only from what real playback could have done. The browser says where
 * its player is; it is never believed about how long the video is or whether it is done.
 */

/** The player's fastest speed: no real playback moves through a video faster. */
export const fastestPlaybackRate = Math.max(...playbackRates);
/** Room for the network: a report that arrives late makes the next one seem faster than it played (25 %). */
export const playbackPaceSlack = 1.25;
/**
 * The longest stretch one report may cover (a minute of wall clock at the fastest speed, with the
 * slack). The player reports every few seconds while it plays; a longer jump is a seek, however
 * long ago the previous report was (a paused player resumed much later, then sought to the end).
 */
export const maxStretchSeconds = 60 * fastestPlaybackRate * playbackPaceSlack;

/** Covered stretches in whole seconds, flat (`[start₀, end₀, start₁, end₁, …]`), sorted and disjoint. */
export type WatchedRanges = number[];

/** The ranges with `[start, end)` added, merged with those it overlaps or touches. */
export function addWatchedRange(ranges: readonly number[], start: number, end: number): WatchedRanges {
  if (end <= start) return [...ranges];
  const merged: number[] = [];
  let placed = false;
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    const [from, to] = [ranges[index]!, ranges[index + 1]!];
    if (to < start) merged.push(from, to);
    else if (from > end) {
      if (!placed) merged.push(start, end);
      placed = true;
      merged.push(from, to);
    } else {
      start = Math.min(start, from);
      end = Math.max(end, to);
    }
  }
  if (!placed) merged.push(start, end);
  return merged;
}

/** How many seconds the ranges cover. */
export function watchedSecondsOf(ranges: readonly number[]): number {
  let total = 0;
  for (let index = 0; index + 1 < ranges.length; index += 2) total += ranges[index + 1]! - ranges[index]!;
  return total;
}

/**
 * Whether what was seen completes a video of this stored length: 90 % of it, in whole seconds
 * rounded down (a 6 s video watched to its end at 5.6 s covers 5 rounded seconds, and is seen whole).
 */
export function watchedEnough(watchedSeconds: number, storedDurationSeconds: number): boolean {
  return storedDurationSeconds > 0 && watchedSeconds >= Math.max(1, Math.floor(watchedShare * storedDurationSeconds));
}

/** The previous report of the lesson the server kept: where the player was, and when the server heard it. */
export type PreviousReport = { positionSeconds: number; at: Date };

/**
 * The stretch a playback report covers: from the previous report's position to this one's, when
 * it moves forward no faster than the fastest speed allows in the wall-clock time between them
 * (with the slack), and no further than `maxStretchSeconds`. Anything else (the first report, a
 * seek, a step backwards, two tabs interleaving their positions, a replayed report) covers
 * nothing, and only becomes the point the next report is measured from.
 */
export function coveredStretch(previous: PreviousReport | null, positionSeconds: number, now: Date): [start: number, end: number] | null {
  if (!previous) return null;
  const moved = positionSeconds - previous.positionSeconds;
  const elapsedSeconds = (now.getTime() - previous.at.getTime()) / 1000;
  if (moved <= 0 || moved > maxStretchSeconds || moved > elapsedSeconds * fastestPlaybackRate * playbackPaceSlack) return null;
  return [previous.positionSeconds, positionSeconds];
}
