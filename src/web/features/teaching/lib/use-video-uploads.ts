import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailedError, Upload } from 'tus-js-client';
import { errorStatus, type ErrorCode } from '../../../../shared/errors';
import { limits } from '../../../../shared/limits';
import { UPLOAD_ENDPOINT, type UploadedVideo } from '../../../../shared/schemas/media';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteUpload } from '../api/delete-upload';
import { myUploadsQueryKey, useMyUploads } from '../api/get-my-uploads';

export type UploadInProgress = { key: string; name: string; percent: number };

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
 * is the intro; `swap` makes the second one the intro. Uploads are resumable: tus-js-client
 * remembers unfinished ones (by file) and continues them where the server stopped.
 */
export function useVideoUploads({ enabled = true }: { enabled?: boolean } = {}) {
  const { t } = useTranslation(['teaching', 'errors']);
  const queryClient = useQueryClient();
  const uploadsQuery = useMyUploads({ enabled });
  const deleteUpload = useDeleteUpload();
  const [inProgress, setInProgress] = useState<UploadInProgress[]>([]);
  const [introId, setIntroId] = useState<string | null>(null);
  const running = useRef(new Map<string, Upload>());

  // Leaving the page stops the uploads (their bytes so far stay on the server for a resume).
  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const upload of uploads.values()) void upload.abort();
      uploads.clear();
    };
  }, []);

  const videos: UploadedVideo[] = useMemo(() => {
    const uploaded = uploadsQuery.data?.items ?? [];
    const intro = uploaded.find((video) => video.id === introId);
    return intro ? [intro, ...uploaded.filter((video) => video !== intro)] : uploaded;
  }, [uploadsQuery.data, introId]);

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
        const upload = new Upload(file, {
          endpoint: UPLOAD_ENDPOINT,
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
            void queryClient.invalidateQueries({ queryKey: myUploadsQueryKey }).finally(() => finish(key));
          },
          onError: (error) => {
            finish(key);
            toast.error(`${t('upload.failed', { name: file.name })} ${t(`errors:codes.${uploadErrorCode(error)}` as 'errors:codes.UNKNOWN')}`);
          },
        });
        running.current.set(key, upload);
        setInProgress((current) => [...current, { key, name: file.name, percent: 0 }]);
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
      }
    },
    [finish, queryClient, t, videos.length],
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
    inProgress,
    isUploading: inProgress.length > 0,
    isLoading: enabled && uploadsQuery.isPending,
    isRemoving: deleteUpload.isPending,
    start,
    remove,
    swap,
  };
}

export type VideoUploads = ReturnType<typeof useVideoUploads>;
