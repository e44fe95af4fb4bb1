import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';

// The blocks' code and data come only when the reader scrolls near them: the course page's
// first download stays as it was (its JavaScript budget), and so does its first request list.
const load = () => import('./course-reputation');
const CourseRatings = lazy(() => load().then((module) => ({ default: module.CourseRatings })));
const RelatedCourses = lazy(() => load().then((module) => ({ default: module.RelatedCourses })));

/** True once the element is within `margin` of the screen (right after the first render where IntersectionObserver is missing). */
function useNearScreen(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  // Not near on the server and in the render that hydrates its HTML (they must match); a browser
  // without IntersectionObserver shows the blocks right after.
  const hydrated = useHydrated();
  const [seen, setSeen] = useState(false);
  const near = seen || (hydrated && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setSeen(true);
        observer.disconnect();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}

/** About the height of the ratings block (a heading and five rows). */
const ratingsHeight = 220;

type Props = { courseId: number; teacherName: string; part: 'ratings' | 'related' };

/**
 * A course's reputation, below the fold of its page: `ratings` (how its reviews split over the
 * stars, its students) and `related` (what its students also bought, its teacher's other courses).
 */
export function CourseReputationSlot({ courseId, teacherName, part }: Props) {
  const { ref, near } = useNearScreen('400px');
  // The ratings' room is kept while they load, so the reviews below them do not jump.
  const room = part === 'ratings' ? ratingsHeight : 1;
  return (
    <div ref={ref} style={{ minHeight: near ? undefined : room }}>
      {near ? (
        <Suspense fallback={<div style={{ minHeight: room }} />}>
          {part === 'ratings' ? <CourseRatings courseId={courseId} reserve={room} /> : <RelatedCourses courseId={courseId} teacherName={teacherName} />}
        </Suspense>
      ) : null}
    </div>
  );
}
