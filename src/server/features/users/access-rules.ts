import type { AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [
  { route: 'PATCH /api/users/me', request: () => ({ url: '/api/users/me', payload: { name: 'Nuevo Nombre', image: 'https://example.com/me.png' } }) },
  { route: 'PUT /api/users/me/language', request: () => ({ url: '/api/users/me/language', payload: { language: 'en' } }) },
];
