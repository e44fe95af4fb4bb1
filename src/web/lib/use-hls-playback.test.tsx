import { render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHlsPlayback } from './use-hls-playback';

const hls = vi.hoisted(() => ({ instances: [] as { source?: string; media?: HTMLMediaElement; destroyed: boolean; emitError(fatal: boolean): void }[], supported: true }));

vi.mock('hls.js/light', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static isSupported = () => hls.supported;
    source?: string;
    media?: HTMLMediaElement;
    destroyed = false;
    private handlers: ((event: string, data: { fatal: boolean }) => void)[] = [];
    constructor() {
      hls.instances.push(this);
    }
    on(_event: string, handler: (event: string, data: { fatal: boolean }) => void) {
      this.handlers.push(handler);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    destroy() {
      this.destroyed = true;
    }
    emitError(fatal: boolean) {
      for (const handler of this.handlers) handler('hlsError', { fatal });
    }
  }
  return { default: FakeHls };
});

function Player({ hlsUrl, mp4Url }: { hlsUrl: string | null; mp4Url: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const playback = useHlsPlayback(ref, { hlsUrl, mp4Url });
  return <video ref={ref} src={playback.src} data-mode={playback.mode} data-key={playback.sourceKey ?? ''} />;
}

const videoOf = (container: HTMLElement) => container.querySelector('video')!;

describe('useHlsPlayback', () => {
  beforeEach(() => {
    hls.instances.length = 0;
    hls.supported = true;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('plays the MP4 while there is no HLS copy', async () => {
    const { container } = render(<Player hlsUrl={null} mp4Url="/video.mp4" />);
    await waitFor(() => expect(videoOf(container)).toHaveAttribute('data-mode', 'mp4'));
    expect(videoOf(container).getAttribute('src')).toBe('/video.mp4');
    expect(hls.instances).toHaveLength(0);
  });

  it('plays HLS natively where the browser can (Safari)', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    const { container } = render(<Player hlsUrl="/hls/master.m3u8" mp4Url="/video.mp4" />);
    await waitFor(() => expect(videoOf(container)).toHaveAttribute('data-mode', 'native'));
    expect(videoOf(container).getAttribute('src')).toBe('/hls/master.m3u8');
    expect(hls.instances).toHaveLength(0);
  });

  it('loads hls.js elsewhere, and falls back to the MP4 on a fatal error', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    vi.stubGlobal('MediaSource', class {});
    const { container } = render(<Player hlsUrl="/hls/master.m3u8" mp4Url="/video.mp4" />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const player = hls.instances[0]!;
    expect(player.source).toBe('/hls/master.m3u8');
    expect(player.media).toBe(videoOf(container));
    expect(videoOf(container)).toHaveAttribute('data-mode', 'hls.js');
    await waitFor(() => expect(videoOf(container).getAttribute('data-key')).not.toBe(''));
    expect(videoOf(container).getAttribute('src')).toBeNull();

    player.emitError(false);
    expect(videoOf(container)).toHaveAttribute('data-mode', 'hls.js');
    player.emitError(true);
    await waitFor(() => expect(videoOf(container)).toHaveAttribute('data-mode', 'mp4'));
    expect(player.destroyed).toBe(true);
    expect(videoOf(container).getAttribute('src')).toBe('/video.mp4');
  });

  it('plays the MP4 where hls.js cannot run', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    vi.stubGlobal('MediaSource', class {});
    hls.supported = false;
    const { container } = render(<Player hlsUrl="/hls/master.m3u8" mp4Url="/video.mp4" />);
    await waitFor(() => expect(videoOf(container)).toHaveAttribute('data-mode', 'mp4'));
    expect(videoOf(container).getAttribute('src')).toBe('/video.mp4');
  });
});
