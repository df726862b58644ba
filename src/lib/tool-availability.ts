/** What a tool page says about a tool that may be gone, from its link checks and the admin's decision. */

export type LinkStatus = 'unknown' | 'ok' | 'failing' | 'moved';

export type AvailabilityNotice = { kind: 'discontinued'; heading: string; text: string } | { kind: 'maybe-unavailable'; heading: string; text: string };

export const MAYBE_UNAVAILABLE = 'Puede que ya no esté disponible';

/** The notice to show, or null when there is nothing to say. A retired tool's notice wins over its link status. */
export function availabilityNotice(tool: { title: string; discontinued: boolean; linkStatus: LinkStatus }): AvailabilityNotice | null {
  if (tool.discontinued) {
    return {
      kind: 'discontinued',
      heading: 'Esta herramienta ya no está disponible',
      text: `${tool.title} se ha retirado o ha pasado a formar parte de otro producto. Mantenemos su ficha como referencia.`,
    };
  }
  if (tool.linkStatus === 'failing') {
    return { kind: 'maybe-unavailable', heading: MAYBE_UNAVAILABLE, text: 'Su web no respondió en nuestras últimas comprobaciones.' };
  }
  if (tool.linkStatus === 'moved') {
    return { kind: 'maybe-unavailable', heading: MAYBE_UNAVAILABLE, text: 'Su web lleva ahora a otro dominio.' };
  }
  return null;
}
