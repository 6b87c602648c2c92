/**
 * What a Java source says about its own file: its package, and the class whose name its file must carry. Read by the
 * grader (which file the student's main code is written to) and by the student's screen (the name on the main file's
 * tab), so both name it alike. Zod-free and Node-free: the lesson screen imports it.
 */

/** The source without its comments (string literals that hold comment marks are rare enough in a class header). */
export function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** The package a Java source declares, if any. */
export function javaPackage(code: string): string | undefined {
  return /^\s*package\s+([\w.]+)\s*;/m.exec(withoutComments(code))?.[1];
}

/** The class to run: the public class (its file must carry its name), else the class declaring main, else Main. */
export function javaMainClass(code: string): { fileName: string; className: string } {
  const source = withoutComments(code);
  const pkg = javaPackage(code);
  const publicClass = /\bpublic\s+(?:(?:final|abstract|strictfp)\s+)*(?:class|interface|enum|record)\s+(\w+)/.exec(source)?.[1];
  let name = publicClass;
  if (!name) {
    const mainAt = source.search(/static\s+void\s+main\s*\(/);
    const before = mainAt >= 0 ? source.slice(0, mainAt) : '';
    name = [...before.matchAll(/\b(?:class|interface|enum|record)\s+(\w+)/g)].pop()?.[1] ?? 'Main';
  }
  return { fileName: `${name}.java`, className: pkg ? `${pkg}.${name}` : name };
}

/**
 * A file the student writes beside their main file (a Java exercise's further classes): a class name and `.java`, as
 * javac wants a public class's file to be named.
 */
export const JAVA_CLASS_FILE_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*\.java$/;

/** One of the student's files: the main file's name is the one its code gives it, the others the tutor's. */
export type NamedCode = { name: string; content: string };

/**
 * Several files as one text, each under a line naming it, for a reader that takes one text (the AI tutor's prompt, a
 * question's attached code). One file stays as it is.
 */
export function filesAsText(files: readonly NamedCode[]): string {
  if (files.length === 1) return files[0]!.content;
  return files.map((f) => `// ===== ${f.name} =====\n${f.content}`).join('\n\n');
}
