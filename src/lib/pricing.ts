/** Pricing models of a tool and their Spanish labels. */
export const pricingModels = ['free', 'freemium', 'paid', 'open_source', 'unknown'] as const;
export type PricingModel = (typeof pricingModels)[number];

export const pricingLabel: Record<PricingModel, string> = {
  free: 'Gratis',
  freemium: 'Freemium',
  paid: 'De pago',
  open_source: 'Código abierto',
  // Shown after labels such as «Precio:», so it does not repeat the word.
  unknown: 'Sin confirmar',
};

/** One honest sentence about how a tool charges, for article bodies. */
export const pricingSentence: Record<PricingModel, string> = {
  free: 'Es de uso gratuito.',
  freemium: 'Tiene un plan gratuito y planes de pago con más funciones o más uso.',
  paid: 'Es una herramienta de pago; consulta en su web oficial si ofrece un periodo de prueba.',
  open_source: 'Es de código abierto: puedes usarla y alojarla por tu cuenta sin pagar licencia.',
  unknown: 'No hemos podido confirmar su modelo de precios; consúltalo en su web oficial antes de decidirte.',
};
