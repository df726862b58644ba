/**
 * «Vista Previa en Redes Sociales»: 'Ver Tarjetas' / 'Ocultar' opens the four platforms' cards as tabs (each falling
 * back to the Open Graph value, then the tool's own title, description and image), above how ready sharing is.
 */
import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { TabPanel, Tabs } from '../../components/ui/Tabs.tsx';
import { platformPreview, previewMissing, type PreviewPlatform } from '../../lib/tool-metadata.ts';
import { SeoReadiness } from './SeoReadiness.tsx';
import { SocialCard } from './SocialCard.tsx';
import type { SeoValues } from './SeoPanel.tsx';

const PLATFORMS: { value: PreviewPlatform; label: string }[] = [
  { value: 'facebook', label: 'Facebook' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'linkedin', label: 'LinkedIn' },
];

interface Props {
  values: SeoValues;
  canonicalUrl: string;
  siteName: string;
}

export function SocialPreview({ values, canonicalUrl, siteName }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [platform, setPlatform] = useState<PreviewPlatform>('facebook');
  const host = new URL(canonicalUrl).host;
  const source = {
    title: values.title,
    description: values.description,
    imageUrl: values.imagePreview ?? '',
    logoUrl: values.logoPreview ?? '',
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
  };

  return (
    <section aria-labelledby={`${id}-titulo`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-titulo`} className="font-semibold text-slate-900">
          Vista Previa en Redes Sociales
        </h2>
        <Button size="sm" aria-expanded={open} aria-controls={`${id}-tarjetas`} onClick={() => setOpen(!open)}>
          {open ? 'Ocultar' : 'Ver Tarjetas'}
        </Button>
      </div>
      <div id={`${id}-tarjetas`} hidden={!open} className="mt-4">
        <Tabs label="Red social" idBase={id} look="compact" tabs={PLATFORMS} value={platform} onChange={setPlatform} />
        <TabPanel idBase={id} value={platform} className="mt-3">
          <SocialCard platform={platform} preview={platformPreview(platform, source, siteName, canonicalUrl)} host={host} />
        </TabPanel>
      </div>
      <SeoReadiness
        missing={previewMissing(source)}
        hasImage={Boolean(values.imagePreview || values.logoPreview)}
        hasMetadata={Boolean(values.title.trim() || values.description.trim())}
      />
    </section>
  );
}
