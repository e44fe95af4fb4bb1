import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileInput } from '../../../../shared/schemas/users';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** Saves my name and picture (an http(s) URL, or empty for none). */
export const updateMe = (input: UpdateProfileInput) => call(endpoints.updateMe, { body: input });

/**
 * The caller decides when to refresh the session and `me` (after the "¡Datos actualizados!"
 * dialog), so the dashboard does not jump to the new name's address underneath it.
 */
export const useUpdateMe = () => useMutation({ mutationFn: updateMe });
