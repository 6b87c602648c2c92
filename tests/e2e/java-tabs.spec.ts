import { expect, test } from '@playwright/test';
import {
  adminRequest,
  adminSession,
  apiSignIn,
  atEveryLook,
  enrolledStudent,
  expectAccessible,
  lookAt,
  setCode,
  videoCourse,
} from './fixtures';

/*
 * A Java exercise that asks for several classes, each in its own editor tab: the tutor marks the files the student
 * writes ('Student Writes') with their reference versions; the student moves between the tabs with the arrow keys,
 * sees a compile error marked on the second class's tab and line, fixes it there and passes. The drafts of every tab
 * come back after a reload.
 */

const MAIN = `public class Main {
    public static void main(String[] args) {
        System.out.println(new Square(3).area());
        System.out.println(new Rect(2, 5).area());
    }
}
`;
const SQUARE = `public class Square {
    private final int side;

    public Square(int side) {
        this.side = side;
    }

    public int area() {
        return side * side;
    }
}
`;
const RECT = `public class Rect {
    private final int w, h;

    public Rect(int w, int h) {
        this.w = w;
        this.h = h;
    }

    public int area() {
        return w * h;
    }
}
`;
const starter = (name: string, args: string) =>
  `public class ${name} {\n    public ${name}(${args}) {\n    }\n\n    public int area() {\n        return 0;\n    }\n}\n`;

test('a student writes two classes in tabs of their own, fixes the second one and passes', async ({ page, browser, playwright }) => {
  test.slow(); // a reference check and three Java gradings, and many axe scans
  const admin = await adminRequest(playwright);
  const { courseId, lessonIds } = await videoCourse(admin, `E2E Java Tabs ${Date.now().toString(36)}`, 'Classes', [
    'Two Shapes',
    'What Comes Next',
  ]);
  const created = await admin.post(`/api/admin/lessons/${lessonIds[0]}/exercises`, {
    data: {
      title: 'Two shapes',
      language: 'java',
      statement: 'Write `Square` and `Rect`, each in its own file: `area()` returns the area.',
      starterCode: MAIN,
      referenceSolution: MAIN,
      tests: [{ input: '', expectedOutput: '9\n10\n', name: 'a 3-square and a 2 by 5 rectangle' }],
      files: [
        { name: 'Square.java', content: starter('Square', 'int side'), editable: true, referenceContent: SQUARE },
        { name: 'Rect.java', content: starter('Rect', 'int w, int h'), editable: true, referenceContent: RECT },
      ],
    },
    timeout: 90_000,
  });
  expect(created.status(), await created.text()).toBe(201);

  // ---- The tutor's form says which files the student writes, with their reference versions.
  await adminSession(page.context());
  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('tab', { name: 'Course Content' }).click();
  await page.getByRole('button', { name: /Exercises \(1\) of lesson “Two Shapes”/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Edit/ }).first().click();
  const fileCard = dialog.getByTestId('support-file').first();
  await expect(fileCard.getByLabel('Student sees it')).toHaveValue('student');
  await expect(fileCard.getByLabel(/Reference Version/)).toHaveValue(SQUARE);
  await fileCard.scrollIntoViewIfNeeded();
  await lookAt(page, 'java-tabs', 'tutor-student-writes');
  await expectAccessible(page, 'the exercise form with files the student writes');

  // ---- The student.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Tabitha');
  await apiSignIn(context.request, student.email);
  const sp = await context.newPage();
  await sp.goto(`/course/${courseId}?lesson=${lessonIds[0]}`);
  const files = sp.getByRole('tablist', { name: 'Files of Two shapes' });
  await expect(files.getByRole('tab')).toHaveText(['Main.java', 'Square.java', 'Rect.java']);
  await expect(files.getByRole('tab', { name: 'Main.java' })).toHaveAttribute('aria-selected', 'true');

  // The arrow keys move between the tabs; each tab shows its own file.
  await files.getByRole('tab', { name: 'Main.java' }).focus();
  await sp.keyboard.press('ArrowRight');
  await expect(files.getByRole('tab', { name: 'Square.java' })).toBeFocused();
  await expect(files.getByRole('tab', { name: 'Square.java' })).toHaveAttribute('aria-selected', 'true');
  await expect(sp.getByRole('textbox', { name: 'Square.java of Two shapes' })).toBeVisible();
  await expect(sp.getByRole('textbox', { name: 'Main.java of Two shapes' })).toBeHidden();
  await setCode(sp, 'Square.java of Two shapes', SQUARE);

  await sp.keyboard.press('Escape');
  await files.getByRole('tab', { name: 'Square.java' }).focus();
  await sp.keyboard.press('ArrowRight');
  await expect(files.getByRole('tab', { name: 'Rect.java' })).toBeFocused();
  // The second class, with a semicolon missing on line 10.
  await setCode(sp, 'Rect.java of Two shapes', RECT.replace('return w * h;', 'return w * h'));
  await sp.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(sp.getByText('Compilation failed').first()).toBeVisible({ timeout: 90_000 });
  await expect(sp.getByText("Rect.java, line 10, column 21 (error): ';' expected")).toBeVisible();
  // Its tab says it has an error, and the editor marks the line.
  await expect(files.getByRole('tab', { name: 'Rect.java (1 error)' })).toBeVisible();
  await expect(files.getByRole('tab', { name: 'Main.java' })).toBeVisible();
  const rectEditor = sp.getByRole('tabpanel', { name: /Rect\.java/ });
  // The mark of "';' expected" sits at the end of line 10 (an empty range: a point), with its sign in the gutter.
  await expect(rectEditor.locator('.cm-lintRange-error, .cm-lintPoint-error')).toHaveCount(1);
  await expect(rectEditor.locator('.cm-lint-marker-error')).toHaveCount(1);
  await expect(rectEditor.locator('.cm-line').nth(9).locator('.cm-lintPoint-error, .cm-lintRange-error')).toHaveCount(1);

  await atEveryLook(sp, async ({ width, theme }) => {
    await files.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await lookAt(sp, 'java-tabs', `compile-error-${width}-${theme}`);
    await expectAccessible(sp, `the tabs with a compile error in the second class (${width}, ${theme})`);
  });
  await sp.setViewportSize({ width: 1280, height: 800 });

  // Fixed in its tab: every test passes.
  await files.getByRole('tab', { name: /Rect\.java/ }).click();
  await setCode(sp, 'Rect.java of Two shapes', RECT);
  await sp.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(sp.getByText('All tests passed')).toBeVisible({ timeout: 90_000 });
  await expect(files.getByRole('tab', { name: 'Rect.java' })).toBeVisible();
  // The 'Lesson Completed!' notice goes by itself; the looks below are of the exercise.
  await expect(sp.getByText('Lesson Completed!')).toBeHidden({ timeout: 15_000 });
  await atEveryLook(sp, async ({ width, theme }) => {
    await files.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await lookAt(sp, 'java-tabs', `passed-${width}-${theme}`);
    await expectAccessible(sp, `the tabs once passed (${width}, ${theme})`);
  });
  await sp.setViewportSize({ width: 1280, height: 800 });

  // Each tab's code is kept: after a reload the second class is the student's, not the starter.
  await sp.waitForTimeout(1500); // the draft is saved a second after the last change
  await sp.reload();
  await files.getByRole('tab', { name: 'Rect.java' }).click();
  await expect(sp.getByRole('textbox', { name: 'Rect.java of Two shapes' })).toContainText('return w * h;');
  await context.close();
});
