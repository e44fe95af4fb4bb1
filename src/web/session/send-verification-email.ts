import { useMutation } from '@tanstack/react-query';
import { endpoints } from '../../shared/endpoints/endpoint-table';
import { call } from '../lib/api-client';

/** Asks for the verification e-mail again (better-auth's, limited by the server): from the reminder banner and "Mis Datos". */
export const sendVerificationEmail = (email: string) => call(endpoints.sendVerificationEmail, { body: { email } });
export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
