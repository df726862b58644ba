/** SPEC §2: a category slug (or name) maps to an icon, with a default for anything unknown. */
import { slugify } from './slug.ts';

export const categoryIconNames = [
  'pen-line', 'image', 'video', 'code', 'audio-lines', 'mic', 'music', 'briefcase', 'megaphone', 'scan-search',
  'palette', 'heart', 'graduation-cap', 'zap', 'bot', 'message-circle', 'search', 'bar-chart', 'globe',
  'presentation', 'headset', 'trending-up', 'gamepad', 'share', 'wallet', 'scale', 'box', 'shopping-cart',
  'stethoscope', 'languages', 'handshake', 'users', 'workflow', 'sparkles',
] as const;

export type CategoryIconName = (typeof categoryIconNames)[number];

export const defaultCategoryIcon: CategoryIconName = 'sparkles';

const iconBySlug: Record<string, CategoryIconName> = {
  escritura: 'pen-line', redaccion: 'pen-line', texto: 'pen-line', copywriting: 'pen-line', contenido: 'pen-line',
  imagen: 'image', imagenes: 'image', fotografia: 'image', fotos: 'image', arte: 'image', ilustracion: 'image',
  video: 'video', videos: 'video', animacion: 'video', cine: 'video',
  codigo: 'code', programacion: 'code', desarrollo: 'code', 'desarrollo-de-software': 'code', developer: 'code',
  audio: 'audio-lines', sonido: 'audio-lines', podcast: 'audio-lines', transcripcion: 'audio-lines',
  voz: 'mic', 'texto-a-voz': 'mic', doblaje: 'mic',
  musica: 'music', canciones: 'music',
  negocios: 'briefcase', empresa: 'briefcase', emprendimiento: 'briefcase', startups: 'briefcase',
  marketing: 'megaphone', publicidad: 'megaphone', email: 'megaphone',
  deteccion: 'scan-search', 'deteccion-ia': 'scan-search', 'detector-de-ia': 'scan-search', plagio: 'scan-search',
  diseno: 'palette', 'diseno-grafico': 'palette', ux: 'palette', logos: 'palette', interiores: 'palette',
  'estilo-de-vida': 'heart', vida: 'heart', moda: 'heart', viajes: 'heart', citas: 'heart', ocio: 'heart',
  educacion: 'graduation-cap', aprendizaje: 'graduation-cap', estudiantes: 'graduation-cap', idiomas: 'graduation-cap',
  productividad: 'zap', organizacion: 'zap', reuniones: 'zap', notas: 'zap',
  agentes: 'bot', 'agentes-ia': 'bot', asistentes: 'bot',
  'asistentes-chat': 'message-circle', chatbot: 'message-circle', chatbots: 'message-circle', chat: 'message-circle',
  investigacion: 'search', busqueda: 'search', ciencia: 'search',
  'datos-analisis': 'bar-chart', datos: 'bar-chart', analisis: 'bar-chart', 'analisis-de-datos': 'bar-chart', hojas: 'bar-chart',
  'desarrollo-web': 'globe', web: 'globe', 'sitios-web': 'globe', 'no-code': 'globe',
  presentaciones: 'presentation', diapositivas: 'presentation',
  'atencion-cliente': 'headset', 'atencion-al-cliente': 'headset', soporte: 'headset',
  seo: 'trending-up', posicionamiento: 'trending-up',
  juegos: 'gamepad', videojuegos: 'gamepad', gaming: 'gamepad',
  'redes-sociales': 'share', social: 'share',
  finanzas: 'wallet', economia: 'wallet', inversion: 'wallet', contabilidad: 'wallet',
  legal: 'scale', derecho: 'scale', abogados: 'scale',
  '3d': 'box', modelado: 'box', 'modelado-3d': 'box',
  'comercio-electronico': 'shopping-cart', ecommerce: 'shopping-cart', tiendas: 'shopping-cart',
  salud: 'stethoscope', medicina: 'stethoscope', bienestar: 'stethoscope', fitness: 'stethoscope',
  traduccion: 'languages', traductor: 'languages',
  ventas: 'handshake', comercial: 'handshake', crm: 'handshake',
  'recursos-humanos': 'users', rrhh: 'users', empleo: 'users', reclutamiento: 'users',
  automatizacion: 'workflow', flujos: 'workflow', integraciones: 'workflow',
};

/** The icon for a category slug or name: "Diseño Gráfico" and "diseno-grafico" give the same icon. */
export function categoryIcon(slugOrName: string): CategoryIconName {
  return iconBySlug[slugify(slugOrName)] ?? defaultCategoryIcon;
}
