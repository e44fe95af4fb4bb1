import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { ApiError } from './api-client';
import { errorMessage, fieldErrorMessage } from './error-message';

describe('errorMessage', () => {
  it('reads a code whose text a part of the catalogue adds (the quizzes\' part, loaded by the test setup)', () => {
    expect(errorMessage(new ApiError({ code: 'QUIZ_NO_ATTEMPTS_LEFT', status: 409, message: 'no attempts left' }))).toBe('Ya has usado todos los intentos que permite este cuestionario.');
  });

  it('shows the generic message for a code with no text loaded, never the key', () => {
    const unknownCode = new ApiError({ code: 'SOMETHING_NEW' as 'UNKNOWN', status: 400, message: 'newer server' });
    expect(errorMessage(unknownCode)).toBe(errorMessage(new Error('a bug')));
    expect(errorMessage(unknownCode)).not.toContain('codes.');
  });
});

describe('fieldErrorMessage', () => {
  it('reads a field-error key in the validation catalogue, limits filled in, in the language shown', async () => {
    expect(fieldErrorMessage('validation.descriptionLength')).toBe('Debe tener entre 15 y 200 caracteres');
    await setLanguage('en');
    expect(fieldErrorMessage('validation.titleRequired')).toBe('You must enter a title');
  });

  it('shows the generic message for a key this page does not know', () => {
    expect(fieldErrorMessage('validation.somethingNew')).toBe('Revisa este dato');
  });
});
