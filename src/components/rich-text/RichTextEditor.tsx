/**
 * The detailed-content editor of the publish form: Tiptap with SPEC's toolbar (headings 1-6, font, size, bold,
 * italic, underline, strike, colours, sub/superscript, lists, indent, direction, align, blockquote, code block,
 * link, image, video, clean), at least 300 px tall, undo grouped after 1000 ms with 100 steps.
 * Images added here are stored like the form's images (never hot-linked); videos only from YouTube or Vimeo.
 */
import ImageExtension from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
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
import { useId, useRef, useState, type ReactNode } from 'react';
import { showToast } from '../toast/toast-store.ts';
import { videoEmbedUrl } from '../../lib/video-embed.ts';
import { Direction, Indent, VideoEmbed } from './editor-extensions.ts';
import { checkImageFile, IMAGE_MESSAGES } from '../../lib/image-rules.ts';
import { RequestError } from '../../lib/endpoint-call.ts';
import { uploadImage } from '../../lib/image-upload.ts';

/** Undo groups changes made within 1000 ms, and keeps up to 100 steps. */
export const UNDO = { newGroupDelay: 1000, depth: 100 } as const;

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

const LINK_PROTOCOLS = /^(?:https?:\/\/|mailto:|tel:)/i;

/** A colour input only takes #rrggbb; pasted text may carry rgb() or short forms. */
const hexOr = (value: unknown, fallback: string) => (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

interface Props {
  value: string;
  onChange(html: string): void;
  /** The label's id: the editable area is named by it. */
  labelId: string;
  describedBy?: string | undefined;
}

type Prompt = { kind: 'link' | 'image' | 'video'; value: string; error?: string } | null;

export function createEditorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      undoRedo: UNDO,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto', 'tel'],
        // Link addresses are limited to http, https, mailto and tel (the server checks again).
        isAllowedUri: (url) => LINK_PROTOCOLS.test(url),
        HTMLAttributes: { rel: 'noopener nofollow', target: null },
      },
    }),
    TextStyle,
    Color,
    BackgroundColor,
    FontFamily,
    FontSize,
    Subscript,
    Superscript,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ImageExtension.configure({ inline: false, allowBase64: false }),
    Indent,
    Direction,
    VideoEmbed,
  ];
}

function ToolButton({
  label,
  onClick,
  active,
  expanded,
  disabled,
  className = '',
  children,
}: {
  label: string;
  onClick(): void;
  active?: boolean;
  /** Set on a button that unfolds more tools (aria-expanded). */
  expanded?: boolean;
  disabled?: boolean;
  /** Extra classes: `max-md:hidden` folds a secondary tool away on a phone. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      aria-expanded={expanded}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 aria-pressed:bg-brand-100 aria-pressed:text-brand-800 ${className}`}
    >
      {children}
    </button>
  );
}

const selectClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600';

function Toolbar({ editor, onPrompt, uploading }: { editor: Editor; onPrompt(prompt: Prompt): void; uploading: boolean }) {
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

const PROMPT_TEXT = {
  link: { label: 'Dirección del enlace', placeholder: 'https://ejemplo.es', action: 'Aplicar enlace' },
  image: { label: 'Dirección de la imagen', placeholder: 'https://ejemplo.es/imagen.png', action: 'Insertar imagen' },
  video: { label: 'Enlace del vídeo de YouTube o Vimeo', placeholder: 'https://www.youtube.com/watch?v=…', action: 'Insertar vídeo' },
} as const;

// The article's look on the tool page, so the author edits what visitors will read.
const proseClass = [
  'min-h-[300px] px-4 py-3 leading-7 text-slate-800 focus:outline-none',
  '[&_h1]:my-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:my-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:my-3 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:my-2 [&_h4]:font-semibold [&_h5]:my-2 [&_h5]:font-semibold [&_h6]:my-2 [&_h6]:font-semibold',
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_code]:font-mono',
  '[&_img]:my-3 [&_img]:max-w-full [&_img]:rounded-lg [&_iframe]:aspect-video [&_iframe]:h-auto [&_iframe]:w-full [&_iframe]:max-w-xl',
].join(' ');

export function RichTextEditor({ value, onChange, labelId, describedBy }: Props) {
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const promptId = useId();
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

  async function insertImage(source: File | string) {
    if (!editor) return;
    if (typeof source !== 'string') {
      const problem = checkImageFile(source);
      if (problem) return showToast({ title: 'Error', description: problem, variant: 'destructive' });
    }
    setUploading(true);
    try {
      const stored = await uploadImage(source);
      editor.chain().focus().setImage({ src: stored.url, alt: '' }).run();
      showToast({ title: IMAGE_MESSAGES.uploaded });
      setPrompt(null);
    } catch (error) {
      const message = error instanceof RequestError ? error.message : 'No se pudo subir la imagen.';
      if (typeof source === 'string') setPrompt({ kind: 'image', value: source, error: message });
      else showToast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  function applyPrompt() {
    if (!editor || !prompt) return;
    const value = prompt.value.trim();
    if (prompt.kind === 'link') {
      if (value === '' || value === 'https://') {
        editor.chain().focus().extendMarkRange('link').unsetLink().run();
        return setPrompt(null);
      }
      if (!LINK_PROTOCOLS.test(value)) return setPrompt({ ...prompt, error: 'El enlace debe empezar por https://, http://, mailto: o tel:' });
      editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
      return setPrompt(null);
    }
    if (prompt.kind === 'video') {
      if (!videoEmbedUrl(value)) return setPrompt({ ...prompt, error: 'Solo se pueden insertar vídeos de YouTube o Vimeo.' });
      editor.chain().focus().setVideo(value).run();
      return setPrompt(null);
    }
    if (!/^https?:\/\//i.test(value)) return setPrompt({ ...prompt, error: IMAGE_MESSAGES.badUrl });
    void insertImage(value);
  }

  if (!editor) return null;
  const text = prompt ? PROMPT_TEXT[prompt.kind] : null;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-brand-500">
      <Toolbar editor={editor} onPrompt={setPrompt} uploading={uploading} />
      {prompt && text && (
        <div className="flex flex-col gap-2 border-b border-slate-200 bg-white p-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={promptId} className="mb-1 block text-sm font-medium text-slate-800">
              {text.label}
            </label>
            <input
              id={promptId}
              type="url"
              autoFocus
              value={prompt.value}
              placeholder={text.placeholder}
              aria-invalid={prompt.error ? true : undefined}
              aria-describedby={prompt.error ? `${promptId}-error` : undefined}
              onChange={(event) => setPrompt({ ...prompt, value: event.target.value, error: undefined })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyPrompt();
                }
                if (event.key === 'Escape') setPrompt(null);
              }}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            {prompt.error && (
              <p id={`${promptId}-error`} className="mt-1 text-sm font-medium text-red-700">
                {prompt.error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={applyPrompt}
              disabled={uploading}
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {uploading ? 'Subiendo imagen...' : text.action}
            </button>
            {prompt.kind === 'image' && (
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                disabled={uploading}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Subir archivo
              </button>
            )}
            <button type="button" onClick={() => setPrompt(null)} className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100">
              Cancelar
            </button>
          </div>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void insertImage(file);
            }}
          />
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
