import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThumbnailTile } from '../../lib/webvtt';
import { formatTime } from './format-time';
import classes from './video-player.module.css';

/** The widest a preview thumbnail is shown; larger tiles are scaled down. */
const previewMaxWidth = 160;

function ThumbnailPreview({ tile }: { tile: ThumbnailTile }) {
  const scale = Math.min(1, previewMaxWidth / tile.width);
  // The sprite's own size is unknown here: the tile is drawn at its size, then the whole box scaled down.
  return (
    <div className={classes.previewImage} style={{ width: tile.width * scale, height: tile.height * scale, overflow: 'hidden' }}>
      <div
        data-testid="seek-thumbnail"
        style={{
          width: tile.width,
          height: tile.height,
          backgroundImage: `url("${tile.url}")`,
          backgroundPosition: `${-tile.x}px ${-tile.y}px`,
          backgroundRepeat: 'no-repeat',
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
        }}
      />
    </div>
  );
}

type Props = {
  currentTime: number;
  duration: number;
  tiles: ThumbnailTile[];
  onSeek: (time: number) => void;
  /** A time shown in the preview though the pointer is not over the bar (after a keyboard seek). */
  keyboardPreview: number | null;
  onKeyboardSeek: (time: number) => void;
};

/**
 * The timeline: a slider (arrows ±5 s, Page Up/Down ±10 s, Home/End) whose value is read as
 * "1:05 of 3:20"; hovering it, or seeking with the keyboard, shows that moment's thumbnail and time.
 */
export function SeekBar({ currentTime, duration, tiles, onSeek, keyboardPreview, onKeyboardSeek }: Props) {
  const { t } = useTranslation('videoPlayer');
  const [hover, setHover] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const known = Number.isFinite(duration) && duration > 0;
  const fraction = known ? Math.min(1, Math.max(0, currentTime / duration)) : 0;

  const timeAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    return Math.min(1, Math.max(0, ratio)) * (known ? duration : 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { PageUp: 10, PageDown: -10, Home: -Infinity, End: Infinity };
    const move = moves[event.key];
    if (move === undefined || !known) return;
    event.preventDefault();
    event.stopPropagation();
    onKeyboardSeek(Math.min(duration, Math.max(0, currentTime + move)));
  };

  const previewTime = hover ?? keyboardPreview;
  const tile = previewTime === null ? undefined : tiles.find((candidate) => previewTime >= candidate.start && previewTime < candidate.end);
  const valueText = t('timeOf', { time: formatTime(currentTime), duration: formatTime(known ? duration : 0) });

  return (
    <div
      className={classes.seek}
      role="slider"
      tabIndex={0}
      aria-label={t('seek')}
      aria-valuemin={0}
      aria-valuemax={known ? Math.round(duration) : 0}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={valueText}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (!known) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setDragging(true);
        onSeek(timeAt(event));
      }}
      onPointerMove={(event) => {
        const time = timeAt(event);
        setHover(time);
        if (dragging) onSeek(time);
      }}
      onPointerUp={() => setDragging(false)}
      onPointerLeave={() => {
        setHover(null);
        setDragging(false);
      }}
    >
      <div className={classes.track}>
        <div className={classes.played} style={{ width: `${fraction * 100}%` }} />
      </div>
      <div className={classes.thumb} style={{ left: `${fraction * 100}%` }} />
      {previewTime !== null && known ? (
        <div className={classes.preview} style={{ left: `${(previewTime / duration) * 100}%` }} aria-hidden="true">
          {tile ? <ThumbnailPreview tile={tile} /> : null}
          <span className={classes.previewTime}>{formatTime(previewTime)}</span>
        </div>
      ) : null}
    </div>
  );
}
