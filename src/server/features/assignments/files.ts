import { randomUUID } from 'node:crypto';
import type { AssignmentFileType } from '../../../shared/limits';
import { lessonImageTypeOf, looksLikePdf, sanitizeResourceName } from '../curriculum';

/**
 * Assignment files: what a learner hands in and what a reviewer returns. A file is known by its
 * content, never by its name or declared type: a PDF (its header and trailer), a JPEG, PNG, WebP
 * or GIF image (its signature; never SVG), or a ZIP (its local-file or empty-archive signature).
 * Nothing of a file is parsed, unpacked or rendered: it is stored as it came, under a name of
 * the app's own, and downloads as an attachment no browser sniffs or runs.
 */

const extensions: Record<AssignmentFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/zip': 'zip',
};

/** A ZIP starts with a local file header (`PK\x03\x04`), or is an empty archive (`PK\x05\x06`, the end record alone). */
function looksLikeZip(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0x50 || head[1] !== 0x4b) return false;
  return (head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06);
}

/** The type of a file by its first bytes (and, for a PDF, its last kilobyte); null for anything else. */
export function assignmentFileTypeOf(head: Buffer, tail: Buffer): AssignmentFileType | null {
  if (looksLikePdf(head, tail)) return 'application/pdf';
  const image = lessonImageTypeOf(head);
  if (image) return image;
  if (looksLikeZip(head)) return 'application/zip';
  return null;
}

/** A stored file's key: the course's folder, a fresh name (never the uploader's). */
export const assignmentFileKey = (courseId: number, type: AssignmentFileType) => `assignments/${courseId}/${randomUUID()}.${extensions[type]}`;

/**
 * The name a file downloads under, from the name its uploader gave: as a resource's (last path
 * segment, no control or direction-override characters, at most 200 characters), with the
 * extension of the type its content was found to be.
 */
export function assignmentFileName(fileName: string, type: AssignmentFileType): string {
  const extension = extensions[type];
  const base = sanitizeResourceName(fileName.replace(/\.[a-z0-9]{1,5}$/i, '')).replace(/\.pdf$/, '');
  return `${base}.${extension}`;
}
