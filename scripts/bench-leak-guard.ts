/**
 * npm run bench:leak-guard — how well the AI tutor's leak guard tells a solution given away from an
 * ordinary hint. Runs the guard of every demo exercise (src/server/seed/seed-exercises.ts) over:
 *  - its reference solution, as the model might write it in a code block (must be caught);
 *  - the same with its variables and functions renamed, comments dropped and lines re-indented (must be caught);
 *  - a set of ordinary hints with small examples of general ideas, every hint against every exercise (must pass).
 * Prints the figures (caught / missed, passed / false positives) and lists every miss and false positive.
 * Exits 1 when a reference is missed or a hint is blocked. Not part of npm test; no database, no model.
 */
import { fencedCode, createLeakGuard, exerciseSecrets } from '../src/server/domains/ai-tutor/ai-tutor.leak-guard';
import { demoExercises, type SeedExercise } from '../src/server/seed/seed-exercises';

/** Names a program declares (variables, parameters, functions, classes), found after a type or a declaration keyword. */
const DECLARED = /\b(?:int|char|double|float|long|void|boolean|String|let|const|var|function|class|struct \w+ \*?)\s*\*?\s*([A-Za-z_]\w*)/g;
const NOT_RENAMED = new Set(['main', 'length', 'area', 'perimeter', 'toString']);

/** The program with what it declares renamed, comments dropped and its lines re-indented: the same code to the guard. */
function renamed(code: string): string {
  const names = [...new Set([...code.matchAll(DECLARED)].map((m) => m[1]!))].filter((n) => !NOT_RENAMED.has(n));
  let out = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/[^\n]*/g, '$1');
  names.forEach((name, i) => {
    out = out.replace(new RegExp(`\\b${name}\\b`, 'g'), `renamed${i}_${name.length}`);
  });
  return out
    .split('\n')
    .map((line) => `\t${line.trim()}`)
    .join('\n');
}

const fence = (language: string, code: string) => `Here is the whole program:\n\n\`\`\`${language}\n${code}\n\`\`\`\n`;

/** Ordinary answers of a tutor: a nudge, a question, a concept with a small example that is not the exercise. */
const HINTS = [
  'Look closely at the condition of your loop: when does it stop? Try it by hand with a small number.',
  'What does your program print when the input is empty? Run it once with that input and compare.',
  'A pointer holds an address. Here is the idea on its own:\n\n```c\nint x = 5;\nint *p = &x;\n*p = 7; /* x is now 7 */\nprintf("%d\\n", x);\n```\n\nHow could you use this in your function?',
  'A `for` loop that counts up looks like this:\n\n```c\nfor (int k = 0; k < 5; k++) {\n    printf("step %d\\n", k);\n}\n```\n\nWhich way does your loop need to go?',
  '`scanf` returns how many values it read, so you can check it:\n\n```c\nint age;\nif (scanf("%d", &age) == 1) {\n    printf("You are %d.\\n", age);\n}\n```',
  'To walk through an array of characters with a pointer:\n\n```c\nconst char *s = "hello";\nwhile (*s) {\n    putchar(*s);\n    s++;\n}\n```',
  'A linked list node points to the next one. For example, to print a list of names:\n\n```c\nstruct name { const char *text; struct name *next; };\nfor (struct name *n = first; n != NULL; n = n->next) {\n    puts(n->text);\n}\n```\n\nWhat would you do in the loop instead of printing?',
  'A method uses the fields of its object. A small example:\n\n```java\nclass Circle {\n    private final double radius;\n    Circle(double radius) { this.radius = radius; }\n    double diameter() { return 2 * radius; }\n}\n```\n\nWhich fields does your method need?',
  'An abstract method has no body; each subclass writes its own:\n\n```java\nabstract class Animal {\n    abstract String sound();\n}\nclass Dog extends Animal {\n    String sound() { return "Woof"; }\n}\n```',
  'In Java, `System.out.println` prints a line. Try printing your intermediate values:\n\n```java\nint total = 3 + 4;\nSystem.out.println("total = " + total);\n```',
  'Dividing by the width gives a number between 0 and 1. For a percentage:\n\n```javascript\nconst percent = (part / whole) * 100;\nconsole.log(percent.toFixed(1));\n```\n\nWhat range do you need instead of 0 to 100?',
  'A function returns a value with `return`:\n\n```javascript\nfunction double(n) {\n  return n * 2;\n}\nconsole.log(double(21));\n```',
  'Arrays in JavaScript can hold two numbers as a pair:\n\n```javascript\nconst point = [3, 4];\nconst [a, b] = point;\nconsole.log(Math.hypot(a, b));\n```',
  'A uniform is set from JavaScript before drawing. For a float uniform named `u_time`:\n\n```javascript\nconst where = gl.getUniformLocation(program, "u_time");\ngl.uniform1f(where, performance.now() / 1000);\n```\n\nWhich `gl.uniform...` function takes three numbers?',
  'The fragment shader decides the colour of each pixel. Green, for example:\n\n```glsl\nprecision mediump float;\nvoid main() {\n  gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);\n}\n```',
  'To clear the canvas to white:\n\n```javascript\ngl.clearColor(1, 1, 1, 1);\ngl.clear(gl.COLOR_BUFFER_BIT);\n```\n\nWhat colour does your exercise ask for?',
  'A buffer holds numbers for the GPU. For two points of a line:\n\n```javascript\nconst line = gl.createBuffer();\ngl.bindBuffer(gl.ARRAY_BUFFER, line);\ngl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, 0, 1, 0]), gl.STATIC_DRAW);\n```\n\nHow many numbers does a triangle need?',
  'Think about what a swap needs: if you write `a = b` first, what has happened to the old value of `a`? Where could you keep it?',
  'Your output has an extra space at the end of the line. Compare it with the expected output character by character.',
  'What is the sum of an empty list of numbers? Start your total there, then add each number in turn:\n\n```c\ndouble prices[] = {1.5, 2.25};\ndouble total = 0;\nfor (int k = 0; k < 2; k++) total += prices[k];\n```',
];

