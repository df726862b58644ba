import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { DOWNLOAD_FORMATS, type DownloadFormat } from './image-generator.ts';
import { actionButton, iconButton } from './styles.ts';

interface Props {
  onDownload: (format: DownloadFormat) => void;
  busy: boolean;
  /** Icon-only on cards, labelled in the preview. */
  compact?: boolean;
  /** PNG, JPG and WebP by default; a single format is a plain button. */
  formats?: readonly DownloadFormat[];
}

/** A disclosure with the download formats; closes on choice, Escape or a click elsewhere. */
export function DownloadMenu({ onDownload, busy, compact = false, formats = DOWNLOAD_FORMATS }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const element = root.current;
    document.addEventListener('pointerdown', onPointer);
    element?.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      element?.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (formats.length === 1) {
    return (
      <button
        type="button"
        aria-label={compact ? 'Descargar' : undefined}
        title={compact ? 'Descargar' : undefined}
        disabled={busy}
        onClick={() => onDownload(formats[0]!)}
        className={compact ? iconButton : actionButton}
      >
        <Icon name={busy ? 'loader' : 'download'} className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} />
        {!compact && <span>Descargar</span>}
      </button>
    );
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={compact ? 'Descargar' : undefined}
        title={compact ? 'Descargar' : undefined}
        disabled={busy}
        onClick={() => setOpen((value) => !value)}
        className={compact ? iconButton : actionButton}
      >
        <Icon name={busy ? 'loader' : 'download'} className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} />
        {!compact && <span>Descargar</span>}
      </button>
      {open && (
        <ul id={listId} className="absolute bottom-full right-0 z-20 mb-2 w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          {formats.map((format) => (
            <li key={format.value}>
              <button
                type="button"
                className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => {
                  setOpen(false);
                  onDownload(format);
                }}
              >
                Descargar en {format.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
