import type { ExerciseLanguage } from '../../common/practice';

/**
 * The demo courses' exercises, placed by course and lesson title. Each reference solution passes
 * its tests (seed-exercises.test.ts grades them with the real grader, and renders nothing for
 * WebGL but checks the checks against a picture drawn the way the reference draws it).
 */
export type SeedTest = { input: string; expectedOutput: string; hidden?: boolean; name?: string; code?: string; points?: number };
/** A file the student writes ('Student Writes', Java) has a `referenceContent`; its `content` is the starter. */
export type SeedFile = { name: string; content: string; hidden?: boolean; referenceContent?: string };
export type SeedExercise = {
  course: string;
  lesson: string;
  title: string;
  language: ExerciseLanguage;
  statement: string;
  starterCode: string;
  referenceSolution: string;
  tests: SeedTest[];
  /** The tutor's support files: read only for the student unless hidden; the student's to write with a reference version. */
  files?: SeedFile[];
  /** 'junit': graded by the JUnit 5 class among the files (Java), the listed tests then empty. */
  mode?: 'tests' | 'junit';
};

const C_COURSE = 'C Programming Fundamentals';
const JAVA_COURSE = 'Java Object-Oriented Programming';
const WEBGL_COURSE = 'WebGL 3D Graphics';

/** The shader set-up both WebGL exercises share, so the exercise is about the drawing itself. */
const WEBGL_SETUP = `function compile(type, source) {
  const shader = gl.createShader(type);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader));
  return shader;
}

function link(vertexSource, fragmentSource) {
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl.VERTEX_SHADER, vertexSource));
  gl.attachShader(program, compile(gl.FRAGMENT_SHADER, fragmentSource));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
  return program;
}
`;

const VERTEX_SHADER = `const vertexSource = /* glsl */ \`
attribute vec2 a_position;
void main() {
  gl_Position = vec4(a_position, 0.0, 1.0);
}\`;`;

/** The triangle's three corners in a buffer, connected to a_position. */
const TRIANGLE_BUFFER = `const buffer = gl.createBuffer();
gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0.6, -0.6, -0.6, 0.6, -0.6]), gl.STATIC_DRAW);
const position = gl.getAttribLocation(program, 'a_position');
gl.enableVertexAttribArray(position);
gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
`;

const TRIANGLE_REFERENCE = `${WEBGL_SETUP}
${VERTEX_SHADER}

const fragmentSource = /* glsl */ \`
precision mediump float;
void main() {
  gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
}\`;

const program = link(vertexSource, fragmentSource);
gl.useProgram(program);

${TRIANGLE_BUFFER}
gl.clearColor(0, 0, 0, 1);
gl.clear(gl.COLOR_BUFFER_BIT);
gl.drawArrays(gl.TRIANGLES, 0, 3);
`;

const TRIANGLE_STARTER = `${WEBGL_SETUP}
${VERTEX_SHADER}

const fragmentSource = /* glsl */ \`
precision mediump float;
void main() {
  gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
}\`;

const program = link(vertexSource, fragmentSource);
gl.useProgram(program);

// 1. Put the three corners (0, 0.6), (-0.6, -0.6) and (0.6, -0.6) in a buffer.
// 2. Point the a_position attribute at it.
// 3. Clear the canvas to black and draw the triangle.
`;

const COLOUR_REFERENCE = `${WEBGL_SETUP}
${VERTEX_SHADER}

const fragmentSource = /* glsl */ \`
precision mediump float;
uniform vec3 u_color;
void main() {
  gl_FragColor = vec4(u_color, 1.0);
}\`;

const program = link(vertexSource, fragmentSource);
gl.useProgram(program);

${TRIANGLE_BUFFER}
gl.uniform3f(gl.getUniformLocation(program, 'u_color'), 0.2, 0.6, 1.0);
gl.clearColor(0.1, 0.1, 0.1, 1);
gl.clear(gl.COLOR_BUFFER_BIT);
gl.drawArrays(gl.TRIANGLES, 0, 3);
`;

const COLOUR_STARTER = COLOUR_REFERENCE.replace(
  "gl.uniform3f(gl.getUniformLocation(program, 'u_color'), 0.2, 0.6, 1.0);",
  '// Set the u_color uniform to the sky blue (0.2, 0.6, 1.0) here.',
).replace('gl.clearColor(0.1, 0.1, 0.1, 1);', 'gl.clearColor(0, 0, 0, 1); // the background should be dark grey (0.1, 0.1, 0.1)');

