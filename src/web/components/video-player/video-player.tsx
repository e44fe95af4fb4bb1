import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type ComponentProps, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionLanguage, CaptionTrack } from '../../../shared/schemas/captions';
import { playbackRates } from '../../../shared/limits';
import type { PlayerSettings } from '../../../shared/schemas/player-settings';
import { useHlsPlayback } from '../../lib/use-hls-playback';
import { parseThumbnails, parseVtt } from '../../lib/webvtt';
import { formatTime } from './format-time';
import { PlayerIcon } from './icons';
import { SeekBar } from './seek-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { Transcript } from './transcript';
import classes from './video-player.module.css';

export type VideoPlayerProps = Omit<ComponentProps<'video'>, 'src' | 'ref' | 'controls' | 'children' | 'style'> & {
  hlsUrl: string | null | undefined;
  mp4Url: string;
  captions?: CaptionTrack[] | null;
  thumbnailsUrl?: string | null;
  /** The remembered speed and captions, and where a change goes (the account, or this browser). */
  settings: PlayerSettings;
  onSettingsChange: (changes: Partial<PlayerSettings>) => void;
  /** The caller's handle on the element (progress saving, autoplay). */
  videoRef?: RefObject<HTMLVideoElement | null>;
  /** Told each time a source is attached (see useHlsPlayback's sourceKey). */
  onSourceKey?: (key: string | undefined) => void;
  /** Shows the transcript beside the video (under it on a phone) when there are captions. */
  transcript?: boolean;
  /** Shortcuts work anywhere on the page (the lesson player), not only with the focus in the player. */
  globalShortcuts?: boolean;
  /** The player's box: its size and aspect ratio. */
  stageStyle?: CSSProperties;
  /** Said by browsers that cannot play video. */
  fallbackText?: string;
};

/** The mark of the chosen item in a menu (Mantine's items are menuitems: the choice is also aria-current). */
const Check = ({ on }: { on: boolean }) => <span aria-hidden="true" style={{ display: 'inline-block', width: '1em' }}>{on ? '✓' : ''}</span>;

const SEEK_SHORT = 5;
const SEEK_LONG = 10;
const VOLUME_STEP = 0.1;

/** A field where typed keys are text, not shortcuts. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

const fetchText = async (url: string) => {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.text();
};

/** A WebVTT file's text, fetched once per URL (captions for the transcript, the thumbnails index). */
function useVttText(url: string | null | undefined) {
  return useQuery({ queryKey: ['webvtt', url], queryFn: () => fetchText(url!), enabled: Boolean(url), staleTime: Infinity, retry: false });
}

/**
 * The one video player of the app (lessons, intros, free previews): HLS or MP4 as
 * useHlsPlayback decides, under a control bar of labelled buttons (play, timeline with
 * thumbnails, volume, captions, speed, full screen, shortcuts help), keyboard shortcuts, caption
 * tracks switched through `textTracks` (native HLS and hls.js alike), and an optional transcript.
 */
