import type { UpdateLanguageInput } from '../../../../shared/schemas/users';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** Tells the server the language I read, so my e-mails arrive in it. */
export const setAccountLanguage = (input: UpdateLanguageInput) => call(endpoints.setLanguage, { body: input });
