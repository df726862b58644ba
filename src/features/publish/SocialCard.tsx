/** One platform's link card as the social network draws it: WhatsApp's green bubble, Facebook's grey footer with the host first, Twitter's rounder corners. */
import type { platformPreview, PreviewPlatform } from '../../lib/tool-metadata.ts';

interface Props {
  platform: PreviewPlatform;
  preview: ReturnType<typeof platformPreview>;
  host: string;
}

export function SocialCard({ platform, preview, host }: Props) {
  const image = preview.image ? (
    <img src={preview.image} alt="" className="aspect-[1.91/1] w-full bg-slate-100 object-cover" />
  ) : (
    <div className="flex aspect-[1.91/1] w-full items-center justify-center bg-slate-100 text-sm text-slate-500">Sin imagen</div>
  );
  if (platform === 'whatsapp') {
    return (
      <div className="rounded-xl bg-[#e7fed8] p-2">
        <div className="overflow-hidden rounded-lg bg-white shadow-sm">
          {image}
          <div className="p-2">
            <p className="line-clamp-2 text-sm font-semibold text-slate-900">{preview.title}</p>
            <p className="mt-0.5 line-clamp-3 whitespace-pre-line text-xs text-slate-600">{preview.description}</p>
            <p className="mt-1 text-xs text-slate-500">{host}</p>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className={`overflow-hidden border border-slate-200 bg-white ${platform === 'twitter' ? 'rounded-2xl' : 'rounded-md'}`}>
      {image}
      <div className={platform === 'facebook' ? 'bg-slate-100 p-3' : 'p-3'}>
        {platform === 'facebook' && <p className="text-xs uppercase text-slate-600">{host}</p>}
        <p className="line-clamp-2 font-semibold text-slate-900">{preview.title}</p>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{preview.description}</p>
        {platform !== 'facebook' && <p className="mt-1 text-xs text-slate-500">{host}</p>}
      </div>
    </div>
  );
}
