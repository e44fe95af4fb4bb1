import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailedError, Upload } from 'tus-js-client';
import { errorStatus, type ErrorCode } from '../../../../shared/errors';
import { limits } from '../../../../shared/limits';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { UploadedVideo } from '../../../../shared/schemas/media';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteUpload } from '../api/delete-upload';
import { myUploadsQueryKey, useMyUploads } from '../api/get-my-uploads';

/** `slot`: where the video will stand once uploaded (0 is the intro), as the user chose the files. */
export type UploadInProgress = { key: string; name: string; percent: number; slot: number };

/**
 * tus sends 8 MiB per request: a dropped connection loses at most the part in flight, and each
 * request fits the server's REQUEST_TIMEOUT_MS (2 minutes by default) down to about 0.6 Mbit/s.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(errorStatus, code);

/** The API's error code in a refused tus request, or what its status means. */
function uploadErrorCode(error: unknown): string {
  if (!(error instanceof DetailedError) || !error.originalResponse) return 'NETWORK';
  try {
    const body = JSON.parse(error.originalResponse.getBody()) as { error?: { code?: unknown } };
    if (isErrorCode(body.error?.code)) return body.error.code;
  } catch {
    // Not our JSON (a proxy's page): fall back on the status.
  }
  const status = error.originalResponse.getStatus();
  if (status === 413) return 'VIDEO_TOO_LARGE';
  if (status === 415) return 'VIDEO_NOT_MP4';
  if (status === 401) return 'UNAUTHENTICATED';
  return status >= 500 ? 'INTERNAL' : 'UNKNOWN';
}

/** Refusals that wait for the user to act (finish, cancel or remove an upload): retrying cannot help. */
const LIMIT_CODES = new Set(['UPLOAD_LIMIT_REACHED', 'UNFINISHED_UPLOADS_LIMIT']);

/** Retry what a retry can fix (the network, the server briefly away, an offset conflict); never a refusal. */
export function shouldRetry(error: DetailedError) {
  const status = error.originalResponse?.getStatus() ?? 0;
  if (status === 409) return !LIMIT_CODES.has(uploadErrorCode(error));
  return status === 0 || status === 423 || status >= 500;
}

/**
 * My uploaded videos and the uploads under way, for /form and /uploadvideo. The first video
 * is the intro; `swap` makes the second one the intro. Files chosen together upload in
 * parallel, but keep the order they were chosen in (the first chosen is the intro), whichever
 * finishes first. An upload under way can be cancelled: tus asks the server to delete it,
 * which frees its place. Uploads are resumable: tus-js-client remembers unfinished ones (by
 * file) and continues them where the server stopped.
 */
