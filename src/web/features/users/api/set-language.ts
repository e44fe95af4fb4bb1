import type { UpdateLanguageInput } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';

/** Tells the server the language I read, so my e-mails arrive in it. */
export const setAccountLanguage = (input: UpdateLanguageInput) => api.put<UpdateLanguageInput>('/api/users/me/language', input);
