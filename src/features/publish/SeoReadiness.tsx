/**
 * How ready the publication is to be shared: 'Optimización SEO Completa' (or what is still missing) over the four
 * platforms' checklist, whether it has an image, and the two tiles for the metadata and the featured image.
 */
import { CheckCircle2, CircleAlert } from 'lucide-react';

const CHECKLIST = ['Open Graph (Facebook)', 'Twitter Cards', 'WhatsApp Preview', 'LinkedIn Cards'];
const listFormat = new Intl.ListFormat('es-ES', { type: 'conjunction' });

interface Props {
  /** What the cards still take from the placeholder text ('título', 'descripción', 'imagen'). */
  missing: string[];
  hasImage: boolean;
  hasMetadata: boolean;
}

export function SeoReadiness({ missing, hasImage, hasMetadata }: Props) {
  const complete = missing.length === 0;
  return (
    <>
      <div className={`mt-4 rounded-xl p-3 ${complete ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}>
        <p className="text-sm font-semibold">{complete ? 'Optimización SEO Completa' : 'Optimización SEO pendiente'}</p>
        {!complete && <p className="mt-1 text-sm">{`Las tarjetas aún usan el texto de ejemplo: falta ${listFormat.format(missing)}.`}</p>}
        <ul className="mt-2 grid grid-cols-2 gap-1 text-sm">
          {CHECKLIST.map((item) => (
            <li key={item} className="flex items-center gap-1.5">
              {complete ? (
                <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
              ) : (
                <CircleAlert className="h-4 w-4 shrink-0 text-amber-800" aria-hidden="true" />
              )}
              {item}
              <span className="sr-only">{complete ? ': lista' : ': incompleta'}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className={`mt-3 flex items-start gap-2 text-sm ${hasImage ? 'text-emerald-800' : 'text-amber-900'}`}>
        {hasImage ? (
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        ) : (
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        )}
        {hasImage
          ? 'Imagen detectada: se usará automáticamente como imagen destacada al compartir.'
          : 'Sube una imagen o un logo para que la publicación tenga imagen al compartirla.'}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <StatusTile label="Metadatos SEO" good={hasMetadata} text={hasMetadata ? 'Generados automáticamente' : 'Pendientes de generar'} />
        <StatusTile label="Imagen Destacada" good={hasImage} text={hasImage ? 'Configurada correctamente' : 'Sube una imagen para mejorar el SEO'} />
      </div>
    </>
  );
}

function StatusTile({ label, good, text }: { label: string; good: boolean; text: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</p>
      <p className={`mt-1 text-sm font-medium ${good ? 'text-emerald-800' : 'text-slate-700'}`}>{text}</p>
    </div>
  );
}
