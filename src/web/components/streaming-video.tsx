import { useRef, type ComponentProps } from 'react';
import { useHlsPlayback } from '../lib/use-hls-playback';

type StreamingVideoProps = Omit<ComponentProps<'video'>, 'src' | 'ref'> & { hlsUrl: string | null | undefined; mp4Url: string };

/** A `<video>` that plays the HLS copy when there is one (see useHlsPlayback), else the MP4. */
export function StreamingVideo({ hlsUrl, mp4Url, ...props }: StreamingVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const playback = useHlsPlayback(ref, { hlsUrl, mp4Url });
  return <video ref={ref} src={playback.src} data-playback={playback.mode} {...props} />;
}

export default StreamingVideo;
