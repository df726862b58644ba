import { useEditorState, type Editor } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Code2,
  Ellipsis,
  Film,
  ImagePlus,
  IndentDecrease,
  IndentIncrease,
  Italic,
  Link2,
  List,
  ListOrdered,
  Pilcrow,
  Quote,
  Redo2,
  RemoveFormatting,
  Strikethrough,
  Subscript as SubscriptIcon,
  Superscript as SuperscriptIcon,
  Underline,
  Undo2,
} from 'lucide-react';
import { useState } from 'react';
import { ToolButton } from './ToolButton.tsx';
import type { InsertPrompt } from './use-insert-prompt.ts';

const FONTS = [
  { label: 'Predeterminada', value: '' },
  { label: 'Arial', value: 'Arial, sans-serif' },
  { label: 'Georgia', value: 'Georgia, serif' },
  { label: 'Times New Roman', value: '"Times New Roman", serif' },
  { label: 'Courier New', value: '"Courier New", monospace' },
  { label: 'Verdana', value: 'Verdana, sans-serif' },
];

const SIZES = [
  { label: 'Normal', value: '' },
  { label: 'Pequeño', value: '14px' },
  { label: 'Grande', value: '20px' },
  { label: 'Muy grande', value: '24px' },
  { label: 'Enorme', value: '32px' },
];

