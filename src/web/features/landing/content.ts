import { marketingCourses } from '@common/landing';

type Level = (typeof marketingCourses)[number]['level'];

/** The marketing copy around the three courses of src/common/landing.ts. */
export const courseCopy: Record<(typeof marketingCourses)[number]['title'], { description: string; topics: string[] }> = {
  'C Programming Fundamentals': {
    description:
      'Find out how computers really work. Write small programs from day one and build up to memory, pointers and a command-line project of your own.',
    topics: ['Variables, types and control flow', 'Functions and arrays', 'Pointers and memory', 'A command-line project'],
  },
  'Java Object-Oriented Programming': {
    description:
      'Learn to think in objects. Model real problems with classes, inheritance and interfaces, then bring it together in a complete application.',
    topics: ['Classes and objects', 'Inheritance and interfaces', 'Collections and generics', 'Exceptions and testing'],
  },
  'WebGL 3D Graphics': {
    description:
      'Put the GPU to work in your browser. Shaders, buffers, cameras and light, ending with an interactive 3D scene you can show anyone.',
    topics: ['The graphics pipeline', 'GLSL shaders', 'Matrices and cameras', 'Lighting and textures'],
  },
};

export const levelBadge: Record<Level, 'teal' | 'secondary' | 'amber'> = {
  Beginner: 'teal',
  Intermediate: 'secondary',
  Advanced: 'amber',
};

export { marketingCourses };
