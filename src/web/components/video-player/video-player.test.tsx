import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PlayerSettings } from '../../../shared/schemas/player-settings';
import { mockFetch } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render';
import { VideoPlayer } from './index';

const captionsVtt = `WEBVTT

1
00:00:00.000 --> 00:00:04.000
Hola y bienvenidos

2
00:00:04.000 --> 00:00:09.500
Hoy aprendemos <i>Python</i>

3
00:00:09.500 --> 00:00:15.000
Empecemos con variables
`;

const captions = [
  { language: 'es' as const, url: '/api/videos/captions/es.vtt' },
  { language: 'en' as const, url: '/api/videos/captions/en.vtt' },
];

function Harness({ onChange, initial, withInput = false, transcript = false }: { onChange?: (changes: Partial<PlayerSettings>) => void; initial?: Partial<PlayerSettings>; withInput?: boolean; transcript?: boolean }) {
  const [settings, setSettings] = useState<PlayerSettings>({ playbackRate: 1, captionLanguage: null, ...initial });
  return (
    <>
      {withInput ? <input aria-label="Notas" /> : null}
      <VideoPlayer
        hlsUrl={null}
        mp4Url="/api/videos/stream/token1"
        captions={captions}
        settings={settings}
        onSettingsChange={(changes) => {
          onChange?.(changes);
          setSettings((current) => ({ ...current, ...changes }));
        }}
        transcript={transcript}
        globalShortcuts
        aria-label="Video del curso Python"
      />
    </>
  );
}

async function renderPlayer(props: Parameters<typeof Harness>[0] = {}) {
  mockFetch({
    'GET /api/videos/captions/es.vtt': () => new Response(captionsVtt),
    'GET /api/videos/captions/en.vtt': () => new Response(captionsVtt.replace('Hola y bienvenidos', 'Hello and welcome')),
  });
  const result = renderWithProviders(<Harness {...props} />);
  const video = (await screen.findByLabelText('Video del curso Python', undefined, { timeout: 5000 })) as HTMLVideoElement;
  return { ...result, video };
}

/** happy-dom loads no media: the test says when the video knows its length. */
function loadMetadata(video: HTMLVideoElement, duration: number) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent.loadedMetadata(video);
}

