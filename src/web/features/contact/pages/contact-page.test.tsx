import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../testing/render';
import { ContactPage } from './contact-page';

function renderContact() {
  const router = createMemoryRouter(
    [
      { path: '/contact', Component: ContactPage },
      { path: '/', Component: () => <p>home page</p> },
    ],
    { initialEntries: ['/contact'] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

describe('contact form', () => {
  it('enables Send only when the fields are valid, then sends, clears, goes home and says "Message sent!"', async () => {
    const fetchSpy = mockApi({ sendMessage: () => jsonResponse({ id: 1 }, 201) });
    const { user, router } = renderContact();
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();

    const email = screen.getByRole('textbox', { name: /Correo electrónico/ });
    await user.type(email, 'maria');
    await user.tab();
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeInTheDocument();
    await user.type(email, '@example.com');
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'María');
    const message = screen.getByRole('textbox', { name: /Mensaje/ });
    // The counter says what is still needed, as the server counts it (spaces around do not count).
    expect(message).toHaveAccessibleDescription('Faltan 10 caracteres');
    await user.type(message, '  123');
    expect(message).toHaveAccessibleDescription('Faltan 7 caracteres');
    await user.type(message, '456789');
    await user.tab();
    expect(screen.getByText('Debe tener entre 10 y 350 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Falta 1 carácter')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.type(message, '0');
    expect(send).toBeEnabled();
    expect(message).toHaveAccessibleDescription('Quedan 340 caracteres');

    await user.click(send);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('¡Mensaje enviado!')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.sendMessage)[0]?.body).toEqual({ email: 'maria@example.com', name: 'María', message: '1234567890' });
  });

  it('counts down to the maximum, then says how many characters are too many, in English too', async () => {
    await act(() => setLanguage('en'));
    const { user } = renderContact();
    const message = screen.getByRole('textbox', { name: /Message/ });
    expect(message).toHaveAccessibleDescription('10 more characters needed');
    await user.click(message);
    await user.paste('x'.repeat(349));
    expect(message).toHaveAccessibleDescription('1 character left');
    await user.paste('yyy');
    expect(message).toHaveAccessibleDescription('2 characters too many');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows the required-field messages of the spec once a field is left empty', async () => {
    const { user } = renderContact();
    await user.click(screen.getByRole('textbox', { name: /Correo electrónico/ }));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByText('Ingresa un correo electrónico')).toBeInTheDocument();
    expect(screen.getByText('Debe ingresar el nombre')).toBeInTheDocument();
    expect(screen.getByText('Debe ingresar un mensaje')).toBeInTheDocument();
  });

  it('keeps what was typed and explains when the server refuses (too many messages)', async () => {
    mockApi({ sendMessage: () => jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many' } }, 429) });
    const { user, router } = renderContact();
    await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'maria@example.com');
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'María');
    await user.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'Un mensaje suficientemente largo');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact');
    expect(screen.getByRole('textbox', { name: /Nombre/ })).toHaveValue('María');
  });
});
