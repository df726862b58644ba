/**
 * The detailed-content editor of the publish form: Tiptap with SPEC's toolbar (headings 1-6, font, size, bold,
 * italic, underline, strike, colours, sub/superscript, lists, indent, direction, align, blockquote, code block,
 * link, image, video, clean), at least 300 px tall, undo grouped after 1000 ms with 100 steps.
 */
import { EditorContent, useEditor } from '@tiptap/react';
import { EditorToolbar } from './EditorToolbar.tsx';
import { createEditorExtensions, proseClass } from './editor-setup.ts';
import { InsertPromptBar } from './InsertPromptBar.tsx';
import { useInsertPrompt } from './use-insert-prompt.ts';

interface Props {
  value: string;
  onChange(html: string): void;
  /** The label's id: the editable area is named by it. */
  labelId: string;
  describedBy?: string | undefined;
}

export function RichTextEditor({ value, onChange, labelId, describedBy }: Props) {
  const editor = useEditor({
    extensions: createEditorExtensions(),
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: proseClass,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const { prompt, setPrompt, uploading, insertImage, applyPrompt } = useInsertPrompt(editor);

  if (!editor) return null;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-brand-500">
      <EditorToolbar editor={editor} onPrompt={setPrompt} uploading={uploading} />
      {prompt && <InsertPromptBar prompt={prompt} onChange={setPrompt} onApply={applyPrompt} onFile={(file) => void insertImage(file)} uploading={uploading} />}
      <EditorContent editor={editor} />
    </div>
  );
}