describe('VideoPlayer', () => {
  it('has its own labelled controls, not the browser’s, and offers the captions as tracks', async () => {
    const { video } = await renderPlayer();
    expect(video).not.toHaveAttribute('controls');
    expect(video).toHaveAttribute('data-playback', 'mp4');
    expect(video.querySelectorAll('track[kind="subtitles"]')).toHaveLength(2);
    loadMetadata(video, 120);
    expect(screen.getByRole('slider', { name: 'Posición del video' })).toHaveAttribute('aria-valuetext', '0:00 de 2:00');
    for (const name of ['Reproducir', 'Silenciar', 'Subtítulos', 'Velocidad: 1×', 'Atajos de teclado (?)', 'Pantalla completa']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('acts on the video with the keyboard: play/pause, seek, volume, mute, captions, help', async () => {
    const onChange = vi.fn();
    const { user, video } = await renderPlayer({ onChange });
    loadMetadata(video, 120);
    const play = vi.spyOn(video, 'play');
    const pause = vi.spyOn(video, 'pause');

    await user.keyboard('k');
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.play(video);
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(pause).toHaveBeenCalledTimes(1);

    await user.keyboard('l');
    expect(video.currentTime).toBe(10);
    await user.keyboard('j');
    expect(video.currentTime).toBe(0);
    // Arrows act with the focus in the player (elsewhere they scroll the page).
    screen.getByRole('slider', { name: 'Posición del video' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(video.currentTime).toBe(5);
    await user.keyboard('{ArrowDown}');
    expect(video.volume).toBeCloseTo(0.9);

    await user.keyboard('m');
    expect(video.muted).toBe(true);
    await user.keyboard('m');
    expect(video.muted).toBe(false);

    // happy-dom keeps no track modes: a list that does, as browsers have.
    const textTracks = Object.assign([{ language: 'es', mode: 'disabled' }, { language: 'en', mode: 'disabled' }], { addEventListener: vi.fn(), removeEventListener: vi.fn() });
    Object.defineProperty(video, 'textTracks', { configurable: true, value: textTracks });
    // Never chosen: captions turn on in the interface language (Spanish), and off again.
    await user.keyboard('c');
    expect(onChange).toHaveBeenLastCalledWith({ captionLanguage: 'es' });
    const modes = () => Object.fromEntries(textTracks.map((track) => [track.language, track.mode]));
    expect(modes()).toEqual({ es: 'showing', en: 'disabled' });
    await user.keyboard('c');
    expect(onChange).toHaveBeenLastCalledWith({ captionLanguage: 'off' });
    expect(modes()).toEqual({ es: 'disabled', en: 'disabled' });

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Atajos de teclado del reproductor' });
    for (const text of ['Reproducir o pausar', 'Retroceder 10 segundos', 'Activar o desactivar los subtítulos', 'Pantalla completa']) expect(within(dialog).getByText(text)).toBeInTheDocument();
  });

  it('leaves the keys typed in a text field alone', async () => {
    const { user, video } = await renderPlayer({ withInput: true });
    loadMetadata(video, 120);
    const play = vi.spyOn(video, 'play');
    await user.click(screen.getByRole('textbox', { name: 'Notas' }));
    await user.keyboard('k lm?');
    expect(screen.getByRole('textbox', { name: 'Notas' })).toHaveValue('k lm?');
    expect(play).not.toHaveBeenCalled();
    expect(video.currentTime).toBe(0);
    expect(video.muted).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('applies the chosen speed from the menu and the remembered one', async () => {
    const onChange = vi.fn();
    const { user, video } = await renderPlayer({ onChange, initial: { playbackRate: 1.25 } });
    expect(video.playbackRate).toBe(1.25);
    await user.click(screen.getByRole('button', { name: 'Velocidad: 1,25×' }));
    expect(await screen.findByRole('menuitem', { name: '1,25×' })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('menuitem', { name: '1,5×' }));
    expect(onChange).toHaveBeenLastCalledWith({ playbackRate: 1.5 });
    expect(video.playbackRate).toBe(1.5);
    // A new source (hls.js attaching, say) may reset it: it is applied again.
    video.playbackRate = 1;
    fireEvent.loadedMetadata(video);
    expect(video.playbackRate).toBe(1.5);
  });

  it('shows a transcript: a click seeks, the spoken line follows the video, the search filters', async () => {
    const { user, video } = await renderPlayer({ transcript: true });
    loadMetadata(video, 15);
    const transcript = await screen.findByRole('region', { name: 'Transcripción' });
    const lines = await within(transcript).findAllByRole('button');
    expect(lines.map((line) => line.textContent)).toEqual(['0:00Hola y bienvenidos', '0:04Hoy aprendemos Python', '0:09Empecemos con variables']);

    await user.click(within(transcript).getByRole('button', { name: /Empecemos con variables/ }));
    expect(video.currentTime).toBe(9.5);

    video.currentTime = 5;
    fireEvent.timeUpdate(video);
    expect(within(transcript).getByRole('button', { name: /Hoy aprendemos Python/ })).toHaveAttribute('aria-current', 'true');
    expect(within(transcript).getByRole('button', { name: /Hola y bienvenidos/ })).not.toHaveAttribute('aria-current');

    await user.type(within(transcript).getByRole('searchbox', { name: 'Buscar en la transcripción' }), 'variables');
    expect(within(transcript).getAllByRole('button').map((line) => line.textContent)).toEqual(['0:09Empecemos con variables']);
    await user.type(within(transcript).getByRole('searchbox', { name: 'Buscar en la transcripción' }), 'zzz');
    expect(within(transcript).getByText('Ninguna línea contiene ese texto.')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
