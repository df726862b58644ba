import { ImagePlus } from 'lucide-react';

/** What the result card says before the first description: how the generator works. */
export function DescriptionHowTo({ titleId }: { titleId: string }) {
  return (
    <div>
      <ImagePlus className="h-10 w-10 text-emerald-600" aria-hidden="true" />
      <h2 id={titleId} className="mt-3 text-xl font-bold text-slate-900">
        Cómo funciona
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
        <li>Sube una imagen (JPG, PNG, GIF o WebP de hasta 10MB) o pega su URL.</li>
        <li>Elige el idioma y, si quieres, indica en qué debe fijarse la descripción.</li>
        <li>Pulsa «Generar descripción»: el texto aparece mientras la IA lo escribe.</li>
      </ol>
      <p className="mt-4 text-sm text-slate-600">
        El resultado es HTML con encabezados y párrafos, listo para copiar como texto o como HTML en tu web, tu tienda o tus textos alternativos.
      </p>
    </div>
  );
}
