import { Image, type ImageProps } from '@mantine/core';

/** A grey picture with a play sign, for a course without an image (or one that fails to load). */
const placeholder = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#dee2e6"/><path d="M68 30v30l26-15z" fill="#868e96"/></svg>',
)}`;

type CourseThumbProps = Omit<ImageProps, 'src' | 'alt'> & { src: string | null; alt?: string };

/** A course's picture; decorative by default (the title is next to it). */
export function CourseThumb({ src, alt = '', ...props }: CourseThumbProps) {
  return <Image src={src ?? placeholder} fallbackSrc={placeholder} alt={alt} fit="cover" radius="sm" {...props} />;
}