export function useVideoUploads({ enabled = true }: { enabled?: boolean } = {}) {
  const { t } = useTranslation(['teaching', 'errors']);
  const queryClient = useQueryClient();
  const uploadsQuery = useMyUploads({ enabled });
  const deleteUpload = useDeleteUpload();
  const [inProgress, setInProgress] = useState<(Omit<UploadInProgress, 'slot'> & { rank: number })[]>([]);
  const [introId, setIntroId] = useState<string | null>(null);
  const running = useRef(new Map<string, Upload>());
  // The order the user chose files in: each upload's rank, and the rank of each video it became.
  const nextRank = useRef(0);
  const [rankOf, setRankOf] = useState<Record<string, number>>({});

  // Leaving the page stops the uploads (their bytes so far stay on the server for a resume).
  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const upload of uploads.values()) void upload.abort();
      uploads.clear();
    };
  }, []);

  // Videos uploaded before (the server lists them oldest first) stay first; this page's
  // uploads follow in the order their files were chosen, not the order they finished in.
  const videos: UploadedVideo[] = useMemo(() => {
    const rank = (video: UploadedVideo) => rankOf[video.id] ?? -1;
    const uploaded = [...(uploadsQuery.data?.items ?? [])].sort((a, b) => rank(a) - rank(b));
    const intro = uploaded.find((video) => video.id === introId);
    return intro ? [intro, ...uploaded.filter((video) => video !== intro)] : uploaded;
  }, [uploadsQuery.data, introId, rankOf]);

  // An upload under way holds its place: a later file that finishes first is not the intro.
  const slots: string[] = useMemo(() => {
    if (inProgress.length === 0) return videos.map((video) => video.id);
    const ranked = [...videos.map((video) => ({ id: video.id, rank: rankOf[video.id] ?? -1 })), ...inProgress.map((item) => ({ id: item.key, rank: item.rank }))];
    return ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.id);
  }, [videos, inProgress, rankOf]);
  const inProgressWithSlots: UploadInProgress[] = useMemo(
    () => inProgress.map(({ rank: _rank, ...item }) => ({ ...item, slot: slots.indexOf(item.key) })),
    [inProgress, slots],
  );
  /** Where an uploaded video stands (0 is the intro), counting the uploads still under way. */
  const videoSlot = useCallback((videoId: string) => slots.indexOf(videoId), [slots]);

  const finish = useCallback((key: string) => {
    running.current.delete(key);
    setInProgress((current) => current.filter((item) => item.key !== key));
  }, []);

  const start = useCallback(
    (files: File[]) => {
      const free = limits.videosPerCourse - videos.length - running.current.size;
      if (files.length > free) toast.error(t('upload.tooMany'));
      for (const file of files.slice(0, Math.max(0, free))) {
        const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`;
        const rank = nextRank.current++;
        const upload = new Upload(file, {
          endpoint: endpoints.createUpload.path,
          chunkSize: CHUNK_BYTES,
          retryDelays: [0, 1000, 3000, 5000, 10000],
          metadata: { filename: file.name, filetype: file.type || 'video/mp4' },
          removeFingerprintOnSuccess: true,
          onShouldRetry: shouldRetry,
          onProgress: (sent, total) => {
            const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
            setInProgress((current) => current.map((item) => (item.key === key ? { ...item, percent } : item)));
          },
          onSuccess: () => {
            // The upload's address ends with its id, which is the video's.
            const videoId = upload.url?.split('/').pop();
            if (videoId) setRankOf((current) => ({ ...current, [videoId]: rank }));
            void queryClient.invalidateQueries({ queryKey: myUploadsQueryKey }).finally(() => finish(key));
          },
          onError: (error) => {
            finish(key);
            toast.error(`${t('upload.failed', { name: file.name })} ${t(`errors:codes.${uploadErrorCode(error)}` as 'errors:codes.UNKNOWN')}`);
          },
        });
        running.current.set(key, upload);
        setInProgress((current) => [...current, { key, name: file.name, percent: 0, rank }]);
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
      }
    },
    [finish, queryClient, t, videos.length],
  );

  /** Stops an upload under way and has the server delete what it received (tus termination). */
  const cancel = useCallback(
    (key: string) => {
      const upload = running.current.get(key);
      const name = inProgress.find((item) => item.key === key)?.name ?? '';
      finish(key);
      if (!upload) return;
      upload.abort(true).then(
        () => toast.success(t('upload.cancelled', { name })),
        () => toast.error(t('upload.cancelFailed', { name })),
      );
    },
    [finish, inProgress, t],
  );

  const remove = useCallback(
    (videoId: string) => {
      deleteUpload.mutate(videoId, {
        onError: (error) => toast.error(`${t('upload.removeFailed')} ${errorMessage(error)}`),
      });
    },
    [deleteUpload, t],
  );

  const swap = useCallback(() => {
    if (videos.length === 2) setIntroId(videos[1]!.id);
  }, [videos]);

  return {
    videos,
    inProgress: inProgressWithSlots,
    videoSlot,
    isUploading: inProgress.length > 0,
    isLoading: enabled && uploadsQuery.isPending,
    isRemoving: deleteUpload.isPending,
    start,
    cancel,
    remove,
    swap,
  };
}

export type VideoUploads = ReturnType<typeof useVideoUploads>;
