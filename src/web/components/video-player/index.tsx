import { lazy, Suspense, type CSSProperties } from 'react';
import { loadPlayerTexts } from '../../i18n';
import { useHydrated } from '../../lib/use-hydrated';
import type { VideoPlayerProps } from './video-player';

/** The player's code and texts: their own chunks, fetched when a video is about to play. */
const LazyVideoPlayer = lazy(() => Promise.all([import('./video-player'), loadPlayerTexts()]).then(([module]) => module));

/** A black box of the player's size while its code arrives (no second, unlabelled video). */
function Placeholder({ style }: { style?: CSSProperties }) {
  return <div style={{ background: '#000', borderRadius: 'var(--mantine-radius-md)', maxWidth: '100%', marginInline: 'auto', ...style }} />;
}

/** The app's video player (see video-player.tsx), loaded on first use. */
export function VideoPlayer(props: VideoPlayerProps) {
  // Never on the server, nor while hydrating: a suspended boundary there would need an inline
  // script (refused by the Content-Security-Policy) and make React redo the page in the browser.
  const hydrated = useHydrated();
  if (!hydrated) return <Placeholder style={props.stageStyle} />;
  return (
    <Suspense fallback={<Placeholder style={props.stageStyle} />}>
      <LazyVideoPlayer {...props} />
    </Suspense>
  );
}
