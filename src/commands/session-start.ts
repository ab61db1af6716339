// What a session run starts with besides its flags: a lesson (`routersh learn NAME`), a typed
// script (`routersh play`).
import type { Config } from '../config/config.js';
import type { LessonDriver } from '../contract/lessons.js';
import type { Services } from '../contract/services.js';

export interface SessionStart {
  lesson?: string;
  /** `routersh class join`: the class's router and login, its remote lesson driver, the welcome. */
  classroom?: {
    login: Pick<Config, 'router' | 'user' | 'password' | 'telemetryUrl' | 'telemetryKey'>;
    lessons: (deps: Pick<Services, 'resolve'>) => LessonDriver;
    intro: string;
  };
  play?: { script: string; autoMs?: number; speed: number };
}
