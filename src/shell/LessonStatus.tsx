// The lesson's status line above the prompt: the step to do, or that the lesson is done.
// One line, cut to the width, so the live region never grows with it.
import { Text } from 'ink';
import { useSyncExternalStore } from 'react';
import type { LessonDriver } from '../contract/lessons.js';
import { sanitizeLine } from '../term/sanitize.js';

const none = () => () => {};
const nothing = () => undefined;

export function LessonStatus({ lessons, color }: { lessons: LessonDriver | undefined; color: boolean }) {
  const status = useSyncExternalStore(lessons?.subscribe ?? none, lessons?.status ?? nothing);
  if (status === undefined) return null;
  return (
    <Text wrap="truncate-end" {...(color ? { color: 'cyan' } : {})}>
      {sanitizeLine(status)}
    </Text>
  );
}
