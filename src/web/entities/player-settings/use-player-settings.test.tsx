import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import type { Session } from '../../session/get-session';
import { VideoPlayer } from '../../components/video-player';
import { mockApi, requestsTo } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render';
import { playerSettingsStorageKey, usePlayerSettings } from './use-player-settings';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

function Player() {
  const { settings, change } = usePlayerSettings();
  return <VideoPlayer hlsUrl={null} mp4Url="/api/videos/stream/token1" settings={settings} onSettingsChange={change} aria-label="Video" />;
}

async function chooseSpeed(user: ReturnType<typeof renderWithProviders>['user'], current: string, next: string) {
  await user.click(await screen.findByRole('button', { name: `Velocidad: ${current}` }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: next }));
}

afterEach(() => window.localStorage.clear());

describe('usePlayerSettings', () => {
  it('keeps a signed-in learner’s speed with their account', async () => {
    const spy = mockApi({
      getSession: () => session,
      getPlayerSettings: () => ({ playbackRate: 1.25, captionLanguage: 'en' }),
      updatePlayerSettings: ({ body }) => body,
    });
    const { user } = renderWithProviders(<Player />);
    const video = (await screen.findByLabelText('Video', undefined, { timeout: 5000 })) as HTMLVideoElement;
    await chooseSpeed(user, '1,25×', '1,5×');
    expect(video.playbackRate).toBe(1.5);
    await expect.poll(() => requestsTo(spy, endpoints.updatePlayerSettings).map((sent) => sent.body)).toEqual([{ playbackRate: 1.5, captionLanguage: 'en' }]);
    expect(window.localStorage.getItem(playerSettingsStorageKey)).toBeNull();
  });

  it('keeps a visitor’s speed in this browser, and applies it on the next visit', async () => {
    const spy = mockApi({ getSession: () => null });
    const { user, unmount } = renderWithProviders(<Player />);
    await chooseSpeed(user, '1×', '0,75×');
    expect(JSON.parse(window.localStorage.getItem(playerSettingsStorageKey) ?? 'null')).toEqual({ playbackRate: 0.75, captionLanguage: null });
    expect(requestsTo(spy, endpoints.updatePlayerSettings)).toEqual([]);
    expect(requestsTo(spy, endpoints.getPlayerSettings)).toEqual([]);
    unmount();

    renderWithProviders(<Player />);
    const video = (await screen.findByLabelText('Video', undefined, { timeout: 5000 })) as HTMLVideoElement;
    expect(video.playbackRate).toBe(0.75);
  });
});
