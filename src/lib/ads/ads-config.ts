/**
 * The ads settings (in «Configuración»): which network client and slots, how slots load (margins, threshold,
 * delay and minimum heights), test mode and the consent message. Shared by the admin form, the server
 * and the pages that render slots; the browser script receives only AdsClientConfig.
 */
import { z } from '../zod.ts';
import { AD_PLACEMENTS, CONSENT_MODES, type AdPlacement } from './ads-shared.ts';

export {
  AD_PLACEMENTS,
  AD_PLACEHOLDER_TEXT,
  ADS_CONFIG_ATTRIBUTE,
  CONSENT_MODES,
  type AdPlacement,
  type AdsClientConfig,
  type ConsentMode,
} from './ads-shared.ts';

export const AD_PLACEMENT_LABELS: Record<AdPlacement, string> = {
  homeBanner: 'Portada: banner',
  toolTop: 'Ficha de herramienta: bajo la cabecera',
  toolBottom: 'Ficha de herramienta: tras el artículo',
};

export const DEFAULT_CONSENT_TITLE = 'Tu privacidad';
export const DEFAULT_CONSENT_MESSAGE =
  'Mostramos anuncios para mantener gratis este directorio. Con tu permiso, nuestro proveedor de anuncios puede usar cookies para elegirlos y medirlos. Puedes cambiar tu elección cuando quieras desde el pie de página.';

const clientId = z
  .string()
  .trim()
  .regex(/^(?:ca-pub-\d{10,20})?$/, { error: 'El cliente debe tener la forma ca-pub-1234567890123456.' });
const slotId = z
  .string()
  .trim()
  .regex(/^\d{0,20}$/, { error: 'El identificador del espacio son solo cifras (por ejemplo 1234567890).' });
const pixels = (max: number) => z.coerce.number({ error: 'Escribe un número de píxeles.' }).int({ error: 'Escribe un número entero.' }).min(0).max(max);

export const adsSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    client: clientId.default(''),
    slots: z
      .object({ homeBanner: slotId.default(''), toolTop: slotId.default(''), toolBottom: slotId.default('') })
      .default({ homeBanner: '', toolTop: '', toolBottom: '' }),
    // Defaults: lazy-load margin 100px (200px for the home banner), visibility threshold 0.1, init delay 200 ms,
    // minimum height 100px (250px for the banner).
    lazyMarginPx: pixels(2000).default(100),
    bannerLazyMarginPx: pixels(2000).default(200),
    threshold: z.coerce.number({ error: 'Escribe un número entre 0 y 1.' }).min(0).max(1).default(0.1),
    initDelayMs: z.coerce.number({ error: 'Escribe un número de milisegundos.' }).int().min(0).max(10_000).default(200),
    minHeightPx: pixels(1000).default(100),
    bannerMinHeightPx: pixels(1000).default(250),
    // Test mode only on localhost and preview hosts.
    testMode: z.boolean().default(true),
    consent: z
      .object({
        mode: z.enum(CONSENT_MODES).default('always'),
        title: z.string().trim().min(1).max(80).default(DEFAULT_CONSENT_TITLE),
        message: z.string().trim().min(1).max(600).default(DEFAULT_CONSENT_MESSAGE),
      })
      .default({ mode: 'always', title: DEFAULT_CONSENT_TITLE, message: DEFAULT_CONSENT_MESSAGE }),
  })
  .superRefine((ads, context) => {
    if (!ads.enabled) return;
    if (!ads.client) context.addIssue({ code: 'custom', path: ['client'], message: 'Para activar los anuncios falta el cliente de la red (ca-pub-…).' });
    for (const placement of AD_PLACEMENTS) {
      if (!ads.slots[placement]) context.addIssue({ code: 'custom', path: ['slots', placement], message: 'Falta el identificador de este espacio.' });
    }
  });

export type AdsSettings = z.output<typeof adsSettingsSchema>;
