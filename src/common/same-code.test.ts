import { describe, expect, it } from 'vitest';
import { matchingLine, normaliseCode } from './same-code';

describe('normaliseCode', () => {
  it('removes line comments and block comments', () => {
    expect(normaliseCode('int x = 1; // one\nint y = 2; /* two\n lines */ int z;')).toBe('int x = 1; int y = 2; int z;');
    expect(normaliseCode('/** Javadoc */\npublic class A {}')).toBe('public class A {}');
  });

  it('collapses runs of whitespace, line breaks and tabs included, and trims both ends', () => {
    expect(normaliseCode('  int main()\n{\n\treturn   0;\r\n}\n\n')).toBe('int main() { return 0; }');
  });

  it('keeps a comment between two tokens as a space, so the tokens stay apart', () => {
    expect(normaliseCode('return/**/x;')).toBe('return x;');
    expect(normaliseCode('a/**/b')).not.toBe(normaliseCode('ab'));
  });

  it('leaves strings alone: their spaces and comment marks are code', () => {
    expect(normaliseCode('printf("a  //  b");')).toBe('printf("a  //  b");');
    expect(normaliseCode("console.log('/* not a comment */  ');")).toBe("console.log('/* not a comment */  ');");
    expect(normaliseCode('const s = `x   ${y}\n  z`; // done')).toBe('const s = `x   ${y}\n  z`;');
    expect(normaliseCode('String s = "say \\"hi\\"  // no";')).toBe('String s = "say \\"hi\\"  // no";');
    expect(normaliseCode("char c = '\"';  // quote")).toBe("char c = '\"';");
    expect(normaliseCode('String t = """\n  a // b\n  """;')).toBe('String t = """\n  a // b\n  """;');
  });

  it('tells different strings apart even when they differ only in spaces', () => {
    expect(normaliseCode('puts("a b");')).not.toBe(normaliseCode('puts("a  b");'));
  });

  it('finds two codes the same when only comments and layout differ (C, Java, JavaScript)', () => {
    const c1 = '#include <stdio.h>\nint main(void) {\n  int a, b;\n  scanf("%d %d", &a, &b);\n  printf("%d\\n", a + b);\n  return 0;\n}\n';
    const c2 =
      '#include <stdio.h>\n// adds two numbers\nint main(void)   {\n    int a, b; /* the inputs */\n    scanf("%d %d", &a, &b);\n\n    printf("%d\\n", a + b);\n    return 0;\n}';
    expect(normaliseCode(c1)).toBe(normaliseCode(c2));
    const j1 = 'public class Main {\n  public static void main(String[] a) { System.out.println(1); }\n}';
    const j2 = 'public class Main {\n\n  /* entry */ public static void main(String[] a) {\n    System.out.println(1); // one\n  }\n}';
    expect(normaliseCode(j1)).toBe(normaliseCode(j2));
    expect(normaliseCode('console.log(1 + 2)')).not.toBe(normaliseCode('console.log(1 + 3)'));
  });

  it('survives unfinished comments and strings', () => {
    expect(normaliseCode('x = 1; /* never closed')).toBe('x = 1;');
    expect(normaliseCode('s = "open\nnext')).toBe('s = "open next');
    expect(normaliseCode('')).toBe('');
  });
});

describe('matchingLine', () => {
  const source = 'int main(void) {\n  int a = 1;\n  return a;\n}\n';
  const target = '// my answer\nint main(void)\n{\n  int a = 1; // one\n\n  return a;\n}\n';

  it('finds the line that holds the same code in the other student’s layout', () => {
    expect(matchingLine(source, 1, target)).toBe(2);
    expect(matchingLine(source, 2, target)).toBe(4);
    expect(matchingLine(source, 3, target)).toBe(6);
    expect(matchingLine(source, 4, target)).toBe(7);
  });

  it('follows a line that starts inside a multi-line string, whose spaces are code', () => {
    const code = 'const s = `a\n  b`;\nlog(s);';
    expect(matchingLine(code, 2, `// note\n${code}`)).toBe(3);
    expect(matchingLine(code, 3, `// note\n${code}`)).toBe(4);
  });

  it('keeps the number of a line with no code, within the target’s lines', () => {
    expect(matchingLine('int a;\n\nint b;', 2, 'int a;\n\nint b;')).toBe(2);
    expect(matchingLine('int a;\n// x\n// y\n// z\nint b;', 4, 'int a; int b;')).toBe(1);
  });
});
