import type { Extension } from '@codemirror/state';
import type { ExerciseLanguage } from '@common/practice';

/**
 * Each language's parser is a download of its own (C's and JavaScript's are large): an exercise
 * fetches only the one it is written in. The editor shows plain text for the moment it takes.
 */
export function loadLanguage(language: ExerciseLanguage): Promise<Extension> {
  switch (language) {
    case 'c':
      return import('@codemirror/lang-cpp').then((m) => m.cpp());
    case 'java':
      return import('@codemirror/lang-java').then((m) => m.java());
    case 'javascript':
      return import('@codemirror/lang-javascript').then((m) => m.javascript());
    case 'webgl':
      return import('./webgl-language').then((m) => m.webgl());
  }
}
