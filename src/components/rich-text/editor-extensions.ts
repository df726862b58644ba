/**
 * Tiptap pieces the editor's toolbar needs and Tiptap does not ship: indent, text direction and a YouTube or
 * Vimeo player. Each writes only what the server's rich-text allowlist keeps (margin-inline-start in em, a dir
 * attribute, a div[data-video-embed] with the player's iframe), so what the author sees is what gets stored.
 */
import { Extension, Node, mergeAttributes, type CommandProps } from '@tiptap/react';
import { videoEmbedUrl } from '../../lib/video-embed.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** One step more (in a list: nests the item). */
      indent: () => ReturnType;
      /** One step less (in a list: lifts the item). */
      outdent: () => ReturnType;
    };
    direction: {
      setDirection: (direction: 'ltr' | 'rtl') => ReturnType;
      unsetDirection: () => ReturnType;
    };
    videoEmbed: {
      /** Inserts a player for a YouTube or Vimeo link; false for any other address. */
      setVideo: (url: string) => ReturnType;
    };
  }
}

const BLOCKS = ['paragraph', 'heading', 'blockquote'];
/** Each step is 2em; the sanitizer allows up to 16em. */
export const INDENT_STEP_EM = 2;
export const MAX_INDENT = 8;

export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: BLOCKS,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => {
              const match = /^(\d+(?:\.\d+)?)em$/.exec(element.style.marginInlineStart || '');
              return match ? Math.min(MAX_INDENT, Math.round(Number(match[1]) / INDENT_STEP_EM)) : 0;
            },
            renderHTML: (attributes) => (attributes.indent ? { style: `margin-inline-start: ${attributes.indent * INDENT_STEP_EM}em` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    const step =
      (delta: 1 | -1) =>
      () =>
      ({ state, tr, dispatch, editor, commands }: CommandProps) => {
        if (editor.isActive('listItem')) return delta > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem');
        let changed = false;
        state.doc.nodesBetween(state.selection.from, state.selection.to, (node, pos) => {
          if (!BLOCKS.includes(node.type.name)) return;
          const indent = Math.max(0, Math.min(MAX_INDENT, (node.attrs.indent ?? 0) + delta));
          if (indent === node.attrs.indent) return;
          if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent });
          changed = true;
        });
        return changed;
      };
    return { indent: step(1), outdent: step(-1) };
  },
  // Tab is a keyboard user's way through the form: it nests a list item, and anywhere else it leaves the editor
  // (paragraphs are indented with the toolbar's buttons), so nobody is trapped in the text.
  addKeyboardShortcuts() {
    const inList = () => this.editor.isActive('listItem');
    return {
      Tab: () => inList() && this.editor.commands.sinkListItem('listItem'),
      'Shift-Tab': () => inList() && this.editor.commands.liftListItem('listItem'),
    };
  },
});

export const Direction = Extension.create({
  name: 'direction',
  addGlobalAttributes() {
    return [
      {
        types: [...BLOCKS, 'listItem', 'bulletList', 'orderedList', 'codeBlock'],
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => (element.getAttribute('dir') === 'rtl' || element.getAttribute('dir') === 'ltr' ? element.getAttribute('dir') : null),
            renderHTML: (attributes) => (attributes.dir ? { dir: attributes.dir } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setDirection:
        (direction) =>
        ({ commands }) =>
          [...BLOCKS, 'listItem'].map((type) => commands.updateAttributes(type, { dir: direction })).some(Boolean),
      unsetDirection:
        () =>
        ({ commands }) =>
          [...BLOCKS, 'listItem'].map((type) => commands.resetAttributes(type, 'dir')).some(Boolean),
    };
  },
});

export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-video-embed]',
        getAttrs: (element) => {
          const src = videoEmbedUrl((element as HTMLElement).querySelector('iframe')?.getAttribute('src') ?? '');
          return src ? { src } : false;
        },
      },
      {
        tag: 'iframe[src]',
        getAttrs: (element) => {
          const src = videoEmbedUrl((element as HTMLElement).getAttribute('src') ?? '');
          return src ? { src } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      'div',
      { 'data-video-embed': '' },
      ['iframe', mergeAttributes({ src: HTMLAttributes.src, title: 'Vídeo', width: '560', height: '315', loading: 'lazy', allowfullscreen: 'true' })],
    ];
  },
  addCommands() {
    return {
      setVideo:
        (url) =>
        ({ commands }) => {
          const src = videoEmbedUrl(url);
          return src ? commands.insertContent({ type: this.name, attrs: { src } }) : false;
        },
    };
  },
});
