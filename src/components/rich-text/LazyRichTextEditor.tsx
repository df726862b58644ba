/**
 * The rich-text editor loaded after the form has painted: Tiptap and ProseMirror are most of the publish page's
 * JavaScript, and nobody types in the article before the form around it is on screen. Until it arrives, a box of
 * the editor's own height holds its place, so nothing below it moves when it appears (layout shift).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx').then((module) => ({ default: module.RichTextEditor })));

type Props = ComponentProps<typeof RichTextEditor>;

function EditorPlaceholder() {
  return (
    <div
      role="status"
      className="flex min-h-[353px] items-center justify-center rounded-lg border border-slate-300 bg-slate-50 text-sm text-slate-600 md:min-h-[400px]"
    >
      Cargando el editor…
    </div>
  );
}

export function LazyRichTextEditor(props: Props) {
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
