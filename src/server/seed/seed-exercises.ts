import type { ExerciseLanguage } from '../../common/practice';

/**
 * The demo courses' exercises, placed by course and lesson title. Each reference solution passes
 * its tests (seed-exercises.test.ts grades them with the real grader, and renders nothing for
 * WebGL but checks the checks against a picture drawn the way the reference draws it).
 */
export type SeedTest = { input: string; expectedOutput: string; hidden?: boolean };
export type SeedExercise = {
  course: string;
  lesson: string;
  title: string;
  language: ExerciseLanguage;
  statement: string;
  starterCode: string;
  referenceSolution: string;
  tests: SeedTest[];
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
      'Write `void swap(int *a, int *b)` so that it exchanges the two numbers its arguments point to. `main` is written for you: it reads two numbers, calls `swap` and prints them.\n\nFor `1 2` the program prints `2 1`.',
    starterCode: `#include <stdio.h>

void swap(int *a, int *b) {
    /* Exchange *a and *b. */
}

int main(void) {
    int x, y;
    if (scanf("%d %d", &x, &y) != 2) return 1;
    swap(&x, &y);
    printf("%d %d\\n", x, y);
    return 0;
}
`,
    referenceSolution: `#include <stdio.h>

void swap(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}

int main(void) {
    int x, y;
    if (scanf("%d %d", &x, &y) != 2) return 1;
    swap(&x, &y);
    printf("%d %d\\n", x, y);
    return 0;
}
`,
    tests: [
      { input: '1 2\n', expectedOutput: '2 1\n' },
      { input: '5 -5\n', expectedOutput: '-5 5\n' },
      { input: '7 7\n', expectedOutput: '7 7\n', hidden: true },
      { input: '-2147483648 2147483647\n', expectedOutput: '2147483647 -2147483648\n', hidden: true },
    ],
  },
  {
    course: JAVA_COURSE,
    lesson: 'Defining Classes',
    title: 'A rectangle with methods',
    language: 'java',
    statement:
      'Complete the class `Rectangle`: its methods `area()` and `perimeter()` return the area and the perimeter. `main` reads the width and the height and prints both, each on a line.\n\nFor `3 4` the program prints `12` and `14`.',
    starterCode: `import java.util.Scanner;

class Rectangle {
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

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Rectangle r = new Rectangle(in.nextInt(), in.nextInt());
        System.out.println(r.area());
        System.out.println(r.perimeter());
    }
}
`,
    referenceSolution: `import java.util.Scanner;

class Rectangle {
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

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Rectangle r = new Rectangle(in.nextInt(), in.nextInt());
        System.out.println(r.area());
        System.out.println(r.perimeter());
    }
}
`,
    tests: [
      { input: '3 4\n', expectedOutput: '12\n14\n' },
      { input: '5 5\n', expectedOutput: '25\n20\n' },
      { input: '1 100\n', expectedOutput: '100\n202\n', hidden: true },
    ],
  },
  {
    course: JAVA_COURSE,
    lesson: 'Inheritance and Polymorphism',
    title: 'Shapes that know their area',
    language: 'java',
    statement:
      'Make `Circle` and `Square` extend `Shape` and override `area()`. Each line of the input is `circle R` or `square S`; `main` builds the shape and prints its area with two decimals.\n\nFor `circle 1` the program prints `3.14`; for `square 2`, `4.00`.',
    starterCode: `import java.util.Locale;
import java.util.Scanner;

abstract class Shape {
    abstract double area();
}

class Circle extends Shape {
    private final double radius;
    Circle(double radius) { this.radius = radius; }
    // Override area(): pi times the radius squared.
    double area() { return 0; }
}

class Square extends Shape {
    private final double side;
    Square(double side) { this.side = side; }
    // Override area() here.
    double area() { return 0; }
}

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        while (in.hasNext()) {
            String kind = in.next();
            double size = in.nextDouble();
            Shape shape = kind.equals("circle") ? new Circle(size) : new Square(size);
            System.out.println(String.format(Locale.ROOT, "%.2f", shape.area()));
        }
    }
}
`,
    referenceSolution: `import java.util.Locale;
import java.util.Scanner;

abstract class Shape {
    abstract double area();
}

class Circle extends Shape {
    private final double radius;
    Circle(double radius) { this.radius = radius; }
    @Override
    double area() { return Math.PI * radius * radius; }
}

class Square extends Shape {
    private final double side;
    Square(double side) { this.side = side; }
    @Override
    double area() { return side * side; }
}

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        while (in.hasNext()) {
            String kind = in.next();
            double size = in.nextDouble();
            Shape shape = kind.equals("circle") ? new Circle(size) : new Square(size);
            System.out.println(String.format(Locale.ROOT, "%.2f", shape.area()));
        }
    }
}
`,
    tests: [
      { input: 'circle 1\n', expectedOutput: '3.14\n' },
      { input: 'square 2\n', expectedOutput: '4.00\n' },
      { input: 'circle 2.5\nsquare 1.5\n', expectedOutput: '19.63\n2.25\n', hidden: true },
    ],
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
