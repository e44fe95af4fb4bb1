import type { SyntheticEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reloadVideoAfterNetworkError } from './video-recovery';

function failedVideo(code: number, { currentTime = 42, paused = false } = {}) {
  const video = document.createElement('video');
  Object.defineProperty(video, 'error', { value: { code }, configurable: true });
  Object.defineProperty(video, 'paused', { value: paused, configurable: true });
  video.currentTime = currentTime;
  const load = vi.spyOn(video, 'load').mockImplementation(() => undefined);
  const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
  const event = { currentTarget: video } as unknown as SyntheticEvent<HTMLVideoElement>;
  return { video, load, play, event };
}

describe('reloading a video whose presigned URL expired', () => {
  it('loads the app link again after a network error and goes on where the viewer was', () => {
    const { video, load, play, event } = failedVideo(2);
    reloadVideoAfterNetworkError(event);
    expect(load).toHaveBeenCalledTimes(1);
    video.currentTime = 0;
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(42);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('leaves a paused video paused', () => {
    const { video, play, event } = failedVideo(2, { paused: true });
    reloadVideoAfterNetworkError(event);
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(play).not.toHaveBeenCalled();
  });

  it('lets a second failure right after a reload show (the link itself refused), and ignores decoding errors', () => {
    const network = failedVideo(2);
    reloadVideoAfterNetworkError(network.event);
    reloadVideoAfterNetworkError(network.event);
    expect(network.load).toHaveBeenCalledTimes(1);
    const decoding = failedVideo(3);
    reloadVideoAfterNetworkError(decoding.event);
    expect(decoding.load).not.toHaveBeenCalled();
  });
});
