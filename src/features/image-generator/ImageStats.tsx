import { Heart, Images, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/Card.tsx';
import { formatCount } from '../../lib/dashboard.ts';
import type { GalleryCounts } from './image-generator.ts';

function Stat({ id, title, value, icon: StatIcon, iconClass }: { id: string; title: string; value: number; icon: LucideIcon; iconClass: string }) {
  return (
    <Card as="article" padding="lg" aria-labelledby={id}>
      <div className="flex items-center justify-between text-sm font-medium text-slate-600">
        <h2 id={id}>{title}</h2>
        <StatIcon className={`h-5 w-5 ${iconClass}`} aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{formatCount(value)}</p>
    </Card>
  );
}

/** The dashboard's two figures above the gallery: images generated and images saved. */
export function ImageStats({ idBase: ids, counts }: { idBase: string; counts: GalleryCounts }) {
  return (
    <section aria-label="Tus imágenes en cifras" className="grid gap-4 sm:grid-cols-2">
      <Stat id={`${ids}-total`} title="Imágenes generadas" value={counts.all} icon={Images} iconClass="text-brand-600" />
      <Stat id={`${ids}-guardadas`} title="Imágenes guardadas" value={counts.saved} icon={Heart} iconClass="text-rose-600" />
    </section>
  );
}