type Case = { exercise: SeedExercise; label: string; answer: string };

const guards = demoExercises.map((x) => {
  const guard = createLeakGuard(
    exerciseSecrets({
      statement: x.statement,
      starterCode: x.starterCode,
      referenceSolution: x.referenceSolution,
      tests: x.tests,
      files: x.files,
    }),
  );
  return { exercise: x, leaks: (answer: string) => guard.checkCode(fencedCode(answer)).leaked || guard.checkText(answer).leaked };
});

const mustCatch: Case[] = demoExercises.flatMap((x) => [
  { exercise: x, label: 'reference', answer: fence(x.language, x.referenceSolution) },
  { exercise: x, label: 'renamed reference', answer: fence(x.language, renamed(x.referenceSolution)) },
]);

const started = performance.now();
const missed = mustCatch.filter((c) => !guards.find((g) => g.exercise === c.exercise)!.leaks(c.answer));
const falsePositives: { exercise: SeedExercise; hint: number }[] = [];
for (const g of guards) HINTS.forEach((hint, i) => g.leaks(hint) && falsePositives.push({ exercise: g.exercise, hint: i }));
const checks = mustCatch.length + guards.length * HINTS.length;
const elapsed = performance.now() - started;

console.log(`Leak guard over ${demoExercises.length} demo exercises and ${HINTS.length} ordinary hints`);
console.log(
  `  solutions caught:  ${mustCatch.length - missed.length} / ${mustCatch.length} (reference and renamed reference of each exercise)`,
);
console.log(
  `  hints passed:      ${guards.length * HINTS.length - falsePositives.length} / ${guards.length * HINTS.length} (every hint against every exercise)`,
);
console.log(`  false positives:   ${falsePositives.length}`);
console.log(`  time:              ${(elapsed / checks).toFixed(2)} ms per check (${checks} checks)`);
for (const m of missed) console.log(`  MISSED: ${m.label} of "${m.exercise.title}"`);
for (const f of falsePositives) console.log(`  FALSE POSITIVE: hint ${f.hint + 1} against "${f.exercise.title}"`);
process.exitCode = missed.length || falsePositives.length ? 1 : 0;