export const demoExercises: SeedExercise[] = [
  {
    course: C_COURSE,
    lesson: 'Variables and Data Types',
    title: 'Sum of two numbers',
    language: 'c',
    statement:
      'Read two whole numbers from standard input, separated by a space, and print their sum on a line of its own.\n\nFor the input `2 3` your program prints `5`.',
    starterCode: `#include <stdio.h>

int main(void) {
    int a, b;
    /* Read a and b with scanf, then print a + b. */
    return 0;
}
`,
    referenceSolution: `#include <stdio.h>

int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%d\\n", a + b);
    return 0;
}
`,
    tests: [
      { input: '2 3\n', expectedOutput: '5\n' },
      { input: '-7 7\n', expectedOutput: '0\n' },
      { input: '1000000 2345\n', expectedOutput: '1002345\n', hidden: true },
      { input: '-4 -6\n', expectedOutput: '-10\n', hidden: true },
    ],
  },
  {
    course: C_COURSE,
    lesson: 'If Statements and Loops',
    title: 'Countdown',
    language: 'c',
    statement:
      'Read a whole number `n` (0 or more). Print the numbers from `n` down to 1, one per line, and then `Liftoff!`.\n\nFor `3`:\n\n```\n3\n2\n1\nLiftoff!\n```',
    starterCode: `#include <stdio.h>

int main(void) {
    int n;
    scanf("%d", &n);
    /* Count down from n to 1 with a loop, then print Liftoff! */
    return 0;
}
`,
    referenceSolution: `#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = n; i >= 1; i--) {
        printf("%d\\n", i);
    }
    printf("Liftoff!\\n");
    return 0;
}
`,
    tests: [
      { input: '3\n', expectedOutput: '3\n2\n1\nLiftoff!\n' },
      { input: '1\n', expectedOutput: '1\nLiftoff!\n' },
      { input: '0\n', expectedOutput: 'Liftoff!\n', hidden: true },
      { input: '10\n', expectedOutput: '10\n9\n8\n7\n6\n5\n4\n3\n2\n1\nLiftoff!\n', hidden: true },
    ],
  },
  {
    course: C_COURSE,
    lesson: 'Understanding Pointers',
    title: 'Swap through pointers',
    language: 'c',
    statement:
      'Write `void swap(int *a, int *b)` so that it exchanges the two numbers its arguments point to. Your file holds only the function: each test calls it, as `swap(&x, &y)`, and prints the two numbers.\n\nAfter `int x = 1, y = 2; swap(&x, &y);`, `x` is `2` and `y` is `1`.',
    starterCode: `void swap(int *a, int *b) {
    /* Exchange *a and *b. */
}
`,
    referenceSolution: `void swap(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}
`,
    tests: [
      {
        name: 'swap exchanges 1 and 2',
        code: 'int x = 1, y = 2;\nswap(&x, &y);\nprintf("%d %d\\n", x, y);',
        input: '',
        expectedOutput: '2 1\n',
      },
      {
        name: 'swap exchanges a negative and a positive number',
        code: 'int x = 5, y = -5;\nswap(&x, &y);\nprintf("%d %d\\n", x, y);',
        input: '',
        expectedOutput: '-5 5\n',
      },
      {
        name: 'swap leaves two equal numbers equal',
        code: 'int x = 7, y = 7;\nswap(&x, &y);\nprintf("%d %d\\n", x, y);',
        input: '',
        expectedOutput: '7 7\n',
        hidden: true,
      },
      {
        name: 'swap exchanges the smallest and the largest int',
        code: 'int x = -2147483647 - 1, y = 2147483647;\nswap(&x, &y);\nprintf("%d %d\\n", x, y);',
        input: '',
        expectedOutput: '2147483647 -2147483648\n',
        hidden: true,
      },
    ],
  },
  {
    course: C_COURSE,
    lesson: 'Understanding Pointers',
    title: 'Sum an array through a pointer',
    language: 'c',
    statement:
      'Write `int sum(const int *a, int n)`: it returns the sum of the `n` numbers that start at `a`. The tests call it with arrays of their own.\n\nRead exactly `n` numbers: `a[0]` to `a[n - 1]`. Reading `a[n]` reads past the end of the array, and this server tells you so.',
    starterCode: `int sum(const int *a, int n) {
    int total = 0;
    /* Add a[0] to a[n - 1]. */
    return total;
}
`,
    referenceSolution: `int sum(const int *a, int n) {
    int total = 0;
    for (int i = 0; i < n; i++) total += a[i];
    return total;
}
`,
    tests: [
      {
        name: 'the sum of 1, 2 and 3 is 6',
        code: 'int a[] = {1, 2, 3};\nprintf("%d\\n", sum(a, 3));',
        input: '',
        expectedOutput: '6\n',
        points: 2,
      },
      {
        name: 'the sum of one number is that number',
        code: 'int a[] = {42};\nprintf("%d\\n", sum(a, 1));',
        input: '',
        expectedOutput: '42\n',
        points: 1,
      },
      {
        name: 'the sum of no numbers is 0',
        code: 'int a[] = {5};\nprintf("%d\\n", sum(a, 0));',
        input: '',
        expectedOutput: '0\n',
        points: 1,
      },
      {
        name: 'negative numbers count too',
        code: 'int a[] = {-4, 10, -6, 1};\nprintf("%d\\n", sum(a, 4));',
        input: '',
        expectedOutput: '1\n',
        hidden: true,
        points: 2,
      },
    ],
  },
  {
    course: C_COURSE,
    lesson: 'Understanding Pointers',
    title: 'Count the nodes of a list',
    language: 'c',
    statement:
      "A linked list is made of `struct node`s (see `list.h`): each points to the `next` one, and the last one's `next` is `NULL`. `int length(const struct node *head)` should say how many nodes the list starting at `head` has, but the version below forgets the empty list: fix it.\n\nAn empty list is `NULL` itself, and its length is 0. Reading `head->next` when `head` is `NULL` reads memory through a NULL pointer.",
    starterCode: `#include "list.h"

int length(const struct node *head) {
    int n = 1;
    while (head->next != NULL) {
        head = head->next;
        n++;
    }
    return n;
}
`,
    referenceSolution: `#include "list.h"

int length(const struct node *head) {
    int n = 0;
    for (; head != NULL; head = head->next) n++;
    return n;
}
`,
    files: [
      {
        name: 'list.h',
        content: `#include <stddef.h>

/* One node of a singly linked list: a value, and the next node (NULL after the last). */
struct node {
    int value;
    struct node *next;
};

int length(const struct node *head);
`,
      },
    ],
    tests: [
      {
        name: 'a list of three nodes has length 3',
        code: 'struct node c = {3, NULL}, b = {2, &c}, a = {1, &b};\nprintf("%d\\n", length(&a));',
        input: '',
        expectedOutput: '3\n',
      },
      {
        name: 'a list of one node has length 1',
        code: 'struct node a = {1, NULL};\nprintf("%d\\n", length(&a));',
        input: '',
        expectedOutput: '1\n',
      },
      {
        name: 'the empty list (NULL) has length 0',
        code: 'printf("%d\\n", length(NULL));',
        input: '',
        expectedOutput: '0\n',
      },
    ],
  },
  {
    course: JAVA_COURSE,
    lesson: 'Defining Classes',
    title: 'A rectangle with methods',
    language: 'java',
    statement:
      'Complete the class `Rectangle`: `area()` returns its area and `perimeter()` its perimeter. It is graded by the JUnit 5 tests in `RectangleTest.java`, which you can read: each `@Test` is one test, named by its `@DisplayName`.\n\nA 3 by 4 rectangle has area 12 and perimeter 14.',
    starterCode: `class Rectangle {
    private final int width;
    private final int height;

    Rectangle(int width, int height) {
        this.width = width;
        this.height = height;
    }

    int area() {
        return 0; // width times height
    }

    int perimeter() {
        return 0; // twice the width plus twice the height
    }
}
`,
    referenceSolution: `class Rectangle {
    private final int width;
    private final int height;

    Rectangle(int width, int height) {
        this.width = width;
        this.height = height;
    }

    int area() {
        return width * height;
    }

    int perimeter() {
        return 2 * (width + height);
    }
}
`,
    mode: 'junit',
    files: [
      {
        name: 'RectangleTest.java',
        content: `import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RectangleTest {
    @Test
    @DisplayName("a 3 by 4 rectangle has area 12")
    void areaOfThreeByFour() {
        assertEquals(12, new Rectangle(3, 4).area());
    }

    @Test
    @DisplayName("a 3 by 4 rectangle has perimeter 14")
    void perimeterOfThreeByFour() {
        assertEquals(14, new Rectangle(3, 4).perimeter());
    }

    @Test
    @DisplayName("a 5 by 5 square has area 25 and perimeter 20")
    void square() {
        Rectangle r = new Rectangle(5, 5);
        assertEquals(25, r.area(), "area");
        assertEquals(20, r.perimeter(), "perimeter");
    }
}
`,
      },
    ],
    tests: [],
  },
  {
    course: JAVA_COURSE,
    lesson: 'Inheritance and Polymorphism',
    title: 'Shapes that know their area',
    language: 'java',
    statement:
      'Make `Circle` and `Square` extend `Shape` and override `area()`: a circle of radius r has area π r², a square of side s has area s². Each class is in a file of its own: `Shape.java` first, then a tab for `Circle.java` and one for `Square.java`. Hidden JUnit 5 tests check each shape, and one adds up the areas of a list of `Shape`s.',
    starterCode: `public abstract class Shape {
    abstract double area();
}
`,
    referenceSolution: `public abstract class Shape {
    abstract double area();
}
`,
    mode: 'junit',
    files: [
      {
        name: 'Circle.java',
        content: `public class Circle extends Shape {
    private final double radius;

    public Circle(double radius) {
        this.radius = radius;
    }

    // Override area(): pi times the radius squared.
    double area() {
        return 0;
    }
}
`,
        referenceContent: `public class Circle extends Shape {
    private final double radius;

    public Circle(double radius) {
        this.radius = radius;
    }

    @Override
    double area() {
        return Math.PI * radius * radius;
    }
}
`,
      },
      {
        name: 'Square.java',
        content: `public class Square extends Shape {
    private final double side;

    public Square(double side) {
        this.side = side;
    }

    // Override area() here.
    double area() {
        return 0;
    }
}
`,
        referenceContent: `public class Square extends Shape {
    private final double side;

    public Square(double side) {
        this.side = side;
    }

    @Override
    double area() {
        return side * side;
    }
}
`,
      },
      {
        name: 'ShapesTest.java',
        hidden: true,
        content: `import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class ShapesTest {
    @Test
    @DisplayName("a circle of radius 1 has area π")
    void unitCircle() {
        assertEquals(Math.PI, new Circle(1).area(), 1e-9);
    }

    @Test
    @DisplayName("a square of side 2 has area 4")
    void squareOfTwo() {
        assertEquals(4.0, new Square(2).area(), 1e-9);
    }

    @Test
    @DisplayName("a circle of radius 2.5 has area 19.63")
    void biggerCircle() {
        assertEquals(19.63, new Circle(2.5).area(), 0.005);
    }

    @Test
    @Tag("hidden")
    @DisplayName("a list of shapes adds up their areas")
    void listOfShapes() {
        List<Shape> shapes = List.of(new Square(1.5), new Circle(1), new Square(3));
        double total = 0;
        for (Shape s : shapes) total += s.area();
        assertEquals(2.25 + Math.PI + 9, total, 1e-9);
    }
}
`,
      },
    ],
    tests: [],
  },
  {
    course: WEBGL_COURSE,
    lesson: 'WebGL in a Nutshell',
    title: 'From pixels to clip space',
    language: 'javascript',
    statement:
      'WebGL places points in *clip space*, from -1 to 1 on both axes, with y pointing up. The input is one line: the canvas width and height, then a pixel position x and y (y grows downwards). Print the clip-space x and y with two decimals, separated by a space.\n\nRead the line with `readline()` and print with `console.log`. For `400 300 200 150` the answer is `0.00 0.00`.',
    starterCode: `const [width, height, x, y] = readline().split(' ').map(Number);

// Map x from 0..width to -1..1 and y from 0..height to 1..-1.
const clipX = 0;
const clipY = 0;

console.log(clipX.toFixed(2) + ' ' + clipY.toFixed(2));
`,
    referenceSolution: `const [width, height, x, y] = readline().split(' ').map(Number);

const clipX = (x / width) * 2 - 1;
const clipY = 1 - (y / height) * 2;

console.log(clipX.toFixed(2) + ' ' + clipY.toFixed(2));
`,
    tests: [
      { input: '400 300 200 150\n', expectedOutput: '0.00 0.00\n' },
      { input: '400 300 0 0\n', expectedOutput: '-1.00 1.00\n' },
      { input: '400 300 400 300\n', expectedOutput: '1.00 -1.00\n', hidden: true },
      { input: '640 480 160 360\n', expectedOutput: '-0.50 -0.50\n', hidden: true },
    ],
  },
  {
    course: WEBGL_COURSE,
    lesson: 'WebGL in a Nutshell',
    title: 'Clip space as a function',
    language: 'javascript',
    statement:
      'Write `toClip(width, height, x, y)`: it returns the clip-space position `[clipX, clipY]` of the pixel `(x, y)` on a canvas of `width` by `height` pixels. Each test calls your function and prints its answer with two decimals.\n\n`toClip(400, 300, 200, 150)` returns `[0, 0]`.',
    starterCode: `function toClip(width, height, x, y) {
  // Map x from 0..width to -1..1 and y from 0..height to 1..-1.
  return [0, 0];
}
`,
    referenceSolution: `function toClip(width, height, x, y) {
  return [(x / width) * 2 - 1, 1 - (y / height) * 2];
}
`,
    tests: [
      {
        name: 'the centre of the canvas is (0, 0)',
        code: 'console.log(toClip(400, 300, 200, 150).map((v) => v.toFixed(2)).join(" "));',
        input: '',
        expectedOutput: '0.00 0.00\n',
      },
      {
        name: 'the top-left corner is (-1, 1)',
        code: 'console.log(toClip(400, 300, 0, 0).map((v) => v.toFixed(2)).join(" "));',
        input: '',
        expectedOutput: '-1.00 1.00\n',
      },
      {
        name: 'the bottom-right corner is (1, -1)',
        code: 'console.log(toClip(400, 300, 400, 300).map((v) => v.toFixed(2)).join(" "));',
        input: '',
        expectedOutput: '1.00 -1.00\n',
        hidden: true,
      },
    ],
  },
  {
    course: WEBGL_COURSE,
    lesson: 'Setup and Your First Triangle',
    title: 'Draw a red triangle',
    language: 'webgl',
    statement:
      "The shaders are ready. Put the triangle's three corners in a buffer, connect it to `a_position`, clear the canvas to black and draw.\n\n`canvas` and its WebGL context `gl` are given. Press **Run** to see your drawing, **Submit** to have it checked.",
    starterCode: TRIANGLE_STARTER,
    referenceSolution: TRIANGLE_REFERENCE,
    tests: [
      {
        input: "return isColor(pixel(0.5, 0.55), 255, 0, 0) || 'The middle of the canvas is not red.';",
        expectedOutput: 'The middle of the canvas is red.',
      },
      {
        input: "return isColor(pixel(0.03, 0.03), 0, 0, 0) || 'The top-left corner is not black.';",
        expectedOutput: 'The corners stay black.',
      },
      {
        input:
          'const red = share((p) => isColor(p, 255, 0, 0));\nreturn (red > 0.12 && red < 0.3) || `The red area is ${Math.round(red * 100)}% of the canvas.`;',
        expectedOutput: 'The triangle covers about a fifth of the canvas.',
        hidden: true,
      },
    ],
  },
  {
    course: WEBGL_COURSE,
    lesson: 'Vertex and Fragment Shaders',
    title: 'Change the colour with a uniform',
    language: 'webgl',
    statement:
      'The fragment shader takes its colour from the uniform `u_color`. Set it to sky blue, `(0.2, 0.6, 1.0)`, and clear to a dark grey, `(0.1, 0.1, 0.1)`, before drawing.',
    starterCode: COLOUR_STARTER,
    referenceSolution: COLOUR_REFERENCE,
    tests: [
      {
        input: "return isColor(pixel(0.5, 0.55), 51, 153, 255) || 'The triangle is not sky blue.';",
        expectedOutput: 'The triangle is sky blue.',
      },
      {
        input: "return isColor(pixel(0.03, 0.03), 26, 26, 26, 12) || 'The background is not dark grey.';",
        expectedOutput: 'The background is dark grey.',
      },
    ],
  },
];
