import { Heart, Images } from 'lucide-react';
import { Card } from '../../components/ui/Card.tsx';
import { formatCount } from '../../lib/dashboard.ts';
import type { GalleryCounts } from './image-generator.ts';

/** The dashboard's two figures above the gallery: images generated and images saved. */
export function ImageStats({ idBase: ids, counts }: { idBase: string; counts: GalleryCounts }) {
  return (
    <section aria-label="Tus imágenes en cifras" className="grid gap-4 sm:grid-cols-2">
      <Card as="article" padding="lg" aria-labelledby={`${ids}-total`}>
        <div className="flex items-center justify-between text-sm font-medium text-slate-600">
          <h2 id={`${ids}-total`}>Imágenes generadas</h2>
          <Images className="h-5 w-5 text-brand-600" aria-hidden="true" />
        </div>
        <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{formatCount(counts.all)}</p>
      </Card>
      <Card as="article" padding="lg" aria-labelledby={`${ids}-guardadas`}>
        <div className="flex items-center justify-between text-sm font-medium text-slate-600">
          <h2 id={`${ids}-guardadas`}>Imágenes guardadas</h2>
          <Heart className="h-5 w-5 text-rose-600" aria-hidden="true" />
        </div>
        <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{formatCount(counts.saved)}</p>
      </Card>
    </section>
  );
}
