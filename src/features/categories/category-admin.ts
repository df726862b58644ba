/**
 * What an admin may write about a category (/admin/categorias), shared by the panel's forms and the
 * server: name, address (slug), a plain-text description shown on its page and card, an icon from the site's
 * sprite, a colour, an order and whether it is public. Also the merge of one category into another.
 */
import { categoryIconNames, type CategoryIconName } from '../../lib/category-icons.ts';
import { slugify } from '../../lib/slug.ts';
import { z } from '../../lib/zod.ts';

export const CATEGORY_LIMITS = {
  name: { min: 2, max: 60 },
  slug: { min: 2, max: 60 },
  // The description is also the category page's meta description: a little more than a search snippet shows.
  description: 300,
  position: 999,
} as const;

/**
 * Words that read as a state or an action of the listing rather than a category, in /categoria/{slug} and in
 * ?category= links: a category named so would look like a page of the site.
 */
export const RESERVED_CATEGORY_SLUGS: ReadonlySet<string> = new Set([
  'pagina',
  'paginas',
  'todas',
  'todos',
  'nueva',
  'nuevas',
  'editar',
  'buscar',
  'sin-categoria',
  'categoria',
  'categorias',
  'admin',
  'api',
]);

/** The name of each icon in the picker. */
export const CATEGORY_ICON_LABELS: Record<CategoryIconName, string> = {
  'pen-line': 'Escritura',
  image: 'Imagen',
  video: 'Vídeo',
  code: 'Código',
  'audio-lines': 'Audio',
  mic: 'Voz',
  music: 'Música',
  briefcase: 'Negocios',
  megaphone: 'Marketing',
  'scan-search': 'Detección',
  palette: 'Diseño',
  heart: 'Estilo de vida',
  'graduation-cap': 'Educación',
  zap: 'Productividad',
  bot: 'Agentes',
  'message-circle': 'Chat',
  search: 'Investigación',
  'bar-chart': 'Datos',
  globe: 'Web',
  presentation: 'Presentaciones',
  headset: 'Atención al cliente',
  'trending-up': 'Finanzas',
  gamepad: 'Juegos',
  share: 'Redes sociales',
  wallet: 'Dinero',
  scale: 'Legal',
  box: '3D',
  'shopping-cart': 'Comercio',
  stethoscope: 'Salud',
  languages: 'Idiomas',
  handshake: 'Ventas',
  users: 'Recursos humanos',
  workflow: 'Automatización',
  sparkles: 'General',
};

export const DEFAULT_CATEGORY_COLOR = '#3B82F6';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Plain text on one line: runs of spaces, tabs and line breaks become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Why a slug cannot be a category's address, or null when it can. */
export function categorySlugProblem(slug: string): string | null {
  if (slug.length < CATEGORY_LIMITS.slug.min) return `La dirección debe tener al menos ${CATEGORY_LIMITS.slug.min} caracteres.`;
  if (slug.length > CATEGORY_LIMITS.slug.max) return `La dirección no puede superar ${CATEGORY_LIMITS.slug.max} caracteres.`;
  if (!SLUG_PATTERN.test(slug)) return 'La dirección solo puede llevar letras minúsculas sin tildes, números y guiones (por ejemplo, diseno-grafico).';
  if (RESERVED_CATEGORY_SLUGS.has(slug)) return `«${slug}» está reservada por el propio sitio: elige otra dirección.`;
  return null;
}

export const categoryInput = z
  .object({
    name: z
      .string({ error: 'El nombre es obligatorio.' })
      .transform(oneLine)
      .pipe(
        z
          .string()
          .min(1, { error: 'El nombre es obligatorio.' })
          .min(CATEGORY_LIMITS.name.min, { error: `El nombre debe tener al menos ${CATEGORY_LIMITS.name.min} caracteres.` })
          .max(CATEGORY_LIMITS.name.max, { error: `El nombre no puede superar ${CATEGORY_LIMITS.name.max} caracteres.` }),
      ),
    // Empty: derived from the name, as the site derives every category address (accents folded).
    slug: z.string().trim().max(200).default(''),
    description: z
      .string()
      .default('')
      .transform(oneLine)
      .pipe(z.string().max(CATEGORY_LIMITS.description, { error: `La descripción no puede superar ${CATEGORY_LIMITS.description} caracteres.` })),
    icon: z.enum(categoryIconNames, { error: 'Elige un icono de la lista.' }),
    color: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'El color debe ser un código como #3B82F6.' })
      .default(DEFAULT_CATEGORY_COLOR)
      .transform((color) => color.toUpperCase()),
    position: z.coerce
      .number({ error: `El orden debe ser un número entero de 0 a ${CATEGORY_LIMITS.position}.` })
      .int({ error: `El orden debe ser un número entero de 0 a ${CATEGORY_LIMITS.position}.` })
      .min(0, { error: `El orden debe ser un número entero de 0 a ${CATEGORY_LIMITS.position}.` })
      .max(CATEGORY_LIMITS.position, { error: `El orden debe ser un número entero de 0 a ${CATEGORY_LIMITS.position}.` }),
    isActive: z.boolean({ error: 'Indica si la categoría está activa.' }),
  })
  .transform((value, context) => {
    const slug = value.slug ? value.slug.toLowerCase() : slugify(value.name);
    const problem = categorySlugProblem(slug);
    if (problem) context.issues.push({ code: 'custom', path: ['slug'], message: problem, input: value.slug });
    return { ...value, slug };
  });
export type CategoryInput = z.output<typeof categoryInput>;

export const categoryMergeInput = z
  .object({
    from: z.uuid({ error: 'Categoría no encontrada' }),
    into: z.uuid({ error: 'Elige la categoría en la que se fusiona.' }),
  })
  .refine((value) => value.from !== value.into, {
    path: ['into'],
    error: 'Elige otra categoría: una categoría no se puede fusionar consigo misma.',
  });
export type CategoryMergeInput = z.output<typeof categoryMergeInput>;

/** «12 herramientas pasarán a …»: the confirmation's count, in words. */
export function mergeCountText(tools: number): string {
  if (tools === 0) return 'No tiene herramientas que mover.';
  return tools === 1 ? 'Se moverá 1 herramienta.' : `Se moverán ${new Intl.NumberFormat('es-ES').format(tools)} herramientas.`;
}
