/** Demo content for the three marketing courses, so a fresh install shows a living product. */
type SeedLesson = { title: string; type: 'VIDEO' | 'PDF' | 'MIXED'; videoUrl?: string; summary: string };
type SeedChapter = { title: string; lessons: SeedLesson[] };
export type SeedCourse = { title: string; description: string; chapters: SeedChapter[] };

const yt = (id: string, startSeconds = 0) => `https://www.youtube-nocookie.com/embed/${id}${startSeconds ? `?start=${startSeconds}` : ''}`;
const C_COURSE = 'KJgsSFOSQv0';
const JAVA_COURSE = 'grEKMHGYyns';
const WEBGL_INTRO = 'kB0ZVUrI4Aw';
const WEBGL_100S = 'f-9LEoYYvE4';

export const demoCourses: SeedCourse[] = [
  {
    title: 'C Programming Fundamentals',
    description:
      'Learn how computers really run your code. Starting from your first printf, you will work with variables, control flow, functions, arrays, pointers and memory, and finish by building small command-line tools in C.',
    chapters: [
      {
        title: 'Getting Started',
        lessons: [
          {
            title: 'Setting Up Your Environment',
            type: 'VIDEO',
            videoUrl: yt(C_COURSE, 90),
            summary: 'Install a C compiler and an editor, then compile and run your first program from the terminal.',
          },
          {
            title: 'Hello, World!',
            type: 'VIDEO',
            videoUrl: yt(C_COURSE, 960),
            summary: 'The anatomy of a C program: #include, main, printf and the return value.',
          },
        ],
      },
      {
        title: 'Variables and Control Flow',
        lessons: [
          {
            title: 'Variables and Data Types',
            type: 'VIDEO',
            videoUrl: yt(C_COURSE, 1730),
            summary: 'int, double and char; declaring, initialising and printing variables with format specifiers.',
          },
          {
            title: 'If Statements and Loops',
            type: 'VIDEO',
            videoUrl: yt(C_COURSE, 5810),
            summary: 'Making decisions with if/else and repeating work with while and for loops.',
          },
        ],
      },
      {
        title: 'Pointers and Memory',
        lessons: [
          {
            title: 'Understanding Pointers',
            type: 'VIDEO',
            videoUrl: yt(C_COURSE, 11500),
            summary: 'Addresses, the & and * operators, and why pointers let functions change their arguments.',
          },
        ],
      },
    ],
  },
  {
    title: 'Java Object-Oriented Programming',
    description:
      'Think in objects. This course takes you from Java syntax to classes, inheritance, interfaces and collections, with exercises that grow into a small object-oriented application.',
    chapters: [
      {
        title: 'Java Basics',
        lessons: [
          {
            title: 'Your First Java Program',
            type: 'VIDEO',
            videoUrl: yt(JAVA_COURSE, 0),
            summary: 'The JDK, the main method, compiling with javac and running with java.',
          },
          {
            title: 'Types, Variables and Operators',
            type: 'VIDEO',
            videoUrl: yt(JAVA_COURSE, 1500),
            summary: 'Primitive types, Strings, arithmetic and comparison operators.',
          },
        ],
      },
      {
        title: 'Classes and Objects',
        lessons: [
          {
            title: 'Defining Classes',
            type: 'VIDEO',
            videoUrl: yt(JAVA_COURSE, 6000),
            summary: 'Fields, constructors and methods: modelling real things as classes.',
          },
          {
            title: 'Inheritance and Polymorphism',
            type: 'VIDEO',
            videoUrl: yt(JAVA_COURSE, 9000),
            summary: 'Extending classes, overriding methods and programming against a supertype.',
          },
        ],
      },
    ],
  },
  {
    title: 'WebGL 3D Graphics',
    description:
      'Draw in 3D right in the browser. You will set up a WebGL context, write vertex and fragment shaders in GLSL, send geometry to the GPU and animate a lit, textured scene.',
    chapters: [
      {
        title: 'The Graphics Pipeline',
        lessons: [
          {
            title: 'WebGL in a Nutshell',
            type: 'VIDEO',
            videoUrl: yt(WEBGL_100S),
            summary: 'What WebGL is, how it talks to the GPU and where shaders fit in.',
          },
          {
            title: 'Setup and Your First Triangle',
            type: 'VIDEO',
            videoUrl: yt(WEBGL_INTRO),
            summary: 'Create a canvas and a WebGL context, compile two shaders and draw a triangle.',
          },
        ],
      },
      {
        title: 'Shaders',
        lessons: [
          {
            title: 'Vertex and Fragment Shaders',
            type: 'VIDEO',
            videoUrl: yt(WEBGL_INTRO, 1200),
            summary: 'Attributes, varyings and uniforms: how data flows from JavaScript through the shaders to pixels.',
          },
        ],
      },
    ],
  },
];
