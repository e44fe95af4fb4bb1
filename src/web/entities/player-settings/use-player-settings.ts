import { useCallback, useState } from 'react';
import type { PlayerSettings } from '../../../shared/schemas/player-settings';
import { useSession } from '../../session/get-session';
import { usePlayerSettingsQuery } from './get-player-settings';
import { useUpdatePlayerSettings } from './update-player-settings';

/** Where a visitor's choices are kept (a signed-in learner's are kept with their account). */
export const playerSettingsStorageKey = 'player-settings';

export const defaultPlayerSettings: PlayerSettings = { playbackRate: 1, captionLanguage: null };

function readStored(): PlayerSettings {
  try {
    const stored = JSON.parse(window.localStorage.getItem(playerSettingsStorageKey) ?? 'null') as Partial<PlayerSettings> | null;
    return {
      playbackRate: typeof stored?.playbackRate === 'number' ? stored.playbackRate : defaultPlayerSettings.playbackRate,
      captionLanguage: stored?.captionLanguage === 'es' || stored?.captionLanguage === 'en' || stored?.captionLanguage === 'off' ? stored.captionLanguage : null,
    };
  } catch {
    // Blocked or damaged storage: the defaults, and nothing remembered.
    return defaultPlayerSettings;
  }
}

function store(settings: PlayerSettings) {
  try {
    window.localStorage.setItem(playerSettingsStorageKey, JSON.stringify(settings));
  } catch {
    // Not remembered, but applied for this visit.
  }
}

export type PlayerSettingsState = {
  settings: PlayerSettings;
  /** False while a signed-in learner's settings are on their way (the player waits to apply them). */
  ready: boolean;
  change: (changes: Partial<PlayerSettings>) => void;
};

/**
 * The player's remembered speed and captions: with the account for a signed-in learner (the
 * player-settings endpoints), in this browser's storage for a visitor (intro, free previews).
 */
export function usePlayerSettings(): PlayerSettingsState {
  const { isSignedIn, isPending } = useSession();
  const query = usePlayerSettingsQuery({ enabled: isSignedIn });
  const update = useUpdatePlayerSettings();
  const [local, setLocal] = useState<PlayerSettings>(() => (typeof window === 'undefined' ? defaultPlayerSettings : readStored()));

  const server = query.data;
  const settings = isSignedIn ? (server ?? defaultPlayerSettings) : local;
  const ready = !isPending && (!isSignedIn || !query.isPending);

  const { mutate } = update;
  const change = useCallback(
    (changes: Partial<PlayerSettings>) => {
      const next = { ...settings, ...changes };
      if (isSignedIn) {
        mutate(next);
      } else {
        store(next);
        setLocal(next);
      }
    },
    [settings, isSignedIn, mutate],
  );

  return { settings, ready, change };
}
