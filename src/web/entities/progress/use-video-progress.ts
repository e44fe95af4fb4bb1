import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { enrollmentKeys } from '../enrollments/enrollment-keys';
import { progressKeys } from './progress-keys';
import { progressOutbox, type ProgressOutbox } from './save-progress';

/** How often a playing video's position is saved. */
export const progressSaveIntervalMs = 5000;

/** Closer to the end than this, a video starts again from the beginning instead of resuming. */
const endMarginSeconds = 3;

/**
 * Where to resume a video from its saved position, in whole seconds: null when there is
 * nothing worth resuming (not started, or stopped at the very end).
 */
export function resumePosition(saved: { positionSeconds: number; durationSeconds: number } | undefined): number | null {
  if (!saved || saved.positionSeconds < 1) return null;
  if (saved.durationSeconds - saved.positionSeconds < endMarginSeconds) return null;
  return saved.positionSeconds;
}

/** "3:12", "1:02:03": a position as a player shows it. */
export function formatPlaybackTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

type Options = {
  /** The lesson's course, whose progress (the sidebar's states) is read again after a save. */
  courseId: number;
  lessonId: number;
  /** The element's source: a new one (another video) starts over. */
  src: string;
  /** Seconds to seek to once the video knows its length (`resumePosition` of the saved one). */
  resumeAt: number | null;
  outbox?: ProgressOutbox;
  intervalMs?: number;
};

/**
 * Keeps the server told where the viewer is in a video lesson: the position is recorded while it
 * plays and saved (with every other pending position, in one request) when playback starts, every
 * few seconds, on pause, at the end, after a seek, and when the viewer leaves: another page of the app, another
 * tab, or closing it (a keepalive request that outlives the page). Until the video has played,
 * nothing is recorded, so merely opening the player never moves a saved position.
 *
 * Resumes at `resumeAt` as soon as the video knows its length.
 */
export function useVideoProgress(videoRef: RefObject<HTMLVideoElement | null>, { courseId, lessonId, src, resumeAt, outbox = progressOutbox, intervalMs = progressSaveIntervalMs }: Options) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    // Already playing when these listeners arrive (a new course id for the same element): it counts.
    let engaged = !element.paused;

    const refreshMyCourses = (saved: boolean) => {
      if (!saved) return;
      void queryClient.invalidateQueries({ queryKey: enrollmentKeys.list() });
      void queryClient.invalidateQueries({ queryKey: progressKeys.course(courseId) });
    };
    const record = () => {
      const duration = element.duration;
      if (!engaged || !Number.isFinite(duration) || duration <= 0) return;
      // The position only: the server knows the video's length, and decides from the pace of the reports what was seen.
      outbox.record({ lessonId, positionSeconds: Math.min(Math.max(0, element.currentTime), duration) });
    };
    const save = ({ keepalive = false } = {}) => {
      record();
      if (outbox.size > 0) void outbox.flush({ keepalive }).then(refreshMyCourses);
    };

    // Every listener below takes this signal, so the cleanup removes them all at once and cannot miss one.
    const listeners = new AbortController();
    const { signal } = listeners;

    const resume = () => {
      if (resumeAt !== null && resumeAt < element.duration) element.currentTime = resumeAt;
    };
    if (element.readyState >= 1) resume();
    else element.addEventListener('loadedmetadata', resume, { once: true, signal });

    // Where playback starts, and where it lands after a seek, are reported at once: the server
    // counts as seen only the stretch between two reports that real playback could have covered.
    const onPlaying = () => {
      engaged = true;
      save();
    };
    const onTimeUpdate = () => {
      if (!element.paused) record();
    };
    const onPause = () => save();
    const onSeeked = () => save();
    const onPageHidden = () => {
      if (document.visibilityState === 'hidden') save({ keepalive: true });
    };
    const onPageHide = () => save({ keepalive: true });
    const timer = window.setInterval(() => {
      if (!element.paused) save();
    }, intervalMs);

    element.addEventListener('playing', onPlaying, { signal });
    element.addEventListener('timeupdate', onTimeUpdate, { signal });
    element.addEventListener('pause', onPause, { signal });
    // Browsers pause at the end too; a position saved twice is sent once.
    element.addEventListener('ended', onPause, { signal });
    element.addEventListener('seeked', onSeeked, { signal });
    document.addEventListener('visibilitychange', onPageHidden, { signal });
    window.addEventListener('pagehide', onPageHide, { signal });
    return () => {
      window.clearInterval(timer);
      listeners.abort();
      // Leaving the player (another page, another video): the page may be about to go too.
      save({ keepalive: true });
    };
  }, [videoRef, courseId, lessonId, src, resumeAt, outbox, intervalMs, queryClient]);
}
