import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits } from '../../shared/limits';
import { renderWithProviders } from '../testing/render';
import { toast } from './toasts';

afterEach(() => {
  act(() => {
    notifications.clean();
  });
});

describe('toast', () => {
  it('shows a success toast for 2 seconds and an error toast for 4', async () => {
    const show = vi.spyOn(notifications, 'show');
    renderWithProviders(null);

    act(() => void toast.success('Added Course!'));
    act(() => void toast.error('Course exists!'));

    expect(await screen.findByRole('status')).toHaveTextContent('Added Course!');
    expect(screen.getByRole('alert')).toHaveTextContent('Course exists!');
    expect(show).toHaveBeenNthCalledWith(1, expect.objectContaining({ message: 'Added Course!', autoClose: 2000, color: 'teal' }));
    expect(show).toHaveBeenNthCalledWith(2, expect.objectContaining({ message: 'Course exists!', autoClose: 4000, color: 'red' }));
  });

  it('closes by itself after its time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(null);
      act(() => void toast.success('Cart Cleaned!'));
      expect(await screen.findByText('Cart Cleaned!')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(limits.toastSuccessMs + 500);
      });
      await waitFor(() => expect(screen.queryByText('Cart Cleaned!')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most 20 on screen and queues the rest', async () => {
    renderWithProviders(null);
    act(() => {
      for (let index = 1; index <= 25; index += 1) toast.error(`Deleted Course! ${index}`);
    });
    await screen.findByText('Deleted Course! 1');
    expect(screen.getAllByRole('alert')).toHaveLength(limits.toastMaxOnScreen);
    expect(screen.queryByText('Deleted Course! 21')).not.toBeInTheDocument();
  });

  it('gives the close button a name', async () => {
    renderWithProviders(null);
    act(() => void toast.success('Message sent!'));
    expect(await screen.findByRole('button', { name: 'Cerrar notificación' })).toBeInTheDocument();
  });
});
