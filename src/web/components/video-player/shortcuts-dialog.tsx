import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './video-player.module.css';

/** The help dialog opened with `?`: every shortcut, translated. */
export function ShortcutsDialog({ opened, onClose, target }: { opened: boolean; onClose: () => void; target: HTMLElement | null }) {
  const { t } = useTranslation('videoPlayer');
  const rows: [keys: string[], action: string][] = [
    [[t('keys.space'), 'k'], t('keys.playPause')],
    [['j'], t('keys.back10')],
    [['l'], t('keys.forward10')],
    [[t('keys.left')], t('keys.back5')],
    [[t('keys.right')], t('keys.forward5')],
    [[t('keys.up')], t('keys.volumeUp')],
    [[t('keys.down')], t('keys.volumeDown')],
    [['f'], t('keys.fullscreen')],
    [['m'], t('keys.mute')],
    [['c'], t('keys.captions')],
    [['?'], t('keys.help')],
  ];
  return (
    // In full screen only the player's container is shown: the dialog goes inside it.
    <Modal opened={opened} onClose={onClose} title={t('shortcutsTitle')} centered closeButtonProps={{ 'aria-label': t('close') }} portalProps={target ? { target } : undefined}>
      <table className={classes.shortcuts}>
        <tbody>
          {rows.map(([keys, action]) => (
            <tr key={action}>
              <td>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ` ${t('keys.or')} ` : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