/** A colour input only takes #rrggbb; pasted text may carry rgb() or short forms. */
const hexOr = (value: unknown, fallback: string) => (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

// A toolbar select sits in the row of 36 px buttons: the form's full-width control recipe does not fit here.
const selectClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The row of formatting tools above the text; on a phone the everyday ones, the rest behind «Más opciones de formato». */
export function EditorToolbar({ editor, onPrompt, uploading }: { editor: Editor; onPrompt(prompt: InsertPrompt): void; uploading: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading: [1, 2, 3, 4, 5, 6].find((level) => current.isActive('heading', { level })) ?? 0,
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      subscript: current.isActive('subscript'),
      superscript: current.isActive('superscript'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      link: current.isActive('link'),
      rtl: current.isActive({ dir: 'rtl' }),
      align: (['center', 'right', 'justify'] as const).find((align) => current.isActive({ textAlign: align })) ?? 'left',
      font: (current.getAttributes('textStyle').fontFamily as string | undefined) ?? '',
      size: (current.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      color: hexOr(current.getAttributes('textStyle').color, '#0f172a'),
      background: hexOr(current.getAttributes('textStyle').backgroundColor, '#ffffff'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  // On a phone the toolbar is one row of the everyday tools; the rest unfold on demand (the whole toolbar was 253 px tall at 390 px).
  const [expanded, setExpanded] = useState(false);
  const more = expanded ? '' : 'max-md:hidden';
  const chain = () => editor.chain().focus();
  const icon = 'h-4 w-4';
  return (
    <div role="toolbar" aria-label="Formato del contenido" className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 p-2">
      <select
        aria-label="Encabezado"
        className={`${selectClass} ${more}`}
        value={state.heading}
        onChange={(event) => {
          const level = Number(event.target.value) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
          if (level === 0) chain().setParagraph().run();
          else chain().setHeading({ level }).run();
        }}
      >
        <option value={0}>Párrafo</option>
        {[1, 2, 3, 4, 5, 6].map((level) => (
          <option key={level} value={level}>
            Título {level}
          </option>
        ))}
      </select>
      <select
        aria-label="Fuente"
        className={`${selectClass} ${more}`}
        value={state.font}
        onChange={(event) => (event.target.value ? chain().setFontFamily(event.target.value).run() : chain().unsetFontFamily().run())}
      >
        {FONTS.map((font) => (
          <option key={font.label} value={font.value}>
            {font.label}
          </option>
        ))}
      </select>
      <select
        aria-label="Tamaño"
        className={`${selectClass} ${more}`}
        value={state.size}
        onChange={(event) => (event.target.value ? chain().setFontSize(event.target.value).run() : chain().unsetFontSize().run())}
      >
        {SIZES.map((size) => (
          <option key={size.label} value={size.value}>
            {size.label}
          </option>
        ))}
      </select>
      <span className={`mx-1 h-6 w-px bg-slate-300 ${more}`} aria-hidden="true" />
      <ToolButton label="Negrita" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Cursiva" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Subrayado" className={more} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Tachado" className={more} active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough className={icon} aria-hidden="true" />
      </ToolButton>
      <label className={`inline-flex h-9 items-center gap-1 rounded-md px-1 text-xs text-slate-700 hover:bg-slate-100 ${more}`} title="Color del texto">
        <span className="sr-only">Color del texto</span>
        <span aria-hidden="true" className="font-semibold">
          A
        </span>
        <input
          type="color"
          value={state.color}
          onChange={(event) => chain().setColor(event.target.value).run()}
          className="h-6 w-6 cursor-pointer border-0 bg-transparent p-0"
        />
      </label>
      <label className={`inline-flex h-9 items-center gap-1 rounded-md px-1 text-xs text-slate-700 hover:bg-slate-100 ${more}`} title="Color de fondo">
        <span className="sr-only">Color de fondo</span>
        <span aria-hidden="true" className="rounded bg-amber-200 px-0.5 font-semibold">
          A
        </span>
        <input
          type="color"
          value={state.background}
          onChange={(event) => chain().setBackgroundColor(event.target.value).run()}
          className="h-6 w-6 cursor-pointer border-0 bg-transparent p-0"
        />
      </label>
      <ToolButton label="Subíndice" className={more} active={state.subscript} onClick={() => chain().toggleSubscript().run()}>
        <SubscriptIcon className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Superíndice" className={more} active={state.superscript} onClick={() => chain().toggleSuperscript().run()}>
        <SuperscriptIcon className={icon} aria-hidden="true" />
      </ToolButton>
      <span className={`mx-1 h-6 w-px bg-slate-300 ${more}`} aria-hidden="true" />
      <ToolButton label="Lista con viñetas" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <List className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Lista numerada" className={more} active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Reducir sangría" className={more} onClick={() => chain().outdent().run()}>
        <IndentDecrease className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Aumentar sangría" className={more} onClick={() => chain().indent().run()}>
        <IndentIncrease className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Texto de derecha a izquierda"
        className={more}
        active={state.rtl}
        onClick={() => (state.rtl ? chain().unsetDirection().run() : chain().setDirection('rtl').run())}
      >
        <Pilcrow className={`${icon} -scale-x-100`} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Alinear a la izquierda" className={more} active={state.align === 'left'} onClick={() => chain().unsetTextAlign().run()}>
        <AlignLeft className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Centrar" className={more} active={state.align === 'center'} onClick={() => chain().setTextAlign('center').run()}>
        <AlignCenter className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Alinear a la derecha" className={more} active={state.align === 'right'} onClick={() => chain().setTextAlign('right').run()}>
        <AlignRight className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Justificar" className={more} active={state.align === 'justify'} onClick={() => chain().setTextAlign('justify').run()}>
        <AlignJustify className={icon} aria-hidden="true" />
      </ToolButton>
      <span className={`mx-1 h-6 w-px bg-slate-300 ${more}`} aria-hidden="true" />
      <ToolButton label="Cita" className={more} active={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Bloque de código" className={more} active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <Code2 className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Enlace"
        active={state.link}
        onClick={() => onPrompt({ kind: 'link', value: (editor.getAttributes('link').href as string | undefined) ?? 'https://' })}
      >
        <Link2 className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Imagen" disabled={uploading} onClick={() => onPrompt({ kind: 'image', value: '' })}>
        <ImagePlus className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Vídeo" className={more} onClick={() => onPrompt({ kind: 'video', value: '' })}>
        <Film className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Limpiar formato" className={more} onClick={() => chain().unsetAllMarks().clearNodes().run()}>
        <RemoveFormatting className={icon} aria-hidden="true" />
      </ToolButton>
      <span className={`mx-1 h-6 w-px bg-slate-300 ${more}`} aria-hidden="true" />
      <ToolButton label="Deshacer" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Rehacer" className={more} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 className={icon} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Más opciones de formato" expanded={expanded} onClick={() => setExpanded(!expanded)} className="md:hidden">
        <Ellipsis className={icon} aria-hidden="true" />
      </ToolButton>
    </div>
  );
}
