import { StateEffect, StateField, type Extension, type Text } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';

/**
 * Blocks under lines of the editor (the tutor's comments beside the student's code). CodeMirror owns the editor's DOM,
 * so each block is an element of our own that CodeMirror places and React fills through a portal: the same element for
 * a given id while it is shown, so redrawing the editor never loses what React rendered into it.
 */

export type PlacedWidget = { id: string; line: number; host: HTMLElement };

export const setLineWidgets = StateEffect.define<readonly PlacedWidget[]>();

class HostWidget extends WidgetType {
  constructor(
    readonly id: string,
    readonly host: HTMLElement,
  ) {
    super();
  }
  override eq(other: HostWidget) {
    return other.id === this.id && other.host === this.host;
  }
  override toDOM() {
    return this.host;
  }
  // What is inside (text to select, links) is the block's own, not the editor's.
  override ignoreEvent() {
    return true;
  }
}

/** Tints a line that has widgets, so the eye finds which line a block below is about. */
const commentedLine = Decoration.line({ class: 'cm-commented-line' });

export function decorationsOf(doc: Text, widgets: readonly PlacedWidget[]): DecorationSet {
  const ranges = [];
  const lines = new Set<number>();
  for (const w of widgets) {
    if (w.line < 1 || w.line > doc.lines) continue;
    const line = doc.line(w.line);
    if (!lines.has(w.line)) ranges.push(commentedLine.range(line.from));
    lines.add(w.line);
    ranges.push(Decoration.widget({ widget: new HostWidget(w.id, w.host), block: true, side: 1 }).range(line.to));
  }
  return Decoration.set(ranges, true);
}

/** The editor's part: block decorations (which must come from a state field) set by `setLineWidgets`. */
export function lineWidgetsExtension(): Extension {
  return [
    StateField.define<DecorationSet>({
      create: () => Decoration.none,
      update(value, tr) {
        let next = value.map(tr.changes);
        for (const effect of tr.effects) if (effect.is(setLineWidgets)) next = decorationsOf(tr.state.doc, effect.value);
        return next;
      },
      provide: (field) => EditorView.decorations.from(field),
    }),
    EditorView.baseTheme({
      '.cm-commented-line': { backgroundColor: 'color-mix(in oklab, var(--color-amber-400, #fbbf24) 14%, transparent)' },
    }),
  ];
}
