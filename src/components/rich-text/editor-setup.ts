/**
 * How the detailed-content editor is set up: the Tiptap extensions behind SPEC's toolbar, undo grouped after
 * 1000 ms with 100 steps, links limited to the addresses the server keeps, and the article's look while editing.
 */
import ImageExtension from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import { Direction, Indent, VideoEmbed } from './editor-extensions.ts';

/** Undo groups changes made within 1000 ms, and keeps up to 100 steps. */
export const UNDO = { newGroupDelay: 1000, depth: 100 } as const;

export const LINK_PROTOCOLS = /^(?:https?:\/\/|mailto:|tel:)/i;

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

// The article's look on the tool page, so the author edits what visitors will read.
export const proseClass = [
  'min-h-[300px] px-4 py-3 leading-7 text-slate-800 focus:outline-none',
  '[&_h1]:my-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:my-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:my-3 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:my-2 [&_h4]:font-semibold [&_h5]:my-2 [&_h5]:font-semibold [&_h6]:my-2 [&_h6]:font-semibold',
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_code]:font-mono',
  '[&_img]:my-3 [&_img]:max-w-full [&_img]:rounded-lg [&_iframe]:aspect-video [&_iframe]:h-auto [&_iframe]:w-full [&_iframe]:max-w-xl',
].join(' ');
