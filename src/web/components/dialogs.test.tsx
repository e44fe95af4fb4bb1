import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { confirmDialog, showDialog } from './dialogs';

/** Resolves-or-not check without waiting forever on a promise that should stay pending. */
async function isSettled(promise: Promise<unknown>) {
  let settled = false;
  void promise.then(() => (settled = true));
  await act(async () => {});
  return settled;
}

function overlay() {
  const element = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
  if (!element) throw new Error('No modal overlay on screen');
  return element;
}

describe('showDialog', () => {
  it('shows the icon, title and text and resolves when OK closes it', async () => {
    const { user } = renderWithProviders(null);
    let closed!: Promise<void>;
    act(() => {
      closed = showDialog({ icon: 'error', title: '¡Correo y/o Contraseña inválida!', text: 'Contáctanos si no recuerdas tu contraseña.' });
    });

    const dialog = await screen.findByRole('dialog', { name: /¡Correo y\/o Contraseña inválida!/ });
    expect(dialog).toHaveTextContent('Contáctanos si no recuerdas tu contraseña.');
    expect(screen.getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(await isSettled(closed)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await closed;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['success', 'Éxito'],
    ['warning', 'Advertencia'],
    ['info', 'Información'],
  ] as const)('draws the %s icon', async (icon, label) => {
    renderWithProviders(null);
    act(() => void showDialog({ icon, title: 'Título' }));
    expect(await screen.findByRole('img', { name: label })).toBeInTheDocument();
  });

  it('closes on Escape and on a click outside, and never by itself', async () => {
    const { user } = renderWithProviders(null);
    let closed!: Promise<void>;
    act(() => {
      closed = showDialog({ icon: 'success', title: '¡Excelente!', text: 'Gracias por tu comentario' });
    });
    await screen.findByRole('dialog');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await closed;

    act(() => {
      closed = showDialog({ icon: 'info', title: 'El correo electrónico ya existe!' });
    });
    await screen.findByRole('dialog');
    await user.click(overlay());
    await closed;
  });
});

describe('confirmDialog', () => {
  it('resolves true for the confirm button', async () => {
    const { user } = renderWithProviders(null);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog({ title: '¿Estás seguro?', text: 'Una vez deshabilitado, podrás habilitarlo de nuevo...', confirmLabel: 'Sí, deshabilitar' });
    });
    const dialog = await screen.findByRole('dialog', { name: /¿Estás seguro\?/ });
    expect(dialog).toHaveTextContent('Una vez deshabilitado, podrás habilitarlo de nuevo...');
    expect(screen.getByRole('img', { name: 'Advertencia' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sí, deshabilitar' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false for Cancel, Escape and a click outside', async () => {
    const { user } = renderWithProviders(null);
    const ask = () => {
      let answer!: Promise<boolean>;
      act(() => {
        answer = confirmDialog({ title: '¿Estás seguro?' });
      });
      return answer;
    };

    let answer = ask();
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await expect(answer).resolves.toBe(false);

    answer = ask();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);

    answer = ask();
    await screen.findByRole('dialog');
    await user.click(overlay());
    await expect(answer).resolves.toBe(false);
  });

  it('starts with focus on Cancel, so a stray Enter does not confirm', async () => {
    renderWithProviders(null);
    act(() => void confirmDialog({ title: '¿Estás seguro?' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Sí, continuar' })).toBeInTheDocument();
  });
});
