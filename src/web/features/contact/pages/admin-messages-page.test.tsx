import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { adminSession, renderPage, userSession } from '../../../testing/render-page';
import { AdminMessagesPage } from './admin-messages-page';

const message = { id: 7, email: 'maria@example.com', name: 'María', message: 'Hola, ¿tienen cursos de Rust?', createdAt: '2026-01-01T10:00:00.000Z' };
const page = (items: (typeof message)[]) => ({ items, total: items.length, page: 1, pageCount: 1, pageSize: 20 });

describe('admin mailbox', () => {
  it('removes a message after confirmation, shows "Deleted message!" and refreshes to the empty mailbox', async () => {
    let messages = [message];
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getMessages: () => page(messages),
      deleteMessage: () => {
        messages = [];
        return { ok: true };
      },
    });
    const { user } = renderPage(AdminMessagesPage, { pattern: '/ContactUsd', path: '/ContactUsd' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tu correo' })).toBeInTheDocument();
    const row = (await screen.findByText('Hola, ¿tienen cursos de Rust?')).closest('tr')!;
    expect(within(row).getByText('maria@example.com')).toBeInTheDocument();
    expect(within(row).getByText('María')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Eliminar el mensaje de María' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Estás seguro?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));

    expect(await screen.findByText('¡Mensaje eliminado!')).toBeInTheDocument();
    expect(await screen.findByText('Tu correo está vacío..')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('keeps the message when the admin cancels', async () => {
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getMessages: () => page([message]),
    });
    const { user } = renderPage(AdminMessagesPage, { pattern: '/admin/ContactUsd', path: '/admin/ContactUsd' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar el mensaje de María' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Hola, ¿tienen cursos de Rust?')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.every(([, init]) => init?.method !== 'DELETE')).toBe(true);
  });

  it('shows the not-allowed screen to a non-admin, without asking the server for the mail', async () => {
    const fetchSpy = mockApi({
      getSession: () => userSession,
      getMessages: () => jsonResponse({ error: { code: 'FORBIDDEN', message: 'no' } }, 403),
    });
    renderPage(AdminMessagesPage, { pattern: '/ContactUsd', path: '/ContactUsd' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' })).toBeInTheDocument();
    expect(screen.queryByText('Tu correo')).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.getMessages)).toEqual([]);
  });
});