export function VideoPlayer({
  hlsUrl,
  mp4Url,
  captions,
  thumbnailsUrl,
  settings,
  onSettingsChange,
  videoRef: outerRef,
  onSourceKey,
  transcript = false,
  globalShortcuts = false,
  stageStyle,
  fallbackText,
  onPlay,
  onPause,
  onTimeUpdate,
  onLoadedMetadata,
  onDurationChange,
  onVolumeChange,
  ...videoProps
}: VideoPlayerProps) {
  const { t, i18n } = useTranslation('videoPlayer');
  const innerRef = useRef<HTMLVideoElement | null>(null);
  const videoRef = outerRef ?? innerRef;
  const stageRef = useRef<HTMLDivElement>(null);
  const playback = useHlsPlayback(videoRef, { hlsUrl, mp4Url });

  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  /** The stage while it is full screen (the help dialog then opens inside it). */
  const [fullscreenStage, setFullscreenStage] = useState<HTMLElement | null>(null);
  const fullscreen = fullscreenStage !== null;
  const [helpOpen, setHelpOpen] = useState(false);
  const [keyboardPreview, setKeyboardPreview] = useState<number | null>(null);

  const tracks = captions ?? [];
  const has = (language: string | null | undefined): language is CaptionLanguage => tracks.some((track) => track.language === language);
  const captionLanguage = has(settings.captionLanguage) ? settings.captionLanguage : null;
  const interfaceLanguage = i18n.resolvedLanguage ?? i18n.language;
  /** The track captions turn on with: the interface language's first, else the one there is. */
  const preferredTrack = has(interfaceLanguage) ? interfaceLanguage : tracks[0]?.language;
  const transcriptLanguage = captionLanguage ?? preferredTrack;
  const transcriptUrl = transcript ? tracks.find((track) => track.language === transcriptLanguage)?.url : undefined;
  const transcriptText = useVttText(transcriptUrl);
  const thumbnailsText = useVttText(thumbnailsUrl);
  const cues = transcriptText.data ? parseVtt(transcriptText.data) : [];
  const tiles = thumbnailsText.data && thumbnailsUrl ? parseThumbnails(thumbnailsText.data, thumbnailsUrl) : [];

  useEffect(() => {
    onSourceKey?.(playback.sourceKey);
  }, [onSourceKey, playback.sourceKey]);

  // The remembered speed, applied again with every source (attaching hls.js can reset it).
  const rate = settings.playbackRate;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const apply = () => {
      video.defaultPlaybackRate = rate;
      if (video.playbackRate !== rate) video.playbackRate = rate;
    };
    apply();
    video.addEventListener('loadedmetadata', apply);
    video.addEventListener('playing', apply);
    return () => {
      video.removeEventListener('loadedmetadata', apply);
      video.removeEventListener('playing', apply);
    };
  }, [videoRef, rate, playback.sourceKey]);

  // The chosen captions shown, every other track off; again when a track appears.
  useEffect(() => {
    const video = videoRef.current;
    if (!video?.textTracks) return;
    const textTracks = video.textTracks;
    const apply = () => {
      for (const track of Array.from(textTracks)) {
        const wanted = track.language === captionLanguage ? 'showing' : 'disabled';
        if (track.mode !== wanted) track.mode = wanted;
      }
    };
    apply();
    textTracks.addEventListener?.('addtrack', apply);
    return () => textTracks.removeEventListener?.('addtrack', apply);
  }, [videoRef, captionLanguage, playback.sourceKey, tracks.length]);

  useEffect(() => {
    const update = () => setFullscreenStage(stageRef.current && document.fullscreenElement === stageRef.current ? stageRef.current : null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play()?.catch(() => undefined);
    else video.pause();
  };

  const seekTo = (time: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    video.currentTime = Math.min(end, Math.max(0, time));
    setCurrentTime(video.currentTime);
  };

  const seekBy = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    seekTo(video.currentTime + seconds);
    // Seeking from the timeline with the keyboard shows where it landed.
    if (document.activeElement?.getAttribute('role') === 'slider' && stageRef.current?.contains(document.activeElement)) setKeyboardPreview(video.currentTime);
  };

  const changeVolume = (next: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = Math.round(Math.min(1, Math.max(0, next)) * 100) / 100;
    video.muted = video.volume === 0;
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
  };

  const chooseCaptions = (language: CaptionLanguage | 'off') => onSettingsChange({ captionLanguage: language });

  const toggleCaptions = () => {
    if (captionLanguage) chooseCaptions('off');
    else if (preferredTrack) chooseCaptions(preferredTrack);
  };

  const toggleFullscreen = () => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => undefined);
    } else if (stage.requestFullscreen) {
      void stage.requestFullscreen().catch(() => undefined);
    } else {
      // iOS Safari: only the video itself can go full screen (with its own controls and captions).
      (videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null)?.webkitEnterFullscreen?.();
    }
  };

  const handleKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    if (isTextField(target)) return;
    const inPlayer = Boolean(target && stageRef.current?.contains(target));
    // Another dialog (or this player's help) or an open menu keeps its keys.
    if (target?.closest?.('[role="dialog"], [role="menu"]') && !stageRef.current?.closest('[role="dialog"]')?.contains(target)) return;
    if (target?.closest?.('[role="menu"]')) return;
    const isButton = target instanceof HTMLButtonElement || target?.getAttribute?.('role') === 'button';
    const isRange = target instanceof HTMLInputElement && target.type === 'range';
    const actions: Record<string, (() => void) | undefined> = {
      ' ': isButton ? undefined : togglePlay,
      k: togglePlay,
      j: () => seekBy(-SEEK_LONG),
      l: () => seekBy(SEEK_LONG),
      f: toggleFullscreen,
      m: toggleMute,
      c: toggleCaptions,
      '?': () => setHelpOpen(true),
      // Arrows only inside the player: elsewhere on the page they scroll it.
      ArrowLeft: inPlayer && !isRange ? () => seekBy(-SEEK_SHORT) : undefined,
      ArrowRight: inPlayer && !isRange ? () => seekBy(SEEK_SHORT) : undefined,
      ArrowUp: inPlayer && !isRange ? () => changeVolume((videoRef.current?.volume ?? 1) + VOLUME_STEP) : undefined,
      ArrowDown: inPlayer && !isRange ? () => changeVolume((videoRef.current?.volume ?? 1) - VOLUME_STEP) : undefined,
    };
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const action = actions[event.key === '?' ? '?' : key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  // The lesson player listens on the whole page; other players only while focused.
  useEffect(() => {
    const target: HTMLElement | Document | null = globalShortcuts ? document : stageRef.current;
    if (!target) return;
    const listener = (event: Event) => handleKey(event as KeyboardEvent);
    target.addEventListener('keydown', listener);
    return () => target.removeEventListener('keydown', listener);
  }, [globalShortcuts]);

  const showTranscript = transcript && cues.length > 0;
  const speedLabel = t('speedValue', { rate: rate.toLocaleString(interfaceLanguage) });

  return (
    <div className={classes.layout} data-with-transcript={showTranscript ? '' : undefined}>
      <div ref={stageRef} className={classes.stage} style={stageStyle} data-playing={playing ? '' : undefined} data-video-player="">
        <video
          ref={videoRef}
          src={playback.src}
          data-playback={playback.mode}
          className={classes.video}
          playsInline
          onClick={togglePlay}
          onDoubleClick={toggleFullscreen}
          onPlay={(event) => {
            setPlaying(true);
            onPlay?.(event);
          }}
          onPause={(event) => {
            setPlaying(false);
            onPause?.(event);
          }}
          onTimeUpdate={(event) => {
            setCurrentTime(event.currentTarget.currentTime);
            onTimeUpdate?.(event);
          }}
          onLoadedMetadata={(event) => {
            setDuration(event.currentTarget.duration);
            onLoadedMetadata?.(event);
          }}
          onDurationChange={(event) => {
            setDuration(event.currentTarget.duration);
            onDurationChange?.(event);
          }}
          onVolumeChange={(event) => {
            setVolume(event.currentTarget.volume);
            setMuted(event.currentTarget.muted);
            onVolumeChange?.(event);
          }}
          {...videoProps}
        >
          {tracks.map((track) => (
            <track key={track.language} kind="subtitles" srcLang={track.language} label={t(`captionsLanguage.${track.language}`)} src={track.url} />
          ))}
          {fallbackText}
        </video>
        <div className={classes.bar}>
          <SeekBar
            currentTime={currentTime}
            duration={duration}
            tiles={tiles}
            onSeek={seekTo}
            keyboardPreview={keyboardPreview}
            onKeyboardSeek={(time) => {
              seekTo(time);
              setKeyboardPreview(time);
            }}
          />
          <div className={classes.row} onBlur={() => setKeyboardPreview(null)}>
            <button type="button" className={classes.button} onClick={togglePlay} aria-label={playing ? t('pause') : t('play')} title={playing ? t('pause') : t('play')}>
              <PlayerIcon name={playing ? 'pause' : 'play'} filled />
            </button>
            <button type="button" className={classes.button} onClick={toggleMute} aria-label={muted ? t('unmute') : t('mute')} title={muted ? t('unmute') : t('mute')}>
              <PlayerIcon name={muted || volume === 0 ? 'volumeOff' : 'volume'} />
            </button>
            <input
              type="range"
              className={classes.volume}
              min={0}
              max={1}
              step={0.05}
              value={muted ? 0 : volume}
              aria-label={t('volume')}
              aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)} %`}
              onChange={(event) => changeVolume(Number(event.currentTarget.value))}
            />
            <span className={classes.time}>
              {formatTime(currentTime)} / {formatTime(duration)}
            </span>
            <span className={classes.spacer} />
            {tracks.length > 0 ? (
              <Menu position="top-end" withinPortal={false} trapFocus>
                <Menu.Target>
                  <button type="button" className={classes.button} aria-label={t('captions')} title={t('captions')} aria-pressed={captionLanguage !== null}>
                    <PlayerIcon name="captions" filled={captionLanguage !== null} />
                  </button>
                </Menu.Target>
                <Menu.Dropdown aria-label={t('captions')}>
                  <Menu.Item aria-current={captionLanguage === null ? 'true' : undefined} leftSection={<Check on={captionLanguage === null} />} onClick={() => chooseCaptions('off')}>
                    {t('captionsOff')}
                  </Menu.Item>
                  {tracks.map((track) => (
                    <Menu.Item key={track.language} aria-current={captionLanguage === track.language ? 'true' : undefined} leftSection={<Check on={captionLanguage === track.language} />} onClick={() => chooseCaptions(track.language)}>
                      {t(`captionsLanguage.${track.language}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : null}
            <Menu position="top-end" withinPortal={false} trapFocus>
              <Menu.Target>
                <button type="button" className={classes.button} aria-label={`${t('speed')}: ${speedLabel}`} title={t('speed')}>
                  {speedLabel}
                </button>
              </Menu.Target>
              <Menu.Dropdown aria-label={t('speed')}>
                {playbackRates.map((option) => (
                  <Menu.Item key={option} aria-current={option === rate ? 'true' : undefined} leftSection={<Check on={option === rate} />} onClick={() => onSettingsChange({ playbackRate: option })}>
                    {t('speedValue', { rate: option.toLocaleString(interfaceLanguage) })}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <button type="button" className={classes.button} onClick={() => setHelpOpen(true)} aria-label={`${t('shortcuts')} (?)`} title={`${t('shortcuts')} (?)`}>
              ?
            </button>
            <button type="button" className={classes.button} onClick={toggleFullscreen} aria-label={fullscreen ? t('exitFullscreen') : t('fullscreen')} title={fullscreen ? t('exitFullscreen') : t('fullscreen')}>
              <PlayerIcon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
            </button>
          </div>
        </div>
        <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} target={fullscreenStage} />
      </div>
      {showTranscript && transcriptLanguage ? <Transcript cues={cues} currentTime={currentTime} onSeek={seekTo} language={transcriptLanguage} /> : null}
    </div>
  );
}

export default VideoPlayer;
