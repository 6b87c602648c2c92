/** Marketing content of the landing page, also the seed of the demo courses. */
export const marketingCourses = [
  { title: 'C Programming Fundamentals', level: 'Beginner', weeks: 8 },
  { title: 'Java Object-Oriented Programming', level: 'Intermediate', weeks: 12 },
  { title: 'WebGL 3D Graphics', level: 'Advanced', weeks: 16 },
] as const;
