import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { CaptionFile } from '../../../../shared/schemas/captions';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { LessonCaptions } from './lesson-captions';

/** Mantine's FileInput is a button; the file input it opens is hidden beside it. */
function fileInputLabelled(label: RegExp): HTMLInputElement {
  const button = screen.getByLabelText(label);
  let node: HTMLElement | null = button;
  while (node && !node.querySelector('input[type="file"]')) node = node.parentElement;
  return node!.querySelector('input[type="file"]')!;
}

const attached: CaptionFile = { language: 'es', fileName: 'clase.vtt', cueCount: 12, updatedAt: '2026-01-01T00:00:00.000Z' };

describe('a video lesson’s captions in the curriculum editor', () => {
  it('shows the attached file, attaches an SRT in the other language, and removes one', async () => {
    let items: CaptionFile[] = [attached];
    const spy = mockApi({
      getLessonCaptions: () => ({ items }),
      putLessonCaptions: ({ params, body }) => {
        items = [...items, { language: params.language, fileName: body.fileName, cueCount: 2, updatedAt: '2026-01-02T00:00:00.000Z' }];
        return { items };
      },
      deleteLessonCaptions: ({ params }) => {
        items = items.filter((item) => item.language !== params.language);
        return { items };
      },
    });
    const { user } = renderWithProviders(<LessonCaptions courseId={4} lessonId={11} title="Introducción" />);
    await user.click(screen.getByRole('button', { name: 'Subtítulos de Introducción' }));
    const files = await screen.findByRole('region', { name: 'Archivos de subtítulos de Introducción' });
    expect(await within(files).findByText('Subtítulos en español: clase.vtt (12 frases)')).toBeTruthy();

    const srt = new File(['1\n00:00:01,000 --> 00:00:02,000\nHello\n'], 'intro.srt', { type: 'application/x-subrip' });
    await user.upload(fileInputLabelled(/Subtítulos en inglés/), srt);
    expect(await within(files).findByText('Subtítulos en inglés: intro.srt (2 frases)')).toBeTruthy();
    expect(requestsTo(spy, endpoints.putLessonCaptions)).toEqual([
      { url: expect.stringMatching(/\/api\/courses\/4\/lessons\/11\/captions\/en$/), body: { fileName: 'intro.srt', text: '1\n00:00:01,000 --> 00:00:02,000\nHello\n' } },
    ]);

    await user.click(within(files).getByRole('button', { name: 'Quitar los subtítulos en español de Introducción' }));
    await waitFor(() => expect(within(files).getByLabelText(/Subtítulos en español/)).toBeTruthy());
  });

  it("shows the server's refusal with the line, and refuses a file past the cap without sending it", async () => {
    const spy = mockApi({
      getLessonCaptions: () => ({ items: [] }),
      putLessonCaptions: () => jsonResponse({ error: { code: 'CAPTIONS_CUE_INVALID', message: 'bad cue', fields: { line: ['12'] } } }, 422),
    });
    const { user } = renderWithProviders(<LessonCaptions courseId={4} lessonId={11} title="Introducción" />);
    await user.click(screen.getByRole('button', { name: 'Subtítulos de Introducción' }));
    await screen.findByLabelText(/Subtítulos en español/);
    await user.upload(fileInputLabelled(/Subtítulos en español/), new File(['WEBVTT\n\nbad'], 'mal.vtt', { type: 'text/vtt' }));
    expect(await screen.findByText(/La línea 12 del archivo de subtítulos no es válida/)).toBeTruthy();

    const huge = new File(['x'.repeat(512 * 1024 + 1)], 'grande.vtt', { type: 'text/vtt' });
    await user.upload(fileInputLabelled(/Subtítulos en inglés/), huge);
    expect(await screen.findByText(/El archivo de subtítulos es demasiado grande/)).toBeTruthy();
    expect(requestsTo(spy, endpoints.putLessonCaptions)).toHaveLength(1);
  });
});
