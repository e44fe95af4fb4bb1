import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ComponentType, ReactNode } from 'react';
import { i18n } from '../i18n';
import classes from './dialogs.module.css';
import { AlertTriangleIcon, CircleCheckIcon, CircleXIcon, InfoCircleIcon, type IconProps } from './icons';
import { whenOverlaysReady } from './overlays';

export type DialogIcon = 'error' | 'warning' | 'success' | 'info';

const icons: Record<DialogIcon, ComponentType<IconProps>> = {
  error: CircleXIcon,
  warning: AlertTriangleIcon,
  success: CircleCheckIcon,
  info: InfoCircleIcon,
};

// Spec section 9: no auto-close timer; Escape and a click outside close the dialog.
const modalSettings = {
  centered: true,
  withCloseButton: false,
  closeOnEscape: true,
  closeOnClickOutside: true,
  classNames: { header: classes.header, title: classes.title, body: classes.body },
} as const;

let dialogCount = 0;
const nextDialogId = () => `dialog-${++dialogCount}`;

/** The dialog's heading: the icon (named for screen readers, "Error: …") above the title. */
function DialogTitle({ icon, title }: { icon: DialogIcon; title: ReactNode }) {
  const Icon = icons[icon];
  return (
    <>
      <Icon
        size={64}
        strokeWidth={1.5}
        className={classes.icon}
        data-kind={icon}
        role="img"
        aria-hidden={false}
        aria-label={i18n.t(`common:dialog.icon.${icon}`)}
      />
      <span>{title}</span>
    </>
  );
}

export type ShowDialogOptions = {
  icon: DialogIcon;
  title: ReactNode;
  text?: ReactNode;
  /** Defaults to "OK". */
  okLabel?: string;
};

/**
 * An alert with one OK button: `await showDialog({ icon: 'success', title: t('…') })`.
 * Resolves when it closes, whichever way (OK, Escape, a click outside).
 */
export async function showDialog({ icon, title, text, okLabel }: ShowDialogOptions): Promise<void> {
  await whenOverlaysReady();
  return new Promise((resolve) => {
    const modalId = nextDialogId();
    modals.open({
      ...modalSettings,
      modalId,
      title: <DialogTitle icon={icon} title={title} />,
      children: (
        <>
          {text ? <Text mb="md">{text}</Text> : null}
          <Group justify="center" mt="md">
            <Button
              data-autofocus
              onClick={() => {
                modals.close(modalId);
              }}
              miw={96}
            >
              {okLabel ?? i18n.t('common:dialog.ok')}
            </Button>
          </Group>
        </>
      ),
      onClose: () => {
        resolve();
      },
    });
  });
}

export type ConfirmDialogOptions = {
  title: ReactNode;
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Defaults to 'warning', as for "¿Estás seguro?". */
  icon?: DialogIcon;
};

/**
 * Asks before acting: `if (await confirmDialog({ title: t('admin:confirm.title') })) …`.
 * Resolves true only for the confirm button; Cancel, Escape and a click outside give false.
 */
export async function confirmDialog({ title, text, confirmLabel, cancelLabel, icon = 'warning' }: ConfirmDialogOptions): Promise<boolean> {
  await whenOverlaysReady();
  return new Promise((resolve) => {
    let confirmed = false;
    modals.openConfirmModal({
      ...modalSettings,
      modalId: nextDialogId(),
      title: <DialogTitle icon={icon} title={title} />,
      children: text ? <Text>{text}</Text> : undefined,
      labels: {
        confirm: confirmLabel ?? i18n.t('common:dialog.confirm'),
        cancel: cancelLabel ?? i18n.t('common:dialog.cancel'),
      },
      groupProps: { justify: 'center' },
      // Focus starts on Cancel: a stray Enter must not disable a user or delete a message.
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => {
        confirmed = true;
      },
      // Called after onConfirm, and alone for Cancel, Escape and a click outside.
      onClose: () => {
        resolve(confirmed);
      },
    });
  });
}
