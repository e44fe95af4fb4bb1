import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadedVideo } from '../../../../shared/schemas/media';
import { AppProviders } from '../../../app/app-providers';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { mockApi } from '../../../testing/mock-fetch';
import { createTestQueryClient } from '../../../testing/render';
import { useVideoUploads } from './use-video-uploads';

/**
 * tus-js-client replaced by uploads the test finishes itself, in any order, as the network
 * might. Each upload gets the address the server would give it, ending with its id.
 */
const tus = vi.hoisted(() => {
  type Options = { onSuccess?: () => void; onError?: (error: Error) => void; onProgress?: (sent: number, total: number) => void };
  class FakeUpload {
    static all: FakeUpload[] = [];
    url: string | null = null;
    aborted: boolean | null = null;
    constructor(
      public file: File,
      public options: Options,
    ) {
      FakeUpload.all.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {
      this.url = `${endpoints.createUpload.path}/${this.file.name.replace('.mp4', '')}`;
      this.options.onProgress?.(1, 2);
    }
    /** `true` asks the server to delete the upload (tus termination). */
    abort(shouldTerminate?: boolean) {
      this.aborted = Boolean(shouldTerminate);
      return Promise.resolve();
    }
    finish() {
      this.options.onSuccess?.();
    }
  }
  return { FakeUpload };
});

vi.mock('tus-js-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('tus-js-client')>()), Upload: tus.FakeUpload }));

const video = (id: string): UploadedVideo => ({ id, width: 640, height: 360, durationSeconds: 30, sizeBytes: 1000, createdAt: '2026-01-01T00:00:00.000Z', url: pathFor(endpoints.streamVideo, { token: id }) });
const file = (id: string) => new File(['x'], `${id}.mp4`, { type: 'video/mp4' });
const introId = '00000000-0000-4000-8000-000000000001';
const mainId = '00000000-0000-4000-8000-000000000002';

function renderUploads(uploaded: () => UploadedVideo[]) {
  mockApi({ getMyUploads: () => ({ items: uploaded() }) });
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} mantineEnv="test">
      {children}
    </AppProviders>
  );
  return renderHook(() => useVideoUploads(), { wrapper });
}

describe('uploading two videos chosen together', () => {
  it('keeps the order the files were chosen in: the first chosen is the intro, even when it finishes last', async () => {
    tus.FakeUpload.all = [];
    // The server lists finished uploads in the order they finished.
    let finished: UploadedVideo[] = [];
    const { result } = renderUploads(() => finished);
    await waitFor(() => expect(result.current.isLoading).toBe(false));

    act(() => result.current.start([file(introId), file(mainId)]));
    await waitFor(() => expect(tus.FakeUpload.all.every((upload) => upload.url)).toBe(true));
    expect(result.current.inProgress.map((item) => [item.name, item.slot])).toEqual([
      [`${introId}.mp4`, 0],
      [`${mainId}.mp4`, 1],
    ]);

    // The main video finishes first: it does not become the intro, the intro keeps its place.
    finished = [video(mainId)];
    act(() => tus.FakeUpload.all[1]!.finish());
    await waitFor(() => expect(result.current.videos.map((item) => item.id)).toEqual([mainId]));
    await waitFor(() => expect(result.current.inProgress).toHaveLength(1));
    expect(result.current.videoSlot(mainId)).toBe(1);
    expect(result.current.inProgress[0]).toMatchObject({ name: `${introId}.mp4`, slot: 0 });

    finished = [video(mainId), video(introId)];
    act(() => tus.FakeUpload.all[0]!.finish());
    await waitFor(() => expect(result.current.isUploading).toBe(false));
    expect(result.current.videos.map((item) => item.id)).toEqual([introId, mainId]);
    expect(result.current.videoSlot(introId)).toBe(0);
  });

  it('cancels an upload under way: tus is told to delete it on the server, and it leaves the list', async () => {
    tus.FakeUpload.all = [];
    const { result } = renderUploads(() => []);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    act(() => result.current.start([file(introId), file(mainId)]));
    await waitFor(() => expect(result.current.inProgress).toHaveLength(2));

    const [first] = result.current.inProgress;
    act(() => result.current.cancel(first!.key));
    expect(tus.FakeUpload.all[0]!.aborted).toBe(true);
    expect(tus.FakeUpload.all[1]!.aborted).toBeNull();
    expect(result.current.inProgress.map((item) => [item.name, item.slot])).toEqual([[`${mainId}.mp4`, 0]]);
  });
});
